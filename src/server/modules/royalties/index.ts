// The royalties module's entry point: other modules and the composition root import only this.

export { caseMoney, postStoreFee, settleCaseHolds, syncCaseHolds } from "./holds";
export {
  dropUnadoptedPlainLedger,
  type PlainLedger,
  prebuildPlainEntries,
  precomputeSplitPasses,
  rebuildLedger,
  repostEarnings,
  type SplitPasses,
} from "./posting";
export { warnOfRoyaltyAudit } from "./reconciliation";
export { payoutSchema, royaltiesRouter, royaltiesSchema } from "./royalties.routes";
export { balanceOf, loadRoyalties, toPayout, yearToDate } from "./royalties.service";
export { royaltySchedule } from "./schedule";
export { splitTemplatesRouter } from "./split-templates.routes";
export { sendInviteReminders } from "./splits.service";
