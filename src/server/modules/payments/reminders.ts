// Renewal reminders (7 days and 1 day before a paid period ends) and the notice that a paid plan has
// lapsed. Each is sent once: the row is claimed by an update that only one run can win.

import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { addDays, todayIst } from "#domain/clock";
import { t } from "#domain/i18n";
import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLANS, type PlanId } from "#domain/plans";
import { subscriptions } from "#server/db/schema";
import type { ScheduledTask } from "#server/jobs/queue";
import type { Payments } from "#server/lib/payment-gateway";
import { notifyUser } from "#server/modules/notifications";
import type { WebhookDeps } from "./webhooks.service";

export async function sendPlanReminders(deps: Omit<WebhookDeps, "payments">, today = todayIst()) {
  let sent = 0;
  for (const days of [7, 1] as const) {
    const column = days === 7 ? subscriptions.reminder7SentAt : subscriptions.reminder1SentAt;
    const claimed = await deps.db
      .update(subscriptions)
      .set(days === 7 ? { reminder7SentAt: new Date() } : { reminder1SentAt: new Date() })
      .where(
        and(
          eq(subscriptions.kind, "paid"),
          eq(subscriptions.status, "active"),
          eq(subscriptions.cancelAtPeriodEnd, false),
          eq(subscriptions.endDate, addDays(today, days)),
          isNull(column),
        ),
      )
      .returning({ userId: subscriptions.userId, planId: subscriptions.planId, endDate: subscriptions.endDate });
    for (const row of claimed) {
      const plan = PLANS[row.planId as PlanId];
      await notifyUser(deps, {
        userId: row.userId,
        kind: "payment",
        title: () => t("paywall.renewsTitle", { plan: plan.name, days }),
        body: () =>
          t("paywall.renews", {
            plan: plan.name,
            date: row.endDate,
            amount: formatInr(plan.pricePaise, { decimals: true }),
          }),
        link: "/app/subscriptions",
      });
      sent++;
    }
  }
  // Paid periods that ended without a renewal: the artist is told what that means, once.
  const ended = await deps.db
    .update(subscriptions)
    .set({ lapseNoticeSentAt: new Date() })
    .where(
      and(
        eq(subscriptions.kind, "paid"),
        lt(subscriptions.endDate, today),
        isNull(subscriptions.lapseNoticeSentAt),
        sql`not exists (select 1 from subscriptions s2 where s2.user_id = ${subscriptions.userId} and s2.end_date >= ${today} and s2.status = 'active')`,
      ),
    )
    .returning({ userId: subscriptions.userId });
  for (const row of ended) {
    await notifyUser(deps, {
      userId: row.userId,
      kind: "payment",
      title: () => PAYWALL_MESSAGES.lapsedTitle,
      body: () => PAYWALL_MESSAGES.lapsed,
      link: "/app/subscriptions",
    });
    sent++;
  }
  return sent;
}

/**
 * The payments module's periodic work, hourly and once across processes: the test gateway charges
 * its due renewals as Razorpay's scheduler would, and renewal reminders go out once each.
 */
export function paymentSchedule(deps: Omit<WebhookDeps, "payments"> & { payments: Payments }): ScheduledTask[] {
  const tasks: ScheduledTask[] = [
    { kind: "plan-reminders", everySeconds: 3600, run: () => sendPlanReminders(deps).then(() => undefined) },
  ];
  const testGateway = deps.payments.testGateway;
  if (testGateway)
    tasks.push({
      kind: "test-gateway-renewals",
      everySeconds: 3600,
      run: async () => {
        const renewed = await testGateway.renewDue(todayIst());
        if (renewed) deps.logger.info({ subscriptions: renewed }, "test gateway: renewals charged");
      },
    });
  return tasks;
}
