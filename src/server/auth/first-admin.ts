import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { accounts, users } from "#server/db/schema";
import type { Auth } from "./auth";

export const DEFAULT_ADMIN_EMAIL = "admin@kalrav.local";

export type FirstAdminResult =
  | { created: true; email: string; password: string; generated: boolean }
  | { created: false; email: string };

export type AdminCredentialsResult =
  | FirstAdminResult
  | { created: false; email: string; reset: true; password: string };

/**
 * Makes sure the operator can sign in as an admin, and says how:
 * - with ADMIN_EMAIL and ADMIN_PASSWORD set, that account is an admin: created when it does not exist
 *   (even if another admin does), promoted when it is an artist; its password is replaced only when
 *   `resetPassword` (ADMIN_RESET_PASSWORD=true) says so, so a restart never undoes a changed password;
 * - without them, the first admin is created once, with a generated password to print.
 * Whoever calls this prints the result (the server's start-up banner, the demo seed).
 */
export async function ensureFirstAdmin(
  db: Db,
  auth: Auth,
  opts: { email?: string; password?: string; resetPassword?: boolean },
): Promise<AdminCredentialsResult> {
  const named = opts.email && opts.password ? { email: opts.email.toLowerCase(), password: opts.password } : null;
  if (named) {
    const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, named.email));
    if (!user) {
      await writeAdmin(db, auth, named.email, named.password);
      return { created: true, email: named.email, password: named.password, generated: false };
    }
    if (user.role !== "admin")
      await db.update(users).set({ role: "admin", banned: false }).where(eq(users.id, user.id));
    if (opts.resetPassword) {
      await writeAdmin(db, auth, named.email, named.password);
      return { created: false, email: named.email, reset: true, password: named.password };
    }
    return { created: false, email: named.email };
  }
  const [existingAdmin] = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin")).limit(1);
  if (existingAdmin) return { created: false, email: existingAdmin.email };
  const email = (opts.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? randomBytes(12).toString("base64url");
  await writeAdmin(db, auth, email, password);
  return { created: true, email, password, generated };
}

/** The admin account with exactly this password (any earlier credential replaced), in one transaction. */
async function writeAdmin(db: Db, auth: Auth, email: string, password: string) {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx.update(users).set({ role: "admin", banned: false, emailVerified: true }).where(eq(users.id, id));
    } else {
      await tx.insert(users).values({ id, email, name: "Kalrav Admin", role: "admin", emailVerified: true });
    }
    // Replace any credential so the printed password is the one that works.
    await tx.delete(accounts).where(eq(accounts.userId, id));
    await tx
      .insert(accounts)
      .values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
  });
}

/** The lines that tell the operator how to sign in as admin. */
export function adminCredentialLines(result: AdminCredentialsResult): string[] {
  if (result.created) {
    return [
      `First admin: ${result.email}`,
      result.generated
        ? `Password:    ${result.password}   (generated; shown only this once)`
        : "Password:    the one in ADMIN_PASSWORD",
    ];
  }
  if ("reset" in result) return [`Admin: ${result.email}`, "Password:    reset to the one in ADMIN_PASSWORD"];
  return [`Admin: ${result.email} (created earlier; its password was shown at that start)`];
}
