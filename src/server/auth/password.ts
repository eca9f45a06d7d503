import { createRequire } from "node:module";
import { verifyPassword as verifyScrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { accounts } from "#server/db/schema";
import { applyNativeDefaults } from "#server/env";

// The package's allocator reads its setting when the package loads (env.ts, decision 064): set first,
// then loaded (a static import would be loaded before this module's first line).
applyNativeDefaults();
const { hash, verify } = createRequire(import.meta.url)("@node-rs/argon2") as typeof import("@node-rs/argon2");

/**
 * Argon2id at one of OWASP's minimum settings: 7 MiB, 5 passes, 1 lane. OWASP lists it beside 19 MiB ×
 * 2 passes as the same defence, trading memory for passes. It replaced 19 MiB × 2 (decision 055): on
 * our slow two-core machines a server signed in 48–61 times a second with it against 36–45, likely
 * because a check that holds less memory loses less to PostgreSQL and the event loop beside it. About a
 * fifth of the CPU of Better Auth's default scrypt (N=2^14, r=16), and it runs on libuv's thread pool,
 * off the event loop. Stored hashes carry their own settings, so older ones still verify.
 */
// `algorithm: 2` is the package's const enum `Algorithm.Argon2id`, which isolated modules cannot import.
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFKC"), ARGON2_OPTIONS);
}

/** Accounts created before the switch keep their scrypt hash (`salt:key`) until the password changes. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  if (stored.startsWith("$argon2")) return verify(stored, password.normalize("NFKC"));
  return verifyScrypt({ hash: stored, password });
}

/** Whether `password` is the account's own (a re-entry before something that moves money or identity). */
export async function accountPasswordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!account?.password) return false;
  return verifyPassword({ hash: account.password, password }).catch(() => false);
}
