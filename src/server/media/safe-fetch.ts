import { createHash } from "node:crypto";
import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/** Why a link was not fetched, in words the artist can act on. */
export class FetchRefused extends Error {}

export interface FetchPolicy {
  /** "host:port" entries that may be private (tests, private mirrors), from FETCH_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  maxBytes: number;
  /** How long the connection may sit idle. */
  timeoutMs: number;
  /** How long the whole download may take, redirects included, however steadily bytes arrive. */
  deadlineMs?: number;
  /** The slowest transfer accepted, checked over each `rateWindowMs` once the body starts. */
  minBytesPerSecond?: number;
  rateWindowMs?: number;
  maxRedirects?: number;
  /** Said instead of the size limit when a smaller limit applies (a storage quota). */
  tooLargeMessage?: string;
  /** Aborts the download (its job was given up). */
  signal?: AbortSignal;
}

export interface FetchedFile {
  path: string;
  bytes: number;
  sha256: string;
  md5: string;
  contentType: string | null;
}

export function parseAllowHosts(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Only ordinary public unicast addresses: no loopback, private, link-local (cloud metadata), CGNAT, multicast… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated) reaches the embedded IPv4 address on some stacks,
  // and ipaddr.js calls it unicast: refuse the whole ::/96 range.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

function hostKey(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.replace(/^\[|\]$/g, "").toLowerCase()}:${port}`;
}

/**
 * Downloads a user-given link to `dest` without letting it reach our own network: http(s) only,
 * every address the name resolves to must be public (checked at connection time, so DNS rebinding
 * cannot swap it afterwards), every redirect is checked again, and size and time are limited.
 * Hashes are computed on the way.
 */
export async function safeDownload(rawUrl: string, dest: string, policy: FetchPolicy): Promise<FetchedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefused("the link is not a valid address.");
  }
  const maxRedirects = policy.maxRedirects ?? 5;
  const deadlineAt = Date.now() + (policy.deadlineMs ?? 30 * 60_000);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const result = await requestOnce(url, dest, policy, deadlineAt);
    if (result.kind === "file") return result.file;
    url = new URL(result.location, url);
  }
  throw new FetchRefused("the link redirects too many times.");
}

const minutes = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;

type Once = { kind: "file"; file: FetchedFile } | { kind: "redirect"; location: string };

/**
 * Refuses an address no request of ours may go to: not http(s), credentials in it, or a private or
 * local literal address not on the allow list. Answers whether its host is on the allow list.
 */
export function checkOutgoingUrl(url: URL, allowHosts: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefused("only http:// and https:// links can be fetched.");
  }
  if (url.username || url.password) {
    throw new FetchRefused("links with a user name or password are not accepted.");
  }
  const allowed = allowHosts.includes(hostKey(url));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !allowed && !isPublicAddress(literal)) {
    throw new FetchRefused("the link points at a private or local address.");
  }
  return allowed;
}

/**
 * A DNS lookup for outgoing requests: every address the name resolves to must be public (unless its
 * host is allowed), checked at connection time so DNS rebinding cannot swap it afterwards.
 */
export function publicOnlyLookup(allowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as dns.LookupAddress[];
      const bad = !allowed && list.some((a) => !isPublicAddress(a.address));
      if (bad || !list.length) {
        return callback(new FetchRefused("the link points at a private or local address."), "", 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, dest: string, policy: FetchPolicy, deadlineAt: number): Promise<Once> {
  let allowed: boolean;
  try {
    allowed = checkOutgoingUrl(url, policy.allowHosts);
  } catch (err) {
    return Promise.reject(err);
  }
  const lookup = publicOnlyLookup(allowed);
  const client = url.protocol === "https:" ? https : http;
  const tooLarge = () =>
    new FetchRefused(policy.tooLargeMessage ?? `the file is larger than ${Math.round(policy.maxBytes / 1e6)} MB.`);
  if (policy.signal?.aborted) return Promise.reject(new FetchRefused("the download was stopped."));
  return new Promise<Once>((resolve, reject) => {
    // A total deadline and a minimum rate, so a link that drips a byte now and then cannot hold a
    // worker for ever (the idle timeout alone never fires while bytes keep coming).
    const timers: NodeJS.Timeout[] = [];
    const stopTimers = () => {
      for (const t of timers) clearTimeout(t);
    };
    // Why we stopped the transfer ourselves: reported rather than the socket error that follows.
    let stopReason: FetchRefused | undefined;
    const stop = (reason: FetchRefused) => {
      stopReason ??= reason;
      req.destroy(reason);
    };
    const onAbort = () => stop(new FetchRefused("the download was stopped."));
    policy.signal?.addEventListener("abort", onAbort, { once: true });
    const cleanUp = () => {
      stopTimers();
      policy.signal?.removeEventListener("abort", onAbort);
    };
    const remaining = Math.max(0, deadlineAt - Date.now());
    timers.push(
      setTimeout(() => {
        stop(
          new FetchRefused(
            `the download did not finish within ${minutes(policy.deadlineMs ?? 30 * 60_000)}: use a faster file host.`,
          ),
        );
      }, remaining),
    );
    const req = client.get(
      url,
      { lookup, timeout: policy.timeoutMs, headers: { "user-agent": "Kalrav-QC/1.0" } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ kind: "redirect", location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new FetchRefused(`the server answered ${status}.`));
        }
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > policy.maxBytes) {
          res.destroy();
          cleanUp();
          return reject(tooLarge());
        }
        const sha256 = createHash("sha256");
        const md5 = createHash("md5");
        let bytes = 0;
        const out = fs.createWriteStream(dest);
        let failed = false;
        const fail = (err: Error) => {
          if (failed) return;
          failed = true;
          cleanUp();
          res.destroy();
          out.destroy();
          fs.rm(dest, { force: true }, () => reject(stopReason ?? err));
        };
        const minRate = policy.minBytesPerSecond ?? 0;
        if (minRate > 0) {
          const windowMs = policy.rateWindowMs ?? 30_000;
          let windowStart = 0;
          const check = () => {
            if (bytes - windowStart < (minRate * windowMs) / 1000) {
              const kbps = Math.round(((bytes - windowStart) / windowMs) * 1000) / 1000;
              return stop(
                new FetchRefused(
                  `the server sent the file too slowly (${kbps} KB/s; at least ${Math.round(minRate / 1000)} KB/s is needed): use a faster file host.`,
                ),
              );
            }
            windowStart = bytes;
            timers.push(setTimeout(check, windowMs));
          };
          timers.push(setTimeout(check, windowMs));
        }
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > policy.maxBytes) return fail(tooLarge());
          sha256.update(chunk);
          md5.update(chunk);
        });
        res.on("error", fail);
        res.on("aborted", () =>
          fail(new FetchRefused("the server closed the connection before the file was complete.")),
        );
        out.on("error", fail);
        res.pipe(out);
        out.on("finish", () => {
          cleanUp();
          if (failed || bytes > policy.maxBytes) return;
          resolve({
            kind: "file",
            file: {
              path: dest,
              bytes,
              sha256: sha256.digest("hex"),
              md5: md5.digest("hex"),
              contentType: res.headers["content-type"] ?? null,
            },
          });
        });
      },
    );
    req.on("timeout", () => stop(new FetchRefused("the server took too long to answer.")));
    req.on("error", (err) => {
      cleanUp();
      const reason =
        stopReason ??
        (err instanceof FetchRefused
          ? err
          : new FetchRefused(
              `the server could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`,
            ));
      fs.rm(dest, { force: true }, () => reject(reason));
    });
  });
}
