import { formatInr } from "#domain/money";
import { Badge } from "#web/components/ui/badge";
import { DataTable } from "#web/components/ui/data-table";
import type { CaseDetail } from "#web/features/cases/api/cases";
import { formatDate, formatMonth } from "#web/lib/format";

type Detail = CaseDetail;
const TONE = { open: "warning", upheld: "danger", partly_upheld: "danger", dismissed: "success" } as const;

/** "Due in 3 days", "Due today", "Overdue by 2 days". */
export function deadlineText(c: Detail["case"]) {
  if (c.status !== "open") return `Decided ${c.decidedAt ? formatDate(c.decidedAt) : ""}`;
  if (c.daysLeft < 0)
    return `Overdue by ${-c.daysLeft} day${c.daysLeft === -1 ? "" : "s"} (due ${formatDate(c.deadline)})`;
  if (c.daysLeft === 0) return `Decision due today (${formatDate(c.deadline)})`;
  return `Decision due by ${formatDate(c.deadline)} (${c.daysLeft} day${c.daysLeft === 1 ? "" : "s"} left)`;
}

export function CaseStatusBadge({ c }: { c: Detail["case"] }) {
  return (
    <span className="inline-flex gap-1">
      <Badge tone={TONE[c.status]}>{c.statusLabel}</Badge>
      {c.overdue && <Badge tone="danger">Overdue</Badge>}
    </span>
  );
}

const period = (c: Detail["case"]) =>
  c.periodFrom === c.periodTo
    ? formatMonth(c.periodFrom, true)
    : `${formatMonth(c.periodFrom, true)} to ${formatMonth(c.periodTo, true)}`;

/** What is alleged, what is held and until when: the top of a case for both sides. */
export function CaseOverview({ detail, side }: { detail: Detail; side: "artist" | "admin" }) {
  const c = detail.case;
  const { money } = detail;
  return (
    <section aria-labelledby="case-overview" className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-overview" className="text-lg font-semibold">
          What {c.store} says
        </h2>
        <CaseStatusBadge c={c} />
      </div>
      <blockquote className="border-l-4 border-border pl-3 text-sm">
        {c.reason}
        {c.storeReference && (
          <span className="block text-xs text-muted-foreground">Store's reference: {c.storeReference}</span>
        )}
      </blockquote>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Months named</dt>
          <dd className="font-medium">{period(c)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Deadline</dt>
          <dd className={c.overdue ? "font-medium text-destructive" : "font-medium"}>{deadlineText(c)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Held now</dt>
          <dd className="font-medium">{formatInr(money.heldPaise, { decimals: true })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Store's fee</dt>
          <dd className="font-medium">
            {c.feePaise ? formatInr(c.feePaise, { decimals: true }) : "None"}
            {c.feeReversed && " (reversed)"}
          </dd>
        </div>
        {money.releasedPaise > 0 && (
          <div>
            <dt className="text-muted-foreground">Released from hold</dt>
            <dd className="font-medium">{formatInr(money.releasedPaise, { decimals: true })}</dd>
          </div>
        )}
        {money.reversedPaise > 0 && (
          <div>
            <dt className="text-muted-foreground">Reversed</dt>
            <dd className="font-medium">{formatInr(money.reversedPaise, { decimals: true })}</dd>
          </div>
        )}
      </dl>
      {side === "artist" && c.status === "open" && (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">What this means and what to do</p>
          <p className="mt-1">
            Only these tracks' earnings at {c.store} for {period(c)} are held. Every other store keeps your music live,
            and every other earning stays payable. Answer below by {formatDate(c.deadline)} with anything that shows the
            streams were real: where your listeners came from (a show, a video, a radio play), and any promotion you
            paid for and who ran it. We decide by that date and tell you why.
          </p>
        </div>
      )}
      {c.status !== "open" && c.decisionReason && (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">Decision: {c.statusLabel}</p>
          <p className="mt-1">{c.decisionReason}</p>
          {c.takedown && c.takedown !== "none" && (
            <p className="mt-1">
              {c.takedown === "store"
                ? `Taken down at ${c.store} only; every other store keeps it.`
                : `Taken down at every store: ${c.takedownReason ?? ""}`}
            </p>
          )}
        </div>
      )}
      <DataTable
        label="Tracks named"
        rows={detail.tracks}
        rowKey={(t) => `${t.releaseId}-${t.isrc}`}
        emptyText="No tracks."
        columns={[
          { header: "Track", rowHeader: true, cell: (t) => t.track },
          { header: "Release", cell: (t) => t.release },
          { header: "ISRC", cell: (t) => t.isrc || "—" },
          {
            header: "Outcome",
            cell: (t) => (t.outcome ? (t.outcome === "upheld" ? "Upheld" : "Dismissed") : "Open"),
          },
        ]}
      />
    </section>
  );
}
