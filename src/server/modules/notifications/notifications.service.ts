// The in-app notices' use cases, as plain functions over the database: no HTTP here.

import { and, count, desc, eq, isNull } from "drizzle-orm";
import { t } from "#domain/i18n";
import type { Db } from "#server/db/client";
import { type NOTIFICATION_KINDS, notifications } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";

/** The newest twenty notifications and how many are unread. */
export async function listNotifications(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(20);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind as (typeof NOTIFICATION_KINDS)[number],
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    unread: unread?.n ?? 0,
  };
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return listNotifications(db, userId);
}

export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new DomainError("not_found", "NOT_FOUND", t("server.notificationNotFound"));
  return listNotifications(db, userId);
}
