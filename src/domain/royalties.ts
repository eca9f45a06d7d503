import { MINIMUM_PAYOUT_PAISE } from "./business";
import { t } from "./i18n";

export function canRequestPayout(balancePaise: number): boolean {
  return balancePaise >= MINIMUM_PAYOUT_PAISE;
}

export { PAYOUT_STATUSES, type PayoutStatus } from "./payouts";

export const ROYALTY_MESSAGES = {
  belowMinimum: (minimum: string) => t("royalty.msg.belowMinimum", { minimum }),
  /** What happens after a request (issue 33: the page said "once your balance reaches ₹500" right after one). */
  payoutOnItsWay: (amount: string, status: string) =>
    t("royalty.msg.payoutOnItsWay", { amount, status: status.toLowerCase() }),
  confirmRequestTitle: (amount: string) => t("royalty.msg.confirmRequestTitle", { amount }),
  confirmRequest: (destination: string, name: string | null) =>
    name
      ? t("royalty.msg.confirmRequestNamed", { destination, name })
      : t("royalty.msg.confirmRequest", { destination }),
  get requestedTitle() {
    return t("royalty.msg.requestedTitle");
  },
  requested: (amount: string) => t("royalty.msg.requested", { amount }),
  get noPayoutAccount() {
    return t("royalty.msg.noPayoutAccount");
  },
  get completedTitle() {
    return t("royalty.msg.completedTitle");
  },
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
