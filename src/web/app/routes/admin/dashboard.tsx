import { CheckCircle2, CreditCard, Disc3, LifeBuoy, Users, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { formatInr } from "#domain/money";
import { usePageMeta } from "#web/components/page-title";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { type AdminSummary, useAdminSummary } from "#web/features/dashboard/api/get-admin-summary";
import { formatCount, formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export function AdminDashboardPage() {
  const t = useT();
  usePageMeta(t("adminHome.title"));
  const summary = useAdminSummary();
  useEffect(() => {
    if (summary.isError)
      toast({
        title: t("adminHome.fetchError"),
        description: t("adminHome.loadFailed"),
        variant: "destructive",
      });
  }, [summary.isError, t]);
  const totals = summary.data?.totals;
  const cards = [
    { title: t("adminHome.users"), value: totals?.users, icon: Users },
    { title: t("adminHome.releases"), value: totals?.releases, icon: Disc3 },
    { title: t("adminHome.subscriptions"), value: totals?.activeSubscriptions, icon: CreditCard },
    { title: t("adminHome.tickets"), value: totals?.openTickets, icon: LifeBuoy },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminHome.title")}</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ title, value, icon: Icon }) =>
          summary.isPending ? (
            <Skeleton key={title} className="h-28" />
          ) : (
            <Card key={title} className="p-5">
              <div className="flex items-center justify-between">
                <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
                <Icon className="h-4 w-4 text-primary" aria-hidden />
              </div>
              <p className="mt-2 text-2xl font-bold">{formatCount(value ?? 0)}</p>
            </Card>
          ),
        )}
      </div>
      {summary.data && <AttentionQueues queues={summary.data.queues} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">{t("adminHome.system")}</h2>
          {summary.data && (
            <>
              <p
                className={`mt-2 font-medium ${summary.data.system.operational ? "text-green-700 dark:text-green-400" : "text-amber-700 dark:text-amber-300"}`}
              >
                {summary.data.system.operational ? t("adminHome.allOk") : t("adminHome.someNeed")}
              </p>
              <ul className="mt-3 grid gap-2 text-sm">
                {summary.data.system.checks.map((check) => (
                  <li key={check.name} className="flex items-start gap-2">
                    {check.ok ? (
                      <CheckCircle2
                        className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400"
                        aria-label={t("adminHome.ok")}
                      />
                    ) : (
                      <XCircle
                        className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300"
                        aria-label={t("adminHome.needsAttention")}
                      />
                    )}
                    <span>
                      <span className="font-medium">{check.name}:</span> {check.detail}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t("adminHome.recent")}</h2>
          {summary.data?.recentActivity.length === 0 && (
            <p className="mt-2 text-sm text-muted-foreground">{t("adminHome.nothingYet")}</p>
          )}
          <ul className="mt-3 grid gap-3 text-sm">
            {summary.data?.recentActivity.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="flex items-start gap-2">
                {item.kind === "release" ? (
                  <Disc3 className="mt-0.5 h-4 w-4 text-primary" aria-label={t("adminHome.release")} />
                ) : (
                  <LifeBuoy className="mt-0.5 h-4 w-4 text-primary" aria-label={t("adminHome.ticket")} />
                )}
                <span>
                  <span className="font-medium">{item.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(item.kind === "release" ? "adminHome.releaseBy" : "adminHome.ticketBy", {
                      who: item.ownerName ?? t("adminHome.manual"),
                    })}{" "}
                    · {formatDateTime(item.at)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

/** What waits for an admin, each with the way to it. */
function AttentionQueues({ queues }: { queues: AdminSummary["queues"] }) {
  const t = useT();
  const items = [
    {
      label: t("adminHome.q.review"),
      count: queues.reviewReleases,
      to: `${paths.admin.releases}?status=pending_review`,
      action: t("adminHome.q.reviewAction"),
    },
    {
      label: t("adminHome.q.failed"),
      count: queues.failedDeliveryReleases,
      to: paths.admin.deliveries,
      action: t("adminHome.q.failedAction"),
    },
    {
      label: t("adminHome.q.payouts"),
      count: queues.pendingPayouts,
      detail: queues.pendingPayouts ? formatInr(queues.pendingPayoutsPaise) : undefined,
      to: paths.admin.payouts,
      action: t("adminHome.q.payoutsAction"),
    },
    {
      label: t("adminHome.q.overdue"),
      count: queues.overdueCases,
      detail: queues.openCases ? t("adminHome.ofOpen", { count: formatCount(queues.openCases) }) : undefined,
      to: paths.admin.cases,
      action: t("adminHome.q.overdueAction"),
    },
    {
      label: t("adminHome.q.warnings"),
      count: queues.streamWarnings,
      to: paths.admin.cases,
      action: t("adminHome.q.warningsAction"),
    },
  ];
  return (
    <Card role="region" aria-labelledby="queues-title">
      <h2 id="queues-title" className="text-lg font-semibold">
        {t("adminHome.needsYou")}
      </h2>
      {queues.pausedStores.map((store) => (
        <p key={store.store} className="mt-3 rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
          <strong>{t("adminHome.paused", { store: store.storeName })}</strong>
          {t("adminHome.pausedWhy")}
          {store.lastError ? `: ${store.lastError}` : "."}{" "}
          <Link to={paths.admin.deliveries} className="text-primary underline underline-offset-2">
            {t("adminHome.resume")}
          </Link>
        </p>
      ))}
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.label} className="grid gap-1 rounded-lg border border-border p-4">
            <span className="text-sm text-muted-foreground">{item.label}</span>
            <span className="text-2xl font-bold">
              {formatCount(item.count)}
              {item.detail && <span className="ml-2 text-base font-medium text-muted-foreground">{item.detail}</span>}
            </span>
            {item.count > 0 ? (
              <Link to={item.to} className="text-sm text-primary underline underline-offset-2">
                {item.action}
              </Link>
            ) : (
              <span className="text-sm text-muted-foreground">{t("adminHome.nothingWaiting")}</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
