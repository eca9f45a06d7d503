import { and, eq } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, translate } from "#domain/i18n";
import type { NotificationPreferenceKey } from "#domain/settings";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#domain/settings";
import type { AppDeps } from "#server/context";
import type { Db } from "#server/db/client";
import { notificationPreferences, notifications, users, workspaceMembers } from "#server/db/schema";
import { inLocale } from "#server/lib/i18n";

export interface NoticeToUser {
  /** The workspace it concerns (a personal workspace carries its account's id): its owner is told. */
  userId: string;
  kind: "release_status" | "ticket_reply" | "payment" | "case";
  /**
   * The title and text, written when the recipient is known: each is called in their language (issue 39),
   * so `t()` and the label tables inside answer in it. Stored as written, like a letter.
   */
  title: () => string;
  body: () => string;
  link: string;
  /** Send the e-mail only when this preference is on; undefined: always (a direct reply to them). */
  emailPreference?: NotificationPreferenceKey;
}

/**
 * Records an in-app notification and e-mails it when the user's preferences allow. A mail failure
 * is logged; the change that caused the notice has already happened and stays.
 */
export async function notifyUser(
  deps: Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db },
  workspaceNotice: NoticeToUser,
) {
  // Whoever owns the workspace now (ownership can move); the account itself when it has none.
  const [owner] = await deps.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceNotice.userId), eq(workspaceMembers.role, "owner")));
  const notice = { ...workspaceNotice, userId: owner?.userId ?? workspaceNotice.userId };
  const [user] = await deps.db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, notice.userId));
  const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  const { title, body } = inLocale(locale, () => ({ title: notice.title(), body: notice.body() }));
  await deps.db
    .insert(notifications)
    .values({ userId: notice.userId, kind: notice.kind, title, body, link: notice.link });
  if (!user) return;
  if (notice.emailPreference) {
    const [prefs] = await deps.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, notice.userId));
    const allowed = prefs ? prefs[notice.emailPreference] : DEFAULT_NOTIFICATION_PREFERENCES[notice.emailPreference];
    if (!allowed) return;
  }
  try {
    await deps.mailer.send({
      to: user.email,
      subject: title,
      text: translate(locale, "email.notice.body", { name: user.name, body, url: `${deps.publicUrl}${notice.link}` }),
    });
  } catch (err) {
    deps.logger.error({ err, userId: notice.userId }, "could not e-mail notification");
  }
}
