// A local stand-in for RazorpayX's API, for the payout adapter's tests: it answers the calls we make
// with responses in the shapes RazorpayX's API reference documents (recorded/razorpayx/*.json),
// answers a repeated X-Payout-Idempotency key with the payout it made the first time (as RazorpayX
// does), and keeps every request for the test to check. Validation answers "created" first and
// "completed" when asked again, as the real one finishes asynchronously.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const RECORDED = path.resolve(import.meta.dirname, "../modules/royalties/recorded/razorpayx");
export const recordedX = (name: string) => JSON.parse(fs.readFileSync(path.join(RECORDED, `${name}.json`), "utf8"));

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
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const p = new URL(req.url ?? "/", "http://localhost").pathname;
      const idempotency = req.headers["x-payout-idempotency"] as string | undefined;
      requests.push({ method: req.method ?? "", path: p, auth: req.headers.authorization, idempotency, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method === "POST" && p === "/v1/contacts") return send(201, recordedX("contact"));
      if (req.method === "POST" && p === "/v1/fund_accounts") return send(201, recordedX("fund-account-vpa"));
      if (req.method === "POST" && p === "/v1/fund_accounts/validations")
        return send(201, recordedX("validation-created"));
      if (req.method === "GET" && p === "/v1/fund_accounts/validations/fav_00000000000001")
        return send(200, recordedX("validation-completed"));
      if (req.method === "POST" && p === "/v1/payouts") {
        if (!idempotency) return send(400, recordedX("error-bad-request"));
        const known = payoutsByKey.get(idempotency);
        if (known) return send(200, known);
        payoutsMade += 1;
        const payout = {
          ...recordedX("payout"),
          amount: body?.amount,
          reference_id: body?.reference_id,
          mode: body?.mode,
        };
        payoutsByKey.set(idempotency, payout);
        return send(200, payout);
      }
      return send(400, recordedX("error-bad-request"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    payoutsMade: () => payoutsMade,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
