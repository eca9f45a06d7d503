// The royalties module's entry point: other modules and the composition root import only this.

export { backfillPanHashes, savePayeeDetails } from "./payee-details";
export { createPayoutProvider, type TestPayoutProvider } from "./payout-providers";
export { rebuildLedger, repostEarnings } from "./posting";
export { warnOfRoyaltyAudit } from "./reconciliation";
export { royaltiesRouter } from "./royalties.routes";
export { receivePayoutWebhook, refreshQuietPayouts } from "./royalties.service";
export { royaltySchedule } from "./schedule";
export { splitTemplatesRouter } from "./split-templates.routes";
export { sendInviteReminders } from "./splits.service";
