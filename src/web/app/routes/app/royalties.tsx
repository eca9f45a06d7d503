import { useState } from "react";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInr } from "#domain/money";
import { PAYOUT_OPEN_STATUSES, PAYOUT_STATUS_LABELS, type PayoutStatus, payoutMethodLabel } from "#domain/payouts";
import { ROYALTY_MESSAGES } from "#domain/royalties";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { Skeleton } from "#web/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useRoyalties } from "#web/features/royalties/api/get-royalties";
import { useRequestPayout } from "#web/features/royalties/api/request-payout";
import { usePayeeDetails } from "#web/features/royalties/api/splits";
import { needsPasswordAgain, usePasswordAgain } from "#web/features/royalties/components/password-again";
import { StatementCard } from "#web/features/royalties/components/statement-card";
import { CHART_TOOLTIP_STYLE } from "#web/lib/chart-style";
import { formatDate, formatMonth } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export function RoyaltiesPage() {
  const t = useT();
  usePageMeta(t("royalties.title"));
  const royalties = useRoyalties();
  const request = useRequestPayout();
  const passwordAgain = usePasswordAgain();
  const [filter, setFilter] = useState<"all" | "pending" | "completed">("all");
  const [confirming, setConfirming] = useState(false);
  const payee = usePayeeDetails();
  const data = royalties.data;
  if (!data) {
    return (
      <div className="mx-auto grid max-w-6xl gap-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("royalties.title")}</h1>
        {royalties.isError ? <p role="alert">{t("royalties.loadFailed")}</p> : <Skeleton className="h-64" />}
      </div>
    );
  }
  // "Pending" is every payout still on its way: requested, approved or with the bank.
  const payouts = data.payouts.filter(
    (p) =>
      filter === "all" ||
      (filter === "pending" ? (PAYOUT_OPEN_STATUSES as readonly string[]).includes(p.status) : p.status === filter),
  );
  const tone = (s: PayoutStatus) =>
    s === "completed" ? "success" : s === "failed" || s === "reversed" ? "danger" : "warning";
  const account = payee.data?.details;
  const destination = account
    ? account.method === "upi"
      ? t("royalties.upi", { id: account.upiId ?? "" })
      : account.method === "paypal"
        ? t("royalties.paypal", { email: account.paypalEmail ?? "" })
        : account.ifsc
          ? t("royalties.accountIfsc", { last4: account.accountLast4 ?? "", ifsc: account.ifsc })
          : t("royalties.account", { last4: account.accountLast4 ?? "" })
    : t("royalties.savedAccount");
  const open = data.payouts.find((p) => (PAYOUT_OPEN_STATUSES as readonly string[]).includes(p.status));
  const ask = async (password?: string): Promise<void> => {
    try {
      const r = await request.mutateAsync(password ? { password } : {});
      toast({
        title: ROYALTY_MESSAGES.requestedTitle,
        description: ROYALTY_MESSAGES.requested(formatInr(r.payouts[0]?.amountPaise ?? 0)),
      });
    } catch (err) {
      // An old sign-in: the password again, then the same request (issue 34).
      if (needsPasswordAgain(err)) {
        const given = await passwordAgain.ask(err.message);
        if (given) return ask(given);
        return;
      }
      toast({ title: t("ui.actionFailed"), description: (err as Error).message, variant: "destructive" });
    }
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("royalties.title")}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">{t("royalties.total")}</h2>
          <p className="mt-2 text-2xl font-bold">{formatInr(data.totalEarningsPaise)}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t("royalties.totalNote")}</p>
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">{t("royalties.pending")}</h2>
          <p className="mt-2 text-2xl font-bold">{formatInr(data.pendingPaymentPaise)}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {t("royalties.available", { amount: formatInr(data.availablePaise) })}
          </p>
          {data.heldInCasesPaise > 0 && (
            <p className="mt-1 text-xs">
              {t("royalties.held", { amount: formatInr(data.heldInCasesPaise) })}{" "}
              <Link to={paths.app.cases} className="text-primary underline underline-offset-2">
                {t("royalties.seeCase")}
              </Link>
            </p>
          )}
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">{t("royalties.last")}</h2>
          <p className="mt-2 text-2xl font-bold">{data.lastPayment ? formatInr(data.lastPayment.amountPaise) : "—"}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {data.lastPayment
              ? t("royalties.paidOn", { date: formatDate(data.lastPayment.date) })
              : t("royalties.noPayments")}
          </p>
        </Card>
      </div>
      <Card className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" role="status">
          {data.canRequestPayout
            ? t("royalties.canRequest", { amount: formatInr(data.availablePaise) })
            : open
              ? ROYALTY_MESSAGES.payoutOnItsWay(formatInr(open.netPaise), PAYOUT_STATUS_LABELS[open.status])
              : ROYALTY_MESSAGES.belowMinimum(formatInr(data.minimumPayoutPaise))}
        </p>
        <Button onClick={() => setConfirming(true)} disabled={!data.canRequestPayout || request.isPending}>
          {t("royalties.request")}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={ROYALTY_MESSAGES.confirmRequestTitle(formatInr(data.availablePaise))}
          description={ROYALTY_MESSAGES.confirmRequest(destination, account?.registeredName ?? null)}
          confirmLabel={t("royalties.requestConfirm")}
          pending={request.isPending}
          onConfirm={() => {
            setConfirming(false);
            void ask();
          }}
        />
        {passwordAgain.dialog}
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">{t("royalties.monthly")}</h2>
          {data.monthly.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("royalties.noEarnings")}</p>
          ) : (
            <div className="mt-4 h-64" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  accessibilityLayer={false}
                  data={data.monthly.map((m) => ({
                    label: formatMonth(m.month),
                    rupees: m.netPaise / 100,
                  }))}
                >
                  <CartesianGrid vertical={false} stroke="var(--border)" />
                  <XAxis dataKey="label" tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
                  <YAxis tickLine={false} stroke="var(--muted-foreground)" fontSize={12} />
                  <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
                  <Bar
                    dataKey="rupees"
                    name={t("royalties.chartEarnings")}
                    fill="var(--primary)"
                    radius={[3, 3, 0, 0]}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          {data.monthly.length > 0 && (
            <ul className="sr-only">
              {data.monthly.map((m) => (
                <li key={m.month}>
                  {formatMonth(m.month)}: {formatInr(m.netPaise)}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t("royalties.platforms")}</h2>
          {data.platforms.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("royalties.noPlatforms")}</p>
          ) : (
            <ul className="mt-3 grid gap-2 text-sm">
              {data.platforms.map((p) => (
                <li key={p.store} className="flex justify-between">
                  <span>{p.store}</span>
                  <span className="text-muted-foreground">
                    {formatInr(p.netPaise)} · {p.percent}%
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <StatementCard earnedMonths={data.monthly.map((m) => m.month)} />
      <section aria-labelledby="transactions" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="transactions" className="text-lg font-semibold">
            {t("royalties.history")}
          </h2>
          <Tabs value={filter} onValueChange={(v) => setFilter(v as typeof filter)}>
            <TabsList aria-label={t("royalties.transactions")}>
              <TabsTrigger value="all" aria-controls="transactions-table">
                {t("royalties.all")}
              </TabsTrigger>
              <TabsTrigger value="pending" aria-controls="transactions-table">
                {t("royalties.pendingTab")}
              </TabsTrigger>
              <TabsTrigger value="completed" aria-controls="transactions-table">
                {t("royalties.completed")}
              </TabsTrigger>
            </TabsList>
          </Tabs>
        </div>
        <DataTable
          id="transactions-table"
          label={t("royalties.historyLabel")}
          rows={payouts}
          rowKey={(p) => p.id}
          emptyText={t("royalties.none")}
          columns={[
            { header: t("royalties.requested"), cell: (p) => formatDate(p.requestedAt) },
            { header: t("royalties.amount"), cell: (p) => formatInr(p.amountPaise) },
            { header: t("royalties.tds"), cell: (p) => (p.tdsPaise ? formatInr(p.tdsPaise) : "—") },
            { header: t("royalties.method"), cell: (p) => payoutMethodLabel(p.method) },
            {
              header: t("royalties.status"),
              cell: (p) => (
                <>
                  <Badge tone={tone(p.status)}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
                  {p.failureReason && <p className="mt-1 text-xs text-muted-foreground">{p.failureReason}</p>}
                </>
              ),
            },
            { header: t("royalties.reference"), cell: (p) => p.reference ?? "—" },
          ]}
        />
      </section>
    </div>
  );
}
