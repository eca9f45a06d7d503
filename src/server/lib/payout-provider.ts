// The payout provider port (issue 19): validating a payee's bank account or UPI ID, and paying them.
// It lives with the shared infrastructure so that the app's context can name it; the royalties module
// implements it (RazorpayX, and the built-in test provider, the default without keys).
import type { TdsConfig } from "#domain/payouts";

export type PayeeDestination = { kind: "bank"; accountNumber: string; ifsc: string } | { kind: "upi"; vpa: string };

export interface AccountValidation {
  contactId: string;
  fundAccountId: string;
  /** False when the bank or UPI provider has no such account. */
  valid: boolean;
  /** The name on record for the account, as the bank or UPI provider gives it. */
  registeredName: string | null;
}

export interface ProviderPayout {
  id: string;
  /** The provider's status: "queued", "pending", "processing", "processed", "reversed", "failed"... */
  status: string;
  utr: string | null;
  /** Why it failed or was reversed, in the provider's words, when it did. */
  failureReason?: string | null;
}

export interface PayoutProvider {
  readonly name: "razorpayx" | "test";
  /** The secret the provider signs its webhooks with. */
  readonly webhookSecret: string;
  /** Makes (or reuses) the payee's contact and fund account and asks the bank who holds it. */
  validateAccount(input: {
    referenceId: string;
    legalName: string;
    email: string;
    destination: PayeeDestination;
  }): Promise<AccountValidation>;
  /**
   * Pays a fund account. The idempotency key is the same on every attempt for one payout, so a call
   * retried after a timeout never pays twice.
   */
  createPayout(input: {
    fundAccountId: string;
    amountPaise: number;
    mode: "IMPS" | "UPI";
    idempotencyKey: string;
    referenceId: string;
    narration: string;
  }): Promise<ProviderPayout>;
  /**
   * What the provider says of a payout now: for payouts whose webhook never came (issue 33: a process
   * killed after handing a payout over left it "processing" for good).
   */
  fetchPayout(id: string): Promise<ProviderPayout>;
}

export interface Payouts {
  provider: PayoutProvider;
  tds: TdsConfig;
}
