// The plumbing of a local stand-in for an outside API (Razorpay, RazorpayX, Twilio): it reads each
// request's JSON or form body, lets the stand-in answer it with a recorded response, and listens on a free loopback port.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** A loader for the recorded responses in `folder` (relative to src/server/modules). */
export const recordedIn = (folder: string) => {
  const dir = path.resolve(import.meta.dirname, "../modules", folder);
  return (name: string) => JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8"));
};

export interface IncomingCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** Starts a server answering each call with `answer`'s status and payload (as JSON). */
export async function startRecordedServer(answer: (call: IncomingCall) => [status: number, payload: unknown]) {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const [status, payload] = answer({
        method: req.method ?? "",
        path: new URL(req.url ?? "/", "http://localhost").pathname,
        headers: req.headers,
        body: !raw
          ? null
          : String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")
            ? Object.fromEntries(new URLSearchParams(raw))
            : (JSON.parse(raw) as Record<string, unknown>),
      });
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
