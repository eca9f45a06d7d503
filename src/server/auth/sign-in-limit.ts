import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { signInAttempts } from "#server/db/schema";

/** How many sign-ins an account allows before it backs off, and the first pause. */
export interface AccountLimit {
  attempts: number;
  lockSeconds: number;
}

/** The longest pause: an attacker can slow an owner down, never lock them out for good. */
const MAX_LOCK_SECONDS = 15 * 60;
/** Attempts older than this are forgotten. */
const FORGET_SECONDS = 60 * 60;

/** The pause after the `locks`-th lock: the base, doubled each time, capped. */
export function lockSeconds(limit: AccountLimit, locks: number): number {
  return Math.min(MAX_LOCK_SECONDS, limit.lockSeconds * 2 ** Math.max(0, locks - 1));
}

/**
 * Seconds this account must wait before its password is checked again (0: go ahead), or null when it
 * has no failures on record (then a success has nothing to clear: no write on the usual sign-in).
 */
export async function signInPause(db: Db, rawEmail: string): Promise<number | null> {
  const [row] = await db
    .select({ lockedUntil: signInAttempts.lockedUntil })
    .from(signInAttempts)
    .where(eq(signInAttempts.email, normalise(rawEmail)));
  if (!row) return null;
  const left = row.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Counts a wrong password for this address. After `attempts` failures the account pauses; each failure
 * after a pause pauses it again, twice as long. Only failures count, so an owner signing in from
 * several devices at once is never paused; a burst of guesses pauses the account as it is checked.
 */
export async function recordSignInFailure(db: Db, rawEmail: string, limit: AccountLimit): Promise<void> {
  const email = normalise(rawEmail);
  await db.transaction(async (tx) => {
    await tx.insert(signInAttempts).values({ email, attempts: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(signInAttempts).where(eq(signInAttempts.email, email)).for("update");
    if (!row) return;
    const now = Date.now();
    const stale = now - row.lastAttemptAt.getTime() > FORGET_SECONDS * 1000 && !row.lockedUntil;
    const attempts = (stale ? 0 : row.attempts) + 1;
    const over = attempts - limit.attempts;
    const lockedUntil = over >= 0 ? new Date(now + lockSeconds(limit, over + 1) * 1000) : row.lockedUntil;
    await tx
      .update(signInAttempts)
      .set({ attempts, lockedUntil, lastAttemptAt: sql`now()` })
      .where(eq(signInAttempts.email, email));
  });
}

const normalise = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** A successful sign-in (or password reset) forgets the account's failed attempts. */
export async function clearSignIn(db: Db, rawEmail: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, normalise(rawEmail)));
}
