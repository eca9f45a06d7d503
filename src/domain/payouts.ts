import { z } from "zod";
import { labelsAt, t } from "./i18n";

/**
 * Payouts, payee KYC and TDS (issue 19). Amounts are whole paise; rates are basis points (10 % = 1000)
 * so 7.5 % is exact. Pure rules only: the server applies them inside the payout's transaction.
 */

/** A payout's life: requested → approved (sent to the provider) → processed, or failed/reversed (money returns). */
export const PAYOUT_STATUSES = ["pending", "approved", "processing", "completed", "failed", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  get pending() {
    return t("payout.status.pending");
  },
  get approved() {
    return t("payout.status.approved");
  },
  get processing() {
    return t("payout.status.processing");
  },
  get completed() {
    return t("payout.status.completed");
  },
  get failed() {
    return t("payout.status.failed");
  },
  get reversed() {
    return t("payout.status.reversed");
  },
};
/** Statuses whose money has left the balance for good (unless the bank reverses it later). */
export const PAYOUT_OPEN_STATUSES = ["pending", "approved", "processing"] as const;
/**
 * Who moves a payout, and from where (issue 33: a payout was paid twice, by the provider and by hand).
 * `approve`: an admin hands it to the payout provider; `provider`: the provider's answer or webhook;
 * `hand`: an admin records a payment made outside the provider — only for a payout never handed to
 * the provider, since one that was may still be paid by it (its answer can come after our timeout).
 */
export type PayoutActor = "approve" | "provider" | "hand";
export const PAYOUT_TRANSITIONS: Record<PayoutActor, Partial<Record<PayoutStatus, readonly PayoutStatus[]>>> = {
  approve: { approved: ["pending", "approved"] },
  provider: {
    processing: ["approved"],
    completed: ["pending", "approved", "processing"],
    failed: ["pending", "approved", "processing", "completed"],
    reversed: ["pending", "approved", "processing", "completed"],
  },
  hand: { completed: ["pending"] },
};

/** The statuses `actor` may move a payout to `to` from. */
export function payoutMovesFrom(actor: PayoutActor, to: PayoutStatus): readonly PayoutStatus[] {
  return PAYOUT_TRANSITIONS[actor][to] ?? [];
}

/** Whether `actor` may move a payout from `from` to `to`; a payout handed to the provider is never paid by hand. */
export function canMovePayout(
  actor: PayoutActor,
  payout: { status: PayoutStatus; handedToProvider: boolean },
  to: PayoutStatus,
): boolean {
  if (actor === "hand" && payout.handedToProvider) return false;
  return payoutMovesFrom(actor, to).includes(payout.status);
}

/** Statuses that count towards the financial year's TDS (the money was or is being paid). */
export const PAYOUT_COUNTED_STATUSES = ["pending", "approved", "processing", "completed"] as const;

/** TDS on royalties paid to residents: Income-tax Act section 194J, 206AA without a PAN. */
export interface TdsConfig {
  section: string;
  rateBp: number;
  noPanRateBp: number;
  /** Deduct only once the year's royalties paid to the payee exceed this. */
  thresholdPaise: number;
}
export const DEFAULT_TDS: TdsConfig = {
  section: "194J",
  rateBp: 1000,
  noPanRateBp: 2000,
  thresholdPaise: 5_000_000,
};

/**
 * The tax to deduct from one payout. Once the year's payouts (this one included) exceed the threshold,
 * tax is due on the whole year's amount: what earlier payouts below the threshold did not deduct is
 * caught up on this one. Never more than the payout itself (what is left is caught up next time), never
 * negative; rounded half up to the paisa.
 */
export function tdsFor(input: {
  grossPaise: number;
  paidBeforeInYearPaise: number;
  deductedBeforeInYearPaise: number;
  hasValidPan: boolean;
  config: TdsConfig;
}): { tdsPaise: number; rateBp: number } {
  const { grossPaise, paidBeforeInYearPaise, deductedBeforeInYearPaise, hasValidPan, config } = input;
  const rateBp = hasValidPan ? config.rateBp : config.noPanRateBp;
  const cumulative = paidBeforeInYearPaise + grossPaise;
  if (cumulative <= config.thresholdPaise) return { tdsPaise: 0, rateBp };
  const dueOnYear = Math.floor((cumulative * rateBp + 5000) / 10_000);
  const tdsPaise = Math.min(grossPaise, Math.max(0, dueOnYear - deductedBeforeInYearPaise));
  return { tdsPaise, rateBp };
}

/** Years the ledger can hold: a statement or a tax period outside them is refused, not looked up. */
export const LEDGER_YEARS = { first: 2000, last: 2099 } as const;

/** "2026-04": a month of a year the ledger can hold. */
export function isLedgerMonth(month: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  const year = Number(match?.[1]);
  return Boolean(match) && year >= LEDGER_YEARS.first && year <= LEDGER_YEARS.last;
}

/** "2026-27": a financial year (April to March) the ledger can hold, its two halves consecutive. */
export function isFinancialYear(fy: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(fy);
  const start = Number(match?.[1]);
  return (
    Boolean(match) &&
    start >= LEDGER_YEARS.first &&
    start <= LEDGER_YEARS.last &&
    Number(match?.[2]) === (start + 1) % 100
  );
}

/** PAN: five letters, four digits, a letter; the fourth letter says who holds it (P a person, C a company…). */
const PAN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;
export const isValidPan = (pan: string) => PAN.test(pan);
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const isValidIfsc = (ifsc: string) => IFSC.test(ifsc);
const UPI = /^[a-zA-Z0-9][a-zA-Z0-9.\-_]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const isValidUpi = (vpa: string) => UPI.test(vpa);

export const KYC_METHODS = ["bank", "upi"] as const;
export type KycMethod = (typeof KYC_METHODS)[number];

export const KYC_STATUSES = ["unverified", "verified", "name_mismatch", "approved", "invalid"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  get unverified() {
    return t("payee.kyc.unverified");
  },
  get verified() {
    return t("payee.kyc.verified");
  },
  get name_mismatch() {
    return t("payee.kyc.name_mismatch");
  },
  get approved() {
    return t("payee.kyc.approved");
  },
  get invalid() {
    return t("payee.kyc.invalid");
  },
};
/** Payouts go only to accounts in these states. */
export const KYC_PAYABLE: readonly KycStatus[] = ["verified", "approved"];

export const PAYOUT_MESSAGES = Object.assign(
  labelsAt("payout.msg", [
    "legalNameRequired",
    "badPan",
    "badIfsc",
    "badAccountNumber",
    "badUpi",
    "badAccountNumberAbroad",
    "badRouting",
    "bankNameRequired",
    "badPaypal",
    "taxFormRequired",
    "savedAbroad",
    "savedTitle",
    "invalid",
    "kycMissing",
    "kycHeld",
    "kycInvalid",
    "aboveBalance",
    "busy",
    "notPending",
    "withProvider",
    "alreadyCompleted",
    "handPaymentHeld",
    "allTds",
    "allTdsReference",
    "ended",
    "returnedTitle",
    "paidTitle",
  ]),
  {
    verified: (name: string) => t("payout.msg.verified", { name }),
    mismatch: (registered: string, legal: string) => t("payout.msg.mismatch", { registered, legal }),
    disagrees: (status: string, event: string) => t("payout.msg.disagrees", { status, event }),
    returned: (amount: string, reason: string) => t("payout.msg.returned", { amount, reason }),
    paid: (amount: string, utr: string) => t("payout.msg.paid", { amount, utr }),
  },
);

/**
 * Where a payee lives decides how they are paid (issue 34: one payee model, one form). In India: a
 * legal name, a PAN for TDS, and a bank account + IFSC or a UPI ID that the payout provider validates
 * and pays. Outside India: a bank transfer or PayPal, paid by hand, with the US tax form that applies.
 */
export const PAYEE_RESIDENCES = ["india", "abroad"] as const;
export type PayeeResidence = (typeof PAYEE_RESIDENCES)[number];
export const PAYEE_RESIDENCE_LABELS: Record<PayeeResidence, string> = {
  get india() {
    return t("payee.residence.india");
  },
  get abroad() {
    return t("payee.residence.abroad");
  },
};
/** How a payee is paid: "bank" (India, by IMPS) or "upi" through the provider; "bankTransfer" or "paypal" by hand abroad. */
export const PAYEE_METHODS = ["bank", "upi", "bankTransfer", "paypal"] as const;
export type PayeeMethod = (typeof PAYEE_METHODS)[number];
export const PAYEE_METHOD_LABELS: Record<PayeeMethod, string> = {
  get bank() {
    return t("payee.method.bank");
  },
  get upi() {
    return t("payee.method.upi");
  },
  get bankTransfer() {
    return t("payee.method.bankTransfer");
  },
  get paypal() {
    return t("payee.method.paypal");
  },
};
/** How a payout went, as lists of payouts show it. */
export const PAYOUT_METHOD_LABELS: Record<PayeeMethod, string> = {
  bank: "Bank Transfer",
  upi: "UPI",
  bankTransfer: "Bank Transfer",
  paypal: "PayPal",
};
export const payoutMethodLabel = (method: string) => PAYOUT_METHOD_LABELS[method as PayeeMethod] ?? method;
export const TAX_FORMS = ["w9", "w8ben", "w8bene"] as const;
export type TaxForm = (typeof TAX_FORMS)[number];
export const TAX_FORM_LABELS: Record<TaxForm, string> = {
  get w9() {
    return t("payee.taxForm.w9");
  },
  get w8ben() {
    return t("payee.taxForm.w8ben");
  },
  get w8bene() {
    return t("payee.taxForm.w8bene");
  },
};
/** A bank abroad: a SWIFT/BIC code or a 9-digit ABA routing number. */
const SWIFT_OR_ABA = /^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?|\d{9})$/;
export const isValidSwiftOrAba = (code: string) => SWIFT_OR_ABA.test(code);

const legalName = z
  .string()
  .trim()
  .min(1, { error: () => PAYOUT_MESSAGES.legalNameRequired })
  .max(120);
/** Empty on update keeps the stored number (it is never sent back in full). */
const accountNumber = z.string().trim().default("");

const indianPayee = z.object({
  residence: z.literal("india"),
  legalName,
  pan: z.string().trim().toUpperCase().default(""),
  method: z.enum(KYC_METHODS),
  accountNumber,
  ifsc: z.string().trim().toUpperCase().default(""),
  upiId: z.string().trim().default(""),
});

const payeeAbroad = z.object({
  residence: z.literal("abroad"),
  legalName,
  method: z.enum(["bankTransfer", "paypal"]),
  accountNumber,
  routingNumber: z.string().trim().toUpperCase().max(11).default(""),
  bankName: z.string().trim().max(120).default(""),
  paypalEmail: z.string().trim().max(254).default(""),
  taxForm: z.enum(TAX_FORMS, { error: () => PAYOUT_MESSAGES.taxFormRequired }),
});

/**
 * The one payee form and endpoint: each field's own message, beside the field. The field checks run
 * even when another field already failed (a missing tax form must not hide a bad e-mail until the
 * next try), so they read the values defensively.
 */
export const payeeDetailsSchema = z.discriminatedUnion("residence", [indianPayee, payeeAbroad]).superRefine(
  (value, ctx) => {
    const v = value as Record<string, unknown>;
    const str = (key: string) => (typeof v[key] === "string" ? (v[key] as string) : "");
    const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (v.residence === "india") {
      if (str("pan") && !isValidPan(str("pan"))) fail(PAYOUT_MESSAGES.badPan, "pan");
      if (v.method === "bank") {
        if (str("accountNumber") && !/^\d{9,18}$/.test(str("accountNumber")))
          fail(PAYOUT_MESSAGES.badAccountNumber, "accountNumber");
        if (!isValidIfsc(str("ifsc"))) fail(PAYOUT_MESSAGES.badIfsc, "ifsc");
      } else if (v.method === "upi" && !isValidUpi(str("upiId"))) fail(PAYOUT_MESSAGES.badUpi, "upiId");
      return;
    }
    if (v.method === "bankTransfer") {
      if (str("accountNumber") && !/^[A-Z0-9]{6,34}$/i.test(str("accountNumber")))
        fail(PAYOUT_MESSAGES.badAccountNumberAbroad, "accountNumber");
      if (!isValidSwiftOrAba(str("routingNumber"))) fail(PAYOUT_MESSAGES.badRouting, "routingNumber");
      if (!str("bankName")) fail(PAYOUT_MESSAGES.bankNameRequired, "bankName");
    } else if (v.method === "paypal" && !z.email().safeParse(str("paypalEmail")).success)
      fail(PAYOUT_MESSAGES.badPaypal, "paypalEmail");
  },
  // Only once the residence is known: which fields apply depends on it.
  {
    when: (payload) =>
      PAYEE_RESIDENCES.includes((payload.value as { residence?: PayeeResidence } | null)?.residence as PayeeResidence),
  },
);
export type PayeeDetailsInput = z.input<typeof payeeDetailsSchema>;
export type PayeeDetails = z.output<typeof payeeDetailsSchema>;

/**
 * Whether the name a bank or UPI provider has on record is the payee's legal name: the same words in
 * any order, ignoring case, punctuation and honorifics; an initial matches a word it begins.
 */
export function namesMatch(legal: string, registered: string): boolean {
  const words = (name: string) =>
    name
      .toUpperCase()
      .replace(/[^A-Z\s]/g, " ")
      .split(/\s+/)
      .filter((w) => w && !["MR", "MRS", "MS", "DR", "SHRI", "SMT", "KUM"].includes(w));
  const a = words(legal);
  const b = words(registered);
  if (!a.length || a.length !== b.length) return false;
  const rest = [...b];
  for (const w of a) {
    const i = rest.findIndex(
      (r) => r === w || (w.length === 1 && r.startsWith(w)) || (r.length === 1 && w.startsWith(r)),
    );
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}
