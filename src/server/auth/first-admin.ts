import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { accounts, users } from "#server/db/schema";
import type { Auth } from "./auth";

export const DEFAULT_ADMIN_EMAIL = "admin@kalrav.local";

export type FirstAdminResult =
  | { created: true; email: string; password: string; generated: boolean }
  | { created: false; email: string };

/** Makes sure an admin exists; creates the first one from the environment or with a generated password. */
export async function ensureFirstAdmin(
  db: Db,
  auth: Auth,
  opts: { email?: string; password?: string },
): Promise<FirstAdminResult> {
  const [existingAdmin] = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin")).limit(1);
  if (existingAdmin) return { created: false, email: existingAdmin.email };

  const email = (opts.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? randomBytes(12).toString("base64url");
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
  return { created: true, email, password, generated };
}
