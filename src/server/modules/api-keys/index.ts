// The API keys module's entry point (issue 38): keys for the versioned API, and its guard.
export { apiKeysRouter } from "./api-keys.routes";
export { planAllowsApi } from "./api-keys.service";
export { authenticateKey, requireKey } from "./key-guard";
