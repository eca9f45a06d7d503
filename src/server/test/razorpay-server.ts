// A local stand-in for Razorpay's API, for the adapter's tests: it answers the calls we make with
// responses in the shapes Razorpay's API reference documents (recorded/razorpay/*.json), numbering
// the ids it creates so that two subscriptions differ, and keeps every request for the test to check.
import { recordedIn, startRecordedServer } from "./recorded-server";

const recorded = recordedIn("payments/recorded/razorpay");

export interface RecordedRequest {
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown> | null;
}

export async function startRazorpayServer() {
  const requests: RecordedRequest[] = [];
  let created = 0;
  const numbered = (name: string, prefix: string) => {
    created += 1;
    return { ...recorded(name), id: `${prefix}_${String(created).padStart(14, "0")}` };
  };
  const server = await startRecordedServer(({ method, path: p, headers, body }): [number, unknown] => {
    requests.push({ method, path: p, auth: headers.authorization, body });
    if (method === "POST" && p === "/v1/plans") return [200, numbered("plan", "plan")];
    if (method === "POST" && p === "/v1/subscriptions") return [200, numbered("subscription", "sub")];
    if (method === "POST" && p === "/v1/orders") return [200, numbered("order", "order")];
    if (method === "GET" && p === "/v1/payments/pay_00000000000001") return [200, recorded("payment-subscription")];
    if (method === "GET" && p === "/v1/payments/pay_00000000000002") return [200, recorded("payment-order")];
    if (method === "POST" && /^\/v1\/subscriptions\/sub_\d+\/cancel$/.test(p))
      return [200, recorded("subscription-cancelled")];
    if (method === "PATCH" && /^\/v1\/subscriptions\/sub_\d+$/.test(p))
      return [200, recorded("subscription-cancelled")];
    if (method === "POST" && /^\/v1\/payments\/pay_\d+\/refund$/.test(p))
      return [200, { ...recorded("refund"), amount: body?.amount }];
    return [400, recorded("error-bad-request")];
  });
  return { ...server, requests };
}
