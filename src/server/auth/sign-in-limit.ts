import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { signInAttempts } from "#server/db/schema";

/**
 * How many sign-ins an account allows from one place before that place backs off, the first pause,
 * and the key that signs known-device cookies.
 */
export interface AccountLimit {
  attempts: number;
  lockSeconds: number;
  /** HMAC key for the known-device cookie (derived from the app's secret). */
  deviceKey: string;
}

/** The longest pause: an attacker can slow an owner down, never lock them out for good. */
const MAX_LOCK_SECONDS = 15 * 60;
/** Attempts older than this are forgotten. */
const FORGET_SECONDS = 60 * 60;
/**
 * The backstop across every place: past this many failures in the hour, each sign-in to the account
 * is answered more slowly (never refused), so guessing from many addresses stays slow.
 */
export const GLOBAL_SLOW_AFTER = 20;
const MAX_SLOWDOWN_MS = 3_000;

/** The cookie that marks a browser that signed in to an account before. */
export const KNOWN_DEVICE_COOKIE = "kalrav_device";

/**
 * Where an attempt comes from (issue 33: one wrong password per pause from anywhere kept an account
 * locked). A browser that signed in to this account before carries a signed device id and counts on
 * its own, so nobody else can pause it; any other attempt counts per client address.
 */
export type SignInSource = { device: string } | { address: string };

const normalise = (email: string) => email.trim().toLowerCase().slice(0, 320);
/** Rows are keyed by the account's address, a space, and the place (the global row has no place). */
const keyOf = (email: string, source?: SignInSource) =>
  source
    ? `${normalise(email)} ${"device" in source ? `device:${source.device}` : `ip:${source.address}`}`
    : normalise(email);

/** The lock for `attempts` failures past the limit: the base, doubled each time, capped. */
export function lockSeconds(limit: Pick<AccountLimit, "lockSeconds">, locks: number): number {
  return Math.min(MAX_LOCK_SECONDS, limit.lockSeconds * 2 ** Math.max(0, locks - 1));
}

const sign = (key: string, email: string, id: string) =>
  createHmac("sha256", key)
    .update(`${normalise(email)}\n${id}`)
    .digest("base64url");

/** A new known-device cookie value for this account (set after a successful sign-in). */
export function knownDeviceToken(limit: AccountLimit, email: string): string {
  const id = randomBytes(12).toString("base64url");
  return `${id}.${sign(limit.deviceKey, email, id)}`;
}

/** The device id of a cookie minted for this account, or null (absent, forged, another account's). */
export function knownDeviceOf(limit: AccountLimit, email: string, cookie: string | undefined): string | null {
  const [id, mac] = (cookie ?? "").split(".");
  if (!id || !mac) return null;
  const expected = Buffer.from(sign(limit.deviceKey, email, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * Where a sign-in stands before its password is checked, in one read of both rows: `pause`, the seconds
 * this place must wait (0: go ahead), or null when it has no failures on record (then a success has
 * nothing to clear: no write on the usual sign-in); and `slowdownMs`, how long to hold it first, the
 * backstop across all places (0 mostly).
 */
export async function signInStanding(
  db: Db,
  rawEmail: string,
  source: SignInSource,
): Promise<{ pause: number | null; slowdownMs: number }> {
  const place = keyOf(rawEmail, source);
  const account = keyOf(rawEmail);
  const rows = await db
    .select({
      email: signInAttempts.email,
      attempts: signInAttempts.attempts,
      lockedUntil: signInAttempts.lockedUntil,
      lastAttemptAt: signInAttempts.lastAttemptAt,
    })
    .from(signInAttempts)
    .where(inArray(signInAttempts.email, [place, account]));
  const here = rows.find((row) => row.email === place);
  const everywhere = rows.find((row) => row.email === account);
  const now = Date.now();
  const left = here?.lockedUntil ? here.lockedUntil.getTime() - now : 0;
  const forgotten = !everywhere || now - everywhere.lastAttemptAt.getTime() > FORGET_SECONDS * 1000;
  return {
    pause: here ? (left > 0 ? Math.ceil(left / 1000) : 0) : null,
    slowdownMs: forgotten ? 0 : Math.min(MAX_SLOWDOWN_MS, Math.max(0, everywhere.attempts - GLOBAL_SLOW_AFTER) * 100),
  };
}

/**
 * Counts a wrong password for this account from this place. After `attempts` failures the place
 * pauses; each failure after a pause pauses it again, twice as long. The account's global count only
 * grows (it slows, never locks). Only failures count, so an owner on several devices is never paused.
 */
export async function recordSignInFailure(
  db: Db,
  rawEmail: string,
  source: SignInSource,
  limit: AccountLimit,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const key of [keyOf(rawEmail, source), keyOf(rawEmail)]) {
      const global = key === keyOf(rawEmail);
      await tx.insert(signInAttempts).values({ email: key, attempts: 0 }).onConflictDoNothing();
      const [row] = await tx.select().from(signInAttempts).where(eq(signInAttempts.email, key)).for("update");
      if (!row) continue;
      const now = Date.now();
      const stale = now - row.lastAttemptAt.getTime() > FORGET_SECONDS * 1000 && !row.lockedUntil;
      const attempts = (stale ? 0 : row.attempts) + 1;
      const over = attempts - limit.attempts;
      const lockedUntil = global
        ? null
        : over >= 0
          ? new Date(now + lockSeconds(limit, over + 1) * 1000)
          : row.lockedUntil;
      await tx
        .update(signInAttempts)
        .set({ attempts, lockedUntil, lastAttemptAt: sql`now()` })
        .where(eq(signInAttempts.email, key));
    }
  });
}

/** A successful sign-in forgets this place's failed attempts. */
export async function clearSignIn(db: Db, rawEmail: string, source: SignInSource): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, keyOf(rawEmail, source)));
}

/** A password reset (a link mailed to the owner) forgets every failure on the account, from everywhere. */
export async function clearAllSignIns(db: Db, rawEmail: string): Promise<void> {
  const email = normalise(rawEmail);
  await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
  await db.delete(signInAttempts).where(like(signInAttempts.email, `${email.replace(/[\\%_]/g, "\\$&")} %`));
}
