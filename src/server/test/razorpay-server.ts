// A local stand-in for Razorpay's API, for the adapter's tests: it answers the calls we make with
// responses in the shapes Razorpay's API reference documents (recorded/razorpay/*.json), numbering
// the ids it creates so that two subscriptions differ, and keeps every request for the test to check.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const RECORDED = path.resolve(import.meta.dirname, "../modules/payments/recorded/razorpay");
const recorded = (name: string) => JSON.parse(fs.readFileSync(path.join(RECORDED, `${name}.json`), "utf8"));

export interface RecordedRequest {
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown> | null;
}

export async function startRazorpayServer() {
  const requests: RecordedRequest[] = [];
  let created = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const url = new URL(req.url ?? "/", "http://localhost");
      requests.push({ method: req.method ?? "", path: url.pathname, auth: req.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const numbered = (name: string, prefix: string) => {
        created += 1;
        return { ...recorded(name), id: `${prefix}_${String(created).padStart(14, "0")}` };
      };
      const p = url.pathname;
      if (req.method === "POST" && p === "/v1/plans") return send(200, numbered("plan", "plan"));
      if (req.method === "POST" && p === "/v1/subscriptions") return send(200, numbered("subscription", "sub"));
      if (req.method === "POST" && p === "/v1/orders") return send(200, numbered("order", "order"));
      if (req.method === "GET" && p === "/v1/payments/pay_00000000000001")
        return send(200, recorded("payment-subscription"));
      if (req.method === "GET" && p === "/v1/payments/pay_00000000000002") return send(200, recorded("payment-order"));
      if (req.method === "POST" && /^\/v1\/subscriptions\/sub_\d+\/cancel$/.test(p)) {
        return send(200, recorded("subscription-cancelled"));
      }
      if (req.method === "PATCH" && /^\/v1\/subscriptions\/sub_\d+$/.test(p))
        return send(200, recorded("subscription-cancelled"));
      if (req.method === "POST" && /^\/v1\/payments\/pay_\d+\/refund$/.test(p)) {
        return send(200, { ...recorded("refund"), amount: body?.amount });
      }
      return send(400, recorded("error-bad-request"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
