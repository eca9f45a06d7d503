// The payments module's entry point (issue 18, in progress): other modules import only this.

export * from "./payments-config";
export * from "./signatures";
export * from "./webhooks.routes";
