// The payouts module's entry point: payee details (one model: KYC, bank or UPI, PAN, US tax forms
// only outside India), payout requests and their approval, the payout providers and their webhooks.
// Other modules and the composition root import only this.

export { backfillPanHashes, savePayeeDetails } from "./payee-details";
export { createPayoutProvider, type TestPayoutProvider } from "./payout-providers";
export { payoutsRouter } from "./payouts.routes";
export { receivePayoutWebhook, refreshQuietPayouts } from "./payouts.service";
export { payoutSchedule } from "./schedule";
