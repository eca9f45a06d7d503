import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type ClientResponse, hc } from "hono/client";
import type { Api } from "#server/contract";
import { loadEnv } from "#server/env";
import type { JobWorker } from "#server/jobs/queue";
import type { Payments } from "#server/lib/payment-gateway";
import type { Payouts } from "#server/lib/payout-provider";
import type { StoreConfig, Transport } from "#server/modules/delivery";
import type { UploadServer as RunningUploads } from "#server/modules/uploads";
import { startServer } from "#server/server";
import { onFreePort } from "./free-port";
import { createTestDatabase } from "./test-database";
import { TEST_ENV } from "./test-env";

export const TEST_ADMIN = { email: "admin@test.kalrav", password: "admin-password" };

export interface TestServer {
  url: string;
  dataDir: string;
  database: Awaited<ReturnType<typeof createTestDatabase>>["database"];
  /** The background job worker (quality checks, deliveries); `drain()` runs what is due now. */
  jobs: JobWorker;
  /** The tus upload server (its expiry is run by tests directly). */
  uploads: RunningUploads;
  /** The payment gateway in use (the built-in test gateway unless Razorpay keys are given). */
  payments: Payments;
  /** The payout provider (the built-in test provider unless RazorpayX keys are given) and TDS rules. */
  payouts: Payouts;
  /** A new "browser": its own cookies. */
  client(): TestClient;
  /** Mails written to the outbox, oldest first. */
  outbox(): Promise<{ to: string; subject: string; text: string }[]>;
  close(): Promise<void>;
}

/** The real HTTP server on a free port over a fresh database, as `npm start` runs it. */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
  opts: { transport?: (store: StoreConfig) => Transport } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-test-"));
  const { database, dispose } = await createTestDatabase();
  try {
    return await onFreePort((port) => startOn(port, dataDir, database, dispose, envOverrides, opts));
  } catch (err) {
    await dispose().catch(() => {});
    throw err;
  }
}

async function startOn(
  port: number,
  dataDir: string,
  database: Awaited<ReturnType<typeof createTestDatabase>>["database"],
  dispose: () => Promise<void>,
  envOverrides: Record<string, string>,
  opts: { transport?: (store: StoreConfig) => Transport },
): Promise<TestServer> {
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    PORT: String(port),
    PUBLIC_URL: url,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: TEST_ENV.logLevel,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SIGN_IN_RATE_LIMIT: "1000",
    // No polling: jobs run when a request queues one (kick) or a test drains the queue.
    JOB_POLL_MS: "0",
    // Tests pay through the built-in test gateway, at whatever address they give (HTTPS tests too).
    ALLOW_TEST_PAYMENTS: "true",
    // Tests write to the database directly and read through the API at once: on PostgreSQL the
    // read cache would hear of those writes a moment later (decision 040). The cache has tests of its
    // own (read-cache.test.ts, the two-process test, and every Playwright test runs with it on).
    READ_CACHE_ENTRIES: "0",
    ...envOverrides,
  });
  // The server closes "its" database when it stops; the test's `dispose` decides what becomes of it
  // (an embedded one is emptied and kept for the next test). A test may still close it to see an outage.
  const server = await startServer(env, {
    database: { ...database, close: async () => {} },
    transport: opts.transport,
  });
  return {
    url,
    dataDir,
    database,
    jobs: server.jobs,
    uploads: server.uploads,
    payments: server.payments,
    payouts: server.payouts,
    client: () => new TestClient(url),
    async outbox() {
      const dir = path.join(dataDir, "outbox");
      const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".json")).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), "utf8"))));
    },
    async close() {
      await server.close().catch(() => {});
      await dispose().catch(() => {});
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A cookie-keeping HTTP client that sends an Origin like a browser does. `api` is the typed client
 * (paths, bodies and answers from the routes' schemas, as the web uses it); `request` sends anything,
 * for the tests of malformed input, and answers with an untyped body.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  private typed: ReturnType<typeof hc<Api>> | undefined;
  constructor(readonly baseUrl: string) {}

  /** The typed API client, signed in as this client is. */
  get api() {
    this.typed ??= hc<Api>(new URL("/api", this.baseUrl).toString(), {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init ?? {}),
    });
    return this.typed;
  }

  /** fetch as this browser: its cookies and Origin sent, the cookies the answer sets kept. */
  private async fetch(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
    // A browser's Origin and cookies first; the caller's own headers (if any) over them.
    const headers = new Headers({ origin: this.baseUrl });
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());

    // An empty header means: send none (a test leaving out the Origin or the cookies).
    for (const [k, v] of new Headers(init.headers)) {
      if (v === "") headers.delete(k);
      else headers.set(k, v);
    }
    const response = await fetch(input, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  async request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.fetch(new URL(pathname, this.baseUrl), {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests of malformed input read arbitrary bodies; `api` is typed.
    return { status: response.status, headers: response.headers, body: json as any, text };
  }
  /** A request with a raw body (file bytes) and the client's cookies and Origin. */
  async send(
    method: string,
    pathname: string,
    body: Uint8Array<ArrayBuffer> | undefined,
    headers: Record<string, string> = {},
  ) {
    const response = await this.fetch(new URL(pathname, this.baseUrl), { method, headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bytes };
  }
  get = (p: string, headers?: Record<string, string>) => this.request("GET", p, undefined, headers);
  post = (p: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", p, body ?? {}, headers);

  cookie(name: string) {
    return this.cookies.get(name);
  }
  /** Every cookie this browser holds, as a Cookie header (to send the same session elsewhere). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async signUp(name: string, email: string, password: string) {
    return this.post("/api/auth/sign-up/email", { name, email, password });
  }
  async signIn(email: string, password: string, rememberMe = false) {
    return this.post("/api/auth/sign-in/email", { email, password, rememberMe });
  }
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** A typed call's successful answer, typed; any other answer fails the test with its status and body. */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  response: R | Promise<R>,
): Promise<R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatus ? T : never) : never> {
  const r = await response;
  if (!r.ok) throw new Error(`expected a successful answer, got ${r.status}: ${await r.text()}`);
  return (await r.json()) as never;
}
