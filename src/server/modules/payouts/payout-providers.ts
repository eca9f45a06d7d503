// The payout providers: RazorpayX when its keys are set, and otherwise the built-in test provider,
// which moves no money but validates, pays and calls back the way RazorpayX does (signed webhooks
// through the same receiver), so a fresh machine shows the whole flow.
import { createHmac, randomBytes } from "node:crypto";
import type { AccountValidation, PayoutProvider, ProviderPayout } from "#server/lib/payout-provider";
import { signWebhook } from "#server/lib/webhook-signature";

export type SendPayoutWebhook = (raw: string, signature: string, eventId: string) => Promise<unknown>;

/** A provider call that failed: the admin sees the provider's words; nothing is recorded as paid. */
export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface RazorpayXConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The RazorpayX business account payouts are made from. */
  accountNumber: string;
  apiUrl: string;
}

/**
 * RazorpayX over its REST API (the razorpay SDK does not cover X): contacts, fund accounts, account
 * validation, and payouts in IMPS or UPI mode with the mandatory X-Payout-Idempotency header.
 */
export function createRazorpayXProvider(config: RazorpayXConfig): PayoutProvider {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl.replace(/\/$/, "")}${path}`, {
        method,
        headers: { authorization: auth, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new PayoutProviderError(`RazorpayX could not be reached (${(err as Error).message}).`);
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: { description?: string } };
    if (!res.ok)
      throw new PayoutProviderError(json.error?.description ?? `RazorpayX answered ${res.status}.`, res.status);
    return json as T;
  }
  return {
    name: "razorpayx",
    webhookSecret: config.webhookSecret,
    async validateAccount({ referenceId, legalName, email, destination }): Promise<AccountValidation> {
      const contact = await call<{ id: string }>("POST", "/v1/contacts", {
        name: legalName,
        email,
        type: "vendor",
        reference_id: referenceId,
      });
      const fund = await call<{ id: string }>(
        "POST",
        "/v1/fund_accounts",
        destination.kind === "bank"
          ? {
              contact_id: contact.id,
              account_type: "bank_account",
              bank_account: { name: legalName, ifsc: destination.ifsc, account_number: destination.accountNumber },
            }
          : { contact_id: contact.id, account_type: "vpa", vpa: { address: destination.vpa } },
      );
      type Validation = {
        id: string;
        status: string;
        results?: { account_status?: string | null; registered_name?: string | null };
      };
      let validation = await call<Validation>("POST", "/v1/fund_accounts/validations", {
        account_number: config.accountNumber,
        fund_account: { id: fund.id },
        amount: 100,
        currency: "INR",
        notes: { reference_id: referenceId },
      });
      // Validation finishes within seconds; ask again a few times before calling it undecided.
      for (let i = 0; validation.status !== "completed" && i < 5; i++) {
        await new Promise((r) => setTimeout(r, 500 * (i + 1)));
        validation = await call<Validation>("GET", `/v1/fund_accounts/validations/${validation.id}`);
      }
      if (validation.status !== "completed")
        throw new PayoutProviderError("RazorpayX has not finished validating the account; try again shortly.");
      return {
        contactId: contact.id,
        fundAccountId: fund.id,
        valid: validation.results?.account_status === "active",
        registeredName: validation.results?.registered_name ?? null,
      };
    },
    async createPayout({ fundAccountId, amountPaise, mode, idempotencyKey, referenceId, narration }) {
      const payout = await call<{ id: string; status: string; utr: string | null }>(
        "POST",
        "/v1/payouts",
        {
          account_number: config.accountNumber,
          fund_account_id: fundAccountId,
          amount: amountPaise,
          currency: "INR",
          mode,
          purpose: "payout",
          queue_if_low_balance: true,
          reference_id: referenceId,
          narration,
        },
        { "X-Payout-Idempotency": idempotencyKey },
      );
      return { id: payout.id, status: payout.status, utr: payout.utr ?? null };
    },
    async fetchPayout(id) {
      const payout = await call<{
        id: string;
        status: string;
        utr: string | null;
        failure_reason?: string | null;
        status_details?: { description?: string | null };
      }>("GET", `/v1/payouts/${encodeURIComponent(id)}`);
      return {
        id: payout.id,
        status: payout.status,
        utr: payout.utr ?? null,
        failureReason: payout.failure_reason ?? payout.status_details?.description ?? null,
      };
    },
  };
}

/** The test provider's names: a UPI ID or account that starts with "mismatch" is someone else's, "invalid" does not exist, "fail" fails. */
export const TEST_PROVIDER_NOTICE =
  "Test payout provider: no money moves. UPI IDs or account numbers beginning with “mismatch” belong to someone else, “invalid” are not found, and payouts to “fail…” fail.";

export type TestPayoutProvider = PayoutProvider & {
  /** Waits for the webhooks it has still to send (tests and the journey wait on this). */
  settle(): Promise<void>;
};

export function createTestPayoutProvider(opts: {
  webhookSecret: string;
  send: () => SendPayoutWebhook;
}): TestPayoutProvider {
  const id = (prefix: string) => `${prefix}_test_${randomBytes(7).toString("hex")}`;
  const inFlight = new Set<Promise<unknown>>();
  const TEST_FAILURE = "Beneficiary bank is offline (test provider)";
  // A payout's outcome is written in its id and its UTR derived from it, so asking again after a
  // restart (when this memory is gone) answers what the webhook said or would have said.
  const utrOf = (payoutId: string) =>
    `TESTUTR${createHmac("sha256", "test-utr").update(payoutId).digest("hex").slice(0, 10).toUpperCase()}`;
  const destinations = new Map<string, string>();
  const byKey = new Map<string, ProviderPayout>();
  function emit(event: string, entity: Record<string, unknown>) {
    const raw = JSON.stringify({
      entity: "event",
      event,
      contains: ["payout"],
      payload: { payout: { entity } },
      created_at: Math.floor(Date.now() / 1000),
      test_provider: true,
    });
    // Sent a moment later, as a provider's callback would be, never inside the caller's transaction.
    const p = new Promise((r) => setTimeout(r, 20))
      .then(() => opts.send()(raw, signWebhook(raw, opts.webhookSecret), id("evt")))
      .catch(() => undefined)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  return {
    name: "test",
    webhookSecret: opts.webhookSecret,
    async validateAccount({ legalName, destination }) {
      const handle = destination.kind === "bank" ? destination.accountNumber : destination.vpa;
      const fundAccountId = id("fa");
      destinations.set(fundAccountId, handle);
      if (/^invalid/i.test(handle)) return { contactId: id("cont"), fundAccountId, valid: false, registeredName: null };
      const registeredName = /^mismatch/i.test(handle) ? "SOMEONE ELSE" : legalName.toUpperCase();
      return { contactId: id("cont"), fundAccountId, valid: true, registeredName };
    },
    async createPayout({ fundAccountId, amountPaise, mode, idempotencyKey, referenceId }) {
      // The same key answers with the same payout, as RazorpayX does.
      const known = byKey.get(idempotencyKey);
      if (known) return known;
      const fails = /^fail/i.test(destinations.get(fundAccountId) ?? "");
      const payout: ProviderPayout = { id: id(fails ? "pout_fail" : "pout_ok"), status: "processing", utr: null };
      byKey.set(idempotencyKey, payout);
      const entity = {
        id: payout.id,
        amount: amountPaise,
        currency: "INR",
        mode,
        reference_id: referenceId,
        fund_account_id: fundAccountId,
      };
      if (fails)
        emit("payout.failed", {
          ...entity,
          status: "failed",
          utr: null,
          failure_reason: TEST_FAILURE,
        });
      else
        emit("payout.processed", {
          ...entity,
          status: "processed",
          utr: utrOf(payout.id),
        });
      return payout;
    },
    async fetchPayout(payoutId) {
      if (payoutId.startsWith("pout_fail_test_"))
        return { id: payoutId, status: "failed", utr: null, failureReason: TEST_FAILURE };
      if (payoutId.startsWith("pout_ok_test_")) return { id: payoutId, status: "processed", utr: utrOf(payoutId) };
      throw new PayoutProviderError("The test payout provider has no such payout.", 404);
    },
    async settle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

/** The provider in use: RazorpayX when every key is set, else the test provider (its secret derived from the app's). */
export function createPayoutProvider(
  env: {
    RAZORPAYX_KEY_ID?: string;
    RAZORPAYX_KEY_SECRET?: string;
    RAZORPAYX_WEBHOOK_SECRET?: string;
    RAZORPAYX_ACCOUNT_NUMBER?: string;
    RAZORPAYX_API_URL: string;
  },
  opts: { appSecret: string; send: () => SendPayoutWebhook },
): PayoutProvider {
  if (
    env.RAZORPAYX_KEY_ID &&
    env.RAZORPAYX_KEY_SECRET &&
    env.RAZORPAYX_WEBHOOK_SECRET &&
    env.RAZORPAYX_ACCOUNT_NUMBER
  ) {
    return createRazorpayXProvider({
      keyId: env.RAZORPAYX_KEY_ID,
      keySecret: env.RAZORPAYX_KEY_SECRET,
      webhookSecret: env.RAZORPAYX_WEBHOOK_SECRET,
      accountNumber: env.RAZORPAYX_ACCOUNT_NUMBER,
      apiUrl: env.RAZORPAYX_API_URL,
    });
  }
  return createTestPayoutProvider({
    webhookSecret: createHmac("sha256", opts.appSecret).update("test-payout-webhooks").digest("hex"),
    send: opts.send,
  });
}
