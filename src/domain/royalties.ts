import { MINIMUM_PAYOUT_PAISE } from "./business";
import { labelsAt, t } from "./i18n";

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

export const RECONCILIATION_MESSAGES = Object.assign(labelsAt("recon.msg", ["ok"]), {
  ledgerMismatch: (month: string, ledger: string, traced: string) =>
    t("recon.msg.ledgerMismatch", { month: month.slice(0, 7), ledger, traced }),
  untraced: (title: string, amount: string) => t("recon.msg.untraced", { title, amount }),
  overdrawn: (requested: string, earned: string) => t("recon.msg.overdrawn", { requested, earned }),
});
