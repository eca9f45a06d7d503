// The royalties module's entry point: other modules and the composition root import only this.

export { warnOfRoyaltyAudit } from "./reconciliation";
export * from "./royalties.routes";
export { rebuildLedger, repostEarnings } from "./posting";
export { createPayoutProvider, type TestPayoutProvider } from "./payout-providers";
export { receivePayoutWebhook } from "./royalties.service";
export { sendInviteReminders } from "./splits.service";
