import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n";
import type { Db } from "#server/db/client";
import { users } from "#server/db/schema";

const chosenBy = async (db: Db, where: ReturnType<typeof eq>) =>
  (await db.select({ locale: users.locale }).from(users).where(where))[0]?.locale;

/**
 * The language to write to an address in (issue 39): its account's choice when it has one; otherwise
 * the sender's, since they chose whom to write to; otherwise English.
 */
export async function localeForAddress(db: Db, email: string, senderId?: string): Promise<Locale> {
  const own = await chosenBy(db, eq(users.email, email.trim().toLowerCase()));
  if (isLocale(own)) return own;
  const sender = senderId ? await chosenBy(db, eq(users.id, senderId)) : undefined;
  return isLocale(sender) ? sender : DEFAULT_LOCALE;
}
