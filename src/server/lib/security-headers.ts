import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions } from "node:http";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** Razorpay Checkout's script, its payment frame and its API calls, allowed only when Razorpay is in use. */
const RAZORPAY_CHECKOUT = ["https://checkout.razorpay.com", "https://api.razorpay.com"];

function securityHeaderOptions(mediaAllowHosts: string[], opts: { razorpay?: boolean } = {}) {
  const razorpay = opts.razorpay ? RAZORPAY_CHECKOUT : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...razorpay],
      ...(opts.razorpay ? { frameSrc: razorpay } : {}),
      // Radix positions popovers with inline style attributes; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Artwork is shown from artists' https links, and from the private mirrors the app may fetch from.
      imgSrc: ["'self'", "data:", "https:", ...mediaAllowHosts.map((host) => `http://${host}`)],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...razorpay],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    // Sent per request, only over HTTPS (createServerWithHeaders): on plain HTTP it means nothing.
    strictTransportSecurity: false,
  });
}

/** The headers Hono's secureHeaders middleware adds with our policy: the same on every response. */
export async function staticSecurityHeaders(
  mediaAllowHosts: string[],
  opts: { razorpay?: boolean } = {},
): Promise<[string, string][]> {
  const probe = new Hono().use(securityHeaderOptions(mediaAllowHosts, opts)).get("/", (c) => c.body(null, 204));
  return [...(await probe.request("/")).headers.entries()];
}

const requestIds = new WeakMap<IncomingMessage, string>();

/** The id the HTTP layer gave this request (and sent back as X-Request-Id). */
export const requestIdOf = (incoming: IncomingMessage | undefined) => (incoming ? requestIds.get(incoming) : undefined);

/**
 * An HTTP server that puts the security headers and a request id on every response before Hono
 * runs. Set on Node's response they are merged into whatever the app sends, raw Responses included;
 * setting them from middleware after the handler made Hono rebuild each response (a fifth of the
 * time of a short API read).
 */
export function createServerWithHeaders(headers: [string, string][], opts: { trustProxy?: boolean } = {}) {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      const https =
        Boolean((req.socket as { encrypted?: boolean }).encrypted) ||
        (opts.trustProxy === true && req.headers["x-forwarded-proto"] === "https");
      if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      // API answers are private: no browser or proxy keeps them, unless a route says otherwise.
      if (req.url?.startsWith("/api/")) res.setHeader("Cache-Control", "no-store");
      const given = req.headers["x-request-id"];
      const requestId = (typeof given === "string" && given.slice(0, 64)) || randomUUID();
      requestIds.set(req, requestId);
      res.setHeader("X-Request-Id", requestId);
      listener(req, res);
    })) as typeof createServer;
}
