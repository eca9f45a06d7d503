// The public contact form's use cases, as plain functions over their dependencies: no HTTP here.
import { desc } from "drizzle-orm";
import { CONTACT } from "#domain/business";
import type { ContactMessageInput } from "#domain/contact";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { contactMessages } from "#server/db/schema";

/** Stores the message and mails it to support; a mail failure is logged, not shown as a lost message. */
export async function sendContactMessage(
  deps: Pick<AppDeps, "database" | "mailer" | "logger">,
  input: ContactMessageInput,
  userId: string | null,
): Promise<string> {
  const [stored] = await deps.database.db
    .insert(contactMessages)
    .values({ ...input, userId })
    .returning({ id: contactMessages.id });
  if (!stored) throw new Error("contact insert returned nothing");
  try {
    await deps.mailer.send({
      to: CONTACT.supportEmail,
      subject: `[Contact] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\nMessage id: ${stored.id}\n\n${input.message}`,
    });
  } catch (err) {
    deps.logger.error({ err, contactMessageId: stored.id }, "could not mail contact message");
  }
  return stored.id;
}

/** Messages sent through the contact form, newest first. */
export async function listContactMessages(db: Db, limit: number) {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
