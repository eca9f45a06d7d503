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
 * Counts a sign-in attempt for this address before the password is checked, and says how long to wait
 * when it is refused. Up to `attempts` tries pass; the next is refused and starts a pause; after each
 * pause one more try passes, and if that fails too the next pause is twice as long. Counted before
 * checking, so a burst of concurrent guesses cannot slip through while the first ones are verified.
 */
export async function beginSignIn(db: Db, rawEmail: string, limit: AccountLimit): Promise<number> {
  const email = rawEmail.trim().toLowerCase().slice(0, 320);
  return db.transaction(async (tx) => {
    await tx.insert(signInAttempts).values({ email, attempts: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(signInAttempts).where(eq(signInAttempts.email, email)).for("update");
    if (!row) return 0;
    const now = Date.now();
    if (row.lockedUntil && row.lockedUntil.getTime() > now) return Math.ceil((row.lockedUntil.getTime() - now) / 1000);
    const stale = now - row.lastAttemptAt.getTime() > FORGET_SECONDS * 1000 && !row.lockedUntil;
    const attempts = (stale ? 0 : row.attempts) + 1;
    let lockedUntil: Date | null = null;
    let wait = 0;
    if (attempts > limit.attempts && !row.lockedUntil) {
      wait = lockSeconds(limit, attempts - limit.attempts);
      lockedUntil = new Date(now + wait * 1000);
    }
    // An expired pause grants this one attempt (lockedUntil cleared); failing it pauses again, longer.
    await tx
      .update(signInAttempts)
      .set({ attempts, lockedUntil, lastAttemptAt: sql`now()` })
      .where(eq(signInAttempts.email, email));
    return wait;
  });
}

/** A successful sign-in (or password reset) forgets the account's failed attempts. */
export async function clearSignIn(db: Db, rawEmail: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, rawEmail.trim().toLowerCase()));
}
