import { MINIMUM_PAYOUT_PAISE } from "./business";

export function canRequestPayout(balancePaise: number): boolean {
  return balancePaise >= MINIMUM_PAYOUT_PAISE;
}

export { PAYOUT_STATUSES, type PayoutStatus } from "./payouts";

export const ROYALTY_MESSAGES = {
  belowMinimum: (minimum: string) => `You can request a payout once your balance reaches ${minimum}.`,
  /** What happens after a request (issue 33: the page said "once your balance reaches ₹500" right after one). */
  payoutOnItsWay: (amount: string, status: string) =>
    `Your payout of ${amount} is ${status.toLowerCase()}: we review requests within 3 working days and pay to your saved account; you get an e-mail with the bank reference when it is paid.`,
  confirmRequestTitle: (amount: string) => `Request ${amount}?`,
  confirmRequest: (destination: string, name: string | null) =>
    `We will pay it to ${destination}${name ? ` (registered to ${name})` : ""}. TDS is deducted where the law asks for it. Check the account: a payout cannot be called back once it is sent.`,
  requestedTitle: "Payout requested",
  requested: (amount: string) => `We will pay ${amount} to your saved payout account.`,
  noPayoutAccount: "Add your payout details in Settings → Payment first.",
  completedTitle: "Payout completed",
} as const;

/** What the royalty reconciliation can find wrong; each finding names the payee and the amount. */
export const RECONCILIATION_KINDS = [
  "ledger_mismatch",
  "untraced_earnings",
  "overdrawn",
  "migration_audit",
  "provider_disagrees",
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_MESSAGES = {
  ok: "Every ledger row traces to store report rows of a delivered release its payee owns.",
  ledgerMismatch: (month: string, ledger: string, traced: string) =>
    `The ledger for ${month.slice(0, 7)} says ${ledger} gross, but the payee's delivered releases earned ${traced}.`,
  untraced: (title: string, amount: string) =>
    `Earnings of ${amount} on "${title}" do not trace to a code that release holds, or it never went to stores.`,
  overdrawn: (requested: string, earned: string) =>
    `Payouts of ${requested} were requested against earnings of ${earned}.`,
} as const;
