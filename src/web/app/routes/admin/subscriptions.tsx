import { Plus } from "lucide-react";
import { useState } from "react";
import { formatInr } from "#domain/money";
import { PAYWALL_MESSAGES } from "#domain/payments";
import { PLANS } from "#domain/plans";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "#domain/subscriptions";
import { usePageMeta } from "#web/components/page-title";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { DataTable } from "#web/components/ui/data-table";
import { SearchInput } from "#web/components/ui/search-input";
import { Select } from "#web/components/ui/select";
import { toast, toastFailure } from "#web/components/ui/toast";
import { type AdminSubscription, useAdminSubscriptions } from "#web/features/subscriptions/api/get-admin-subscriptions";
import { useSubscriptionAction } from "#web/features/subscriptions/api/subscription-action";
import { AdminPayments } from "#web/features/subscriptions/components/admin-payments";
import { CreateDialog } from "#web/features/subscriptions/components/create-subscription-dialog";
import { findUserByEmail } from "#web/features/users/api/get-users";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useListSearch } from "#web/lib/use-list-search";

const fail = toastFailure("Action Failed");
const TONE = { active: "success", cancelled: "neutral", past_due: "warning" } as const;

export function ManageSubscriptionsPage() {
  const t = useT();
  usePageMeta(t("adminSubs.title"));
  const [status, setStatus] = useState<SubscriptionStatus | "">("");
  const { search, setSearch, q, page, setPage } = useListSearch();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminSubscription | null>(null);
  const list = useAdminSubscriptions({ q, status, page, pageSize: 20 });
  const action = useSubscriptionAction();
  const run = (s: AdminSubscription, a: "cancel" | "reactivate" | "retry-payment", done: string) =>
    action
      .mutateAsync({ id: s.id, action: a })
      .then(() => toast({ title: done, description: `${s.userName} · ${PLANS[s.planId].name}` }), fail);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("adminSubs.title")}</h1>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t("adminSubs.create")}
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <SearchInput
          label={t("adminSubs.search")}
          placeholder={t("adminSubs.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label={t("adminRel.filter")}
          className="w-44"
          value={status}
          onChange={(e) => setStatus(e.target.value as SubscriptionStatus | "")}
        >
          <option value="">{t("adminRel.allStatuses")}</option>
          {SUBSCRIPTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {SUBSCRIPTION_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <DataTable
        columns={[
          {
            header: t("adminRel.user"),
            cell: (s) => (
              <>
                <span className="font-medium">{s.userName}</span>
                <span className="block text-xs text-muted-foreground">{s.userEmail}</span>
              </>
            ),
          },
          {
            header: t("billing.plan"),
            cell: (s) => (
              <>
                {PLANS[s.planId].name}
                {s.kind === "complimentary" && (
                  <span className="block text-xs text-muted-foreground">
                    {PAYWALL_MESSAGES.complimentary(s.complimentaryReason ?? "")}
                  </span>
                )}
              </>
            ),
          },
          {
            header: t("ui.col.status"),
            cell: (s) => (
              <>
                <Badge tone={TONE[s.status]}>{SUBSCRIPTION_STATUS_LABELS[s.status]}</Badge>
                {s.cancelAtPeriodEnd && (
                  <span className="block text-xs text-muted-foreground">{t("adminSubs.endsAtEnd")}</span>
                )}
                {s.paymentRetries > 0 && (
                  <span className="block text-xs text-muted-foreground">
                    {t("adminSubs.retries", { count: s.paymentRetries })}
                  </span>
                )}
              </>
            ),
          },
          { header: t("adminSubs.start"), cell: (s) => formatDate(s.startDate) },
          { header: t("adminSubs.end"), cell: (s) => formatDate(s.endDate) },
          { header: t("ui.col.amount"), cell: (s) => formatInr(s.amountPaise) },
          {
            header: t("ui.col.actions"),
            cell: (s) => (
              <>
                <div className="flex flex-wrap gap-1">
                  {s.status === "active" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(s, "cancel", t("adminSubs.cancelled"))}
                      aria-label={t("adminSubs.cancelOf", { name: s.userName })}
                    >
                      {t("adminSubs.cancel")}
                    </Button>
                  )}
                  {s.status === "cancelled" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(s, "reactivate", t("adminSubs.reactivated"))}
                      aria-label={t("adminSubs.reactivateOf", { name: s.userName })}
                    >
                      {t("adminSubs.reactivate")}
                    </Button>
                  )}
                  {s.status === "past_due" && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(s, "retry-payment", t("adminSubs.retried"))}
                      aria-label={t("adminSubs.retryOf", { name: s.userName })}
                    >
                      {t("adminSubs.retry")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDeleting(s)}
                    aria-label={t("adminSubs.deleteOf", { name: s.userName })}
                  >
                    {t("adminSubs.deleteRecord")}
                  </Button>
                </div>
              </>
            ),
          },
        ]}
        rows={list.data?.items}
        rowKey={(s) => s.id}
        loading={list.isPending}
        loadingText={t("adminSubs.loading")}
        emptyText={t("adminSubs.none")}
        paging={list.data && { page: page, pageSize: list.data.pageSize, total: list.data.total, onPage: setPage }}
      />
      <AdminPayments />
      <CreateDialog open={creating} onOpenChange={setCreating} findUser={findUserByEmail} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("adminSubs.deleteQ")}
        description={
          deleting
            ? t("adminSubs.deleteHint", {
                name: deleting.userName,
                plan: PLANS[deleting.planId].name,
                date: formatDate(deleting.startDate),
              })
            : ""
        }
        confirmLabel={t("adminSubs.deleteRecord")}
        pending={action.isPending}
        onConfirm={() =>
          deleting &&
          action.mutateAsync({ id: deleting.id, action: "delete" }).then(() => {
            toast({ title: t("adminSubs.deleted"), description: deleting.userName });
            setDeleting(null);
          }, fail)
        }
      />
    </div>
  );
}
