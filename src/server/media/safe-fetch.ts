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
  timeoutMs: number;
  maxRedirects?: number;
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
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const result = await requestOnce(url, dest, policy);
    if (result.kind === "file") return result.file;
    url = new URL(result.location, url);
  }
  throw new FetchRefused("the link redirects too many times.");
}

type Once = { kind: "file"; file: FetchedFile } | { kind: "redirect"; location: string };

function requestOnce(url: URL, dest: string, policy: FetchPolicy): Promise<Once> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(new FetchRefused("only http:// and https:// links can be fetched."));
  }
  if (url.username || url.password) {
    return Promise.reject(new FetchRefused("links with a user name or password are not accepted."));
  }
  const allowed = policy.allowHosts.includes(hostKey(url));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !allowed && !isPublicAddress(literal)) {
    return Promise.reject(new FetchRefused("the link points at a private or local address."));
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
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
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Once>((resolve, reject) => {
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
          return reject(new FetchRefused(`the file is larger than ${Math.round(policy.maxBytes / 1e6)} MB.`));
        }
        const sha256 = createHash("sha256");
        const md5 = createHash("md5");
        let bytes = 0;
        const out = fs.createWriteStream(dest);
        const fail = (err: Error) => {
          res.destroy();
          out.destroy();
          fs.rm(dest, { force: true }, () => reject(err));
        };
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > policy.maxBytes) {
            return fail(new FetchRefused(`the file is larger than ${Math.round(policy.maxBytes / 1e6)} MB.`));
          }
          sha256.update(chunk);
          md5.update(chunk);
        });
        res.on("error", fail);
        out.on("error", fail);
        res.pipe(out);
        out.on("finish", () => {
          if (bytes > policy.maxBytes) return;
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
    req.on("timeout", () => req.destroy(new FetchRefused("the server took too long to answer.")));
    req.on("error", (err) =>
      reject(
        err instanceof FetchRefused
          ? err
          : new FetchRefused(
              `the server could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`,
            ),
      ),
    );
  });
}
