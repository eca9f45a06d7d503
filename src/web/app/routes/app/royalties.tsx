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
import { formatDate, formatMonth } from "#web/lib/format";

export function RoyaltiesPage() {
  usePageMeta("Royalties");
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
        <h1 className="text-2xl font-bold sm:text-3xl">Royalties</h1>
        {royalties.isError ? <p role="alert">Could not load your royalties.</p> : <Skeleton className="h-64" />}
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
      ? `UPI ID ${account.upiId ?? ""}`
      : account.method === "paypal"
        ? `PayPal ${account.paypalEmail ?? ""}`
        : `account •••• ${account.accountLast4 ?? ""}${account.ifsc ? ` (${account.ifsc})` : ""}`
    : "your saved payout account";
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
      toast({ title: "Action Failed", description: (err as Error).message, variant: "destructive" });
    }
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Royalties</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">Total Earnings</h2>
          <p className="mt-2 text-2xl font-bold">{formatInr(data.totalEarningsPaise)}</p>
          <p className="mt-1 text-xs text-muted-foreground">Your share of all reported store revenue</p>
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">Pending Payment</h2>
          <p className="mt-2 text-2xl font-bold">{formatInr(data.pendingPaymentPaise)}</p>
          <p className="mt-1 text-xs text-muted-foreground">{formatInr(data.availablePaise)} available to request</p>
          {data.heldInCasesPaise > 0 && (
            <p className="mt-1 text-xs">
              {formatInr(data.heldInCasesPaise)} held while a store's notice is reviewed:{" "}
              <Link to={paths.app.cases} className="text-primary underline underline-offset-2">
                see the case
              </Link>
            </p>
          )}
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-medium text-muted-foreground">Last Payment</h2>
          <p className="mt-2 text-2xl font-bold">{data.lastPayment ? formatInr(data.lastPayment.amountPaise) : "—"}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {data.lastPayment ? `Paid on ${formatDate(data.lastPayment.date)}` : "No payments yet"}
          </p>
        </Card>
      </div>
      <Card className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" role="status">
          {data.canRequestPayout
            ? `You can request ${formatInr(data.availablePaise)} now.`
            : open
              ? ROYALTY_MESSAGES.payoutOnItsWay(formatInr(open.netPaise), PAYOUT_STATUS_LABELS[open.status])
              : ROYALTY_MESSAGES.belowMinimum(formatInr(data.minimumPayoutPaise))}
        </p>
        <Button onClick={() => setConfirming(true)} disabled={!data.canRequestPayout || request.isPending}>
          Request Payout
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={ROYALTY_MESSAGES.confirmRequestTitle(formatInr(data.availablePaise))}
          description={ROYALTY_MESSAGES.confirmRequest(destination, account?.registeredName ?? null)}
          confirmLabel="Request payout"
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
          <h2 className="text-lg font-semibold">Monthly Earnings</h2>
          {data.monthly.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              No earnings yet. They appear when stores report your streams.
            </p>
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
                  <Tooltip
                    contentStyle={{
                      background: "var(--card)",
                      border: "1px solid var(--border)",
                      color: "var(--foreground)",
                    }}
                  />
                  <Bar dataKey="rupees" name="Earnings (₹)" fill="var(--primary)" radius={[3, 3, 0, 0]} />
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
          <h2 className="text-lg font-semibold">Platform Breakdown</h2>
          {data.platforms.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No store earnings yet.</p>
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
            Transaction History
          </h2>
          <Tabs value={filter} onValueChange={(v) => setFilter(v as typeof filter)}>
            <TabsList aria-label="Transactions">
              <TabsTrigger value="all" aria-controls="transactions-table">
                All
              </TabsTrigger>
              <TabsTrigger value="pending" aria-controls="transactions-table">
                Pending
              </TabsTrigger>
              <TabsTrigger value="completed" aria-controls="transactions-table">
                Completed
              </TabsTrigger>
            </TabsList>
          </Tabs>
        </div>
        <DataTable
          id="transactions-table"
          label="Transaction history"
          rows={payouts}
          rowKey={(p) => p.id}
          emptyText="No transactions here yet."
          columns={[
            { header: "Requested", cell: (p) => formatDate(p.requestedAt) },
            { header: "Amount", cell: (p) => formatInr(p.amountPaise) },
            { header: "TDS", cell: (p) => (p.tdsPaise ? formatInr(p.tdsPaise) : "—") },
            { header: "Method", cell: (p) => payoutMethodLabel(p.method) },
            {
              header: "Status",
              cell: (p) => (
                <>
                  <Badge tone={tone(p.status)}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
                  {p.failureReason && <p className="mt-1 text-xs text-muted-foreground">{p.failureReason}</p>}
                </>
              ),
            },
            { header: "Reference (UTR)", cell: (p) => p.reference ?? "—" },
          ]}
        />
      </section>
    </div>
  );
}
