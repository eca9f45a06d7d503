// The royalties module's entry point: other modules and the composition root import only this.

export { warnOfRoyaltyAudit } from "./reconciliation";
export * from "./royalties.routes";
