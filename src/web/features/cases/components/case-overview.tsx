import { CASE_STATUS_LABELS } from "#domain/fraud";
import { t } from "#domain/i18n";
import { formatInr } from "#domain/money";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseDetail } from "#web/features/cases/api/cases";
import { formatDate, formatMonth } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

type Detail = CaseDetail;
const TONE = { open: "warning", upheld: "danger", partly_upheld: "danger", dismissed: "success" } as const;

/** "Due in 3 days", "Due today", "Overdue by 2 days". */
export function deadlineText(c: Detail["case"]) {
  if (c.status !== "open") return t("caseView.decided", { date: c.decidedAt ? formatDate(c.decidedAt) : "" });
  if (c.daysLeft < 0) return t("caseView.overdue", { days: -c.daysLeft, date: formatDate(c.deadline) });
  if (c.daysLeft === 0) return t("caseView.dueToday", { date: formatDate(c.deadline) });
  return t("caseView.dueBy", { date: formatDate(c.deadline), days: c.daysLeft });
}

export function CaseStatusBadge({ c }: { c: Detail["case"] }) {
  const t = useT();
  return (
    <span className="inline-flex gap-1">
      <Badge tone={TONE[c.status]}>{CASE_STATUS_LABELS[c.status]}</Badge>
      {c.overdue && <Badge tone="danger">{t("caseView.overdueBadge")}</Badge>}
    </span>
  );
}

const period = (c: Detail["case"]) =>
  c.periodFrom === c.periodTo
    ? formatMonth(c.periodFrom, true)
    : t("caseView.period", { from: formatMonth(c.periodFrom, true), to: formatMonth(c.periodTo, true) });

/** What is alleged, what is held and until when: the top of a case for both sides. */
export function CaseOverview({ detail, side }: { detail: Detail; side: "artist" | "admin" }) {
  const t = useT();
  const c = detail.case;
  const { money } = detail;
  return (
    <section aria-labelledby="case-overview" className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-overview" className="text-lg font-semibold">
          {t("caseView.says", { store: c.store })}
        </h2>
        <CaseStatusBadge c={c} />
      </div>
      <blockquote className="border-l-4 border-border pl-3 text-sm">
        {c.reason}
        {c.storeReference && (
          <span className="block text-xs text-muted-foreground">
            {t("caseView.storeRef", { ref: c.storeReference })}
          </span>
        )}
      </blockquote>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("caseView.months")}</dt>
          <dd className="font-medium">{period(c)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("caseView.deadline")}</dt>
          <dd className={c.overdue ? "font-medium text-destructive" : "font-medium"}>{deadlineText(c)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("caseView.heldNow")}</dt>
          <dd className="font-medium">{formatInr(money.heldPaise, { decimals: true })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("caseView.fee")}</dt>
          <dd className="font-medium">
            {c.feePaise ? formatInr(c.feePaise, { decimals: true }) : t("billing.none")}
            {c.feeReversed && t("caseView.feeReversed")}
          </dd>
        </div>
        {money.releasedPaise > 0 && (
          <div>
            <dt className="text-muted-foreground">{t("caseView.released")}</dt>
            <dd className="font-medium">{formatInr(money.releasedPaise, { decimals: true })}</dd>
          </div>
        )}
        {money.reversedPaise > 0 && (
          <div>
            <dt className="text-muted-foreground">{t("caseView.reversed")}</dt>
            <dd className="font-medium">{formatInr(money.reversedPaise, { decimals: true })}</dd>
          </div>
        )}
      </dl>
      {side === "artist" && c.status === "open" && (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">{t("caseView.whatToDo")}</p>
          <p className="mt-1">
            {t("caseView.explain", { store: c.store, period: period(c), date: formatDate(c.deadline) })}
          </p>
        </div>
      )}
      {c.status !== "open" && c.decisionReason && (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">{t("caseView.decision", { status: CASE_STATUS_LABELS[c.status] })}</p>
          <p className="mt-1">{c.decisionReason}</p>
          {c.takedown && c.takedown !== "none" && (
            <p className="mt-1">
              {c.takedown === "store"
                ? t("caseView.takenDownStore", { store: c.store })
                : t("caseView.takenDownAll", { reason: c.takedownReason ?? "" })}
            </p>
          )}
        </div>
      )}
      <DataTable
        label={t("caseView.tracksNamed")}
        rows={detail.tracks}
        rowKey={(t) => `${t.releaseId}-${t.isrc}`}
        emptyText={t("caseView.noTracks")}
        columns={[
          { header: t("ui.col.track"), rowHeader: true, cell: (t) => t.track },
          { header: t("ui.col.release"), cell: (t) => t.release },
          { header: "ISRC", cell: (t) => t.isrc || "—" },
          {
            header: t("caseView.outcome"),
            cell: (t) => (t.outcome ? CASE_STATUS_LABELS[t.outcome] : CASE_STATUS_LABELS.open),
          },
        ]}
      />
    </section>
  );
}
