// A local stand-in for RazorpayX's API, for the payout adapter's tests: it answers the calls we make
// with responses in the shapes RazorpayX's API reference documents (recorded/razorpayx/*.json),
// answers a repeated X-Payout-Idempotency key with the payout it made the first time (as RazorpayX
// does), and keeps every request for the test to check. Validation answers "created" first and
// "completed" when asked again, as the real one finishes asynchronously.
import { recordedIn, startRecordedServer } from "./recorded-server";

export const recordedX = recordedIn("payouts/recorded/razorpayx");

export interface RecordedXRequest {
  method: string;
  path: string;
  auth: string | undefined;
  idempotency: string | undefined;
  body: Record<string, unknown> | null;
}

export async function startRazorpayXServer() {
  const requests: RecordedXRequest[] = [];
  const payoutsByKey = new Map<string, unknown>();
  let payoutsMade = 0;
  const server = await startRecordedServer(({ method, path: p, headers, body }): [number, unknown] => {
    const idempotency = headers["x-payout-idempotency"] as string | undefined;
    requests.push({ method, path: p, auth: headers.authorization, idempotency, body });
    if (method === "POST" && p === "/v1/contacts") return [201, recordedX("contact")];
    if (method === "POST" && p === "/v1/fund_accounts") return [201, recordedX("fund-account-vpa")];
    if (method === "POST" && p === "/v1/fund_accounts/validations") return [201, recordedX("validation-created")];
    if (method === "GET" && p === "/v1/fund_accounts/validations/fav_00000000000001")
      return [200, recordedX("validation-completed")];
    if (method === "GET" && p === "/v1/payouts/pout_00000000000001") return [200, recordedX("payout-processed")];
    if (method === "POST" && p === "/v1/payouts") {
      if (!idempotency) return [400, recordedX("error-bad-request")];
      const known = payoutsByKey.get(idempotency);
      if (known) return [200, known];
      payoutsMade += 1;
      const payout = {
        ...recordedX("payout"),
        amount: body?.amount,
        reference_id: body?.reference_id,
        mode: body?.mode,
      };
      payoutsByKey.set(idempotency, payout);
      return [200, payout];
    }
    return [400, recordedX("error-bad-request")];
  });
  return { ...server, requests, payoutsMade: () => payoutsMade };
}
