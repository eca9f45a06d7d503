import { useId, useState } from "react";
import { tdsQuarterIst, todayIst } from "#domain/clock";
import { formatInr } from "#domain/money";
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from "#domain/payouts";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { Skeleton } from "#web/components/ui/skeleton";
import { useStatement } from "#web/features/royalties/api/splits";
import { formatDate, formatMonth } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

const labelOf = (month: string) => formatMonth(month, true);

/** This month and every month with earnings, newest first, as YYYY-MM. */
function statementMonths(earned: readonly string[], now = new Date()) {
  const current = todayIst(now).slice(0, 7);
  return [...new Set([current, ...earned.map((m) => m.slice(0, 7))])].sort().reverse();
}

/**
 * A payee's monthly statement (issue 19): opening balance, earnings by release, track, store and
 * country, recoupment, TDS, payouts and the closing balance, with CSV and PDF downloads of the same
 * figures, and the quarter's TDS summary.
 */
export function StatementCard({ earnedMonths }: { earnedMonths: readonly string[] }) {
  const t = useT();
  const months = statementMonths(earnedMonths);
  // The latest month that earned, else this month.
  const latestEarned = [...earnedMonths].sort().at(-1)?.slice(0, 7);
  const [month, setMonth] = useState(latestEarned ?? months[0] ?? "");
  const statement = useStatement(month);
  const selectId = useId();
  const s = statement.data;
  const quarter = tdsQuarterIst(new Date(`${month}-15T00:00:00Z`));
  return (
    <Card>
      <section aria-labelledby={`${selectId}-title`} className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${selectId}-title`} className="text-lg font-semibold">
            {t("statement.title")}
          </h2>
          <FormField id={selectId} label={t("statement.month")}>
            {(control) => (
              <Select {...control} value={month} onChange={(e) => setMonth(e.target.value)}>
                {months.map((m) => (
                  <option key={m} value={m}>
                    {labelOf(m)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {statement.isError ? (
          <p role="alert">{t("statement.loadFailed")}</p>
        ) : !s ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <Figure term={t("statement.opening")} value={s.openingPaise} />
              {s.sharedWith.length > 0 && (
                <Figure term={t("statement.beforeSharing")} value={s.earningsPaise + s.sharedPaise} />
              )}
              {s.sharedWith.map((share) => (
                <Figure
                  key={share.name}
                  term={t("statement.sharedWith", { name: share.name })}
                  value={-share.amountPaise}
                />
              ))}
              <Figure term={t("statement.earnings")} value={s.earningsPaise} />
              <Figure term={t("statement.recoupment")} value={s.recoupmentPaise} />
              {s.heldInEscrowPaise > 0 && <Figure term={t("statement.heldEscrow")} value={-s.heldInEscrowPaise} />}
              <Figure term={t("statement.releasedEscrow")} value={s.escrowReleasedPaise} />
              {s.heldPaise > 0 && (
                <Figure
                  term={t("statement.heldNotices", {
                    cases: [...new Set(s.held.map((h) => h.caseReference))].join(", "),
                  })}
                  value={-s.heldPaise}
                />
              )}
              {s.releasedFromHoldPaise > 0 && (
                <Figure term={t("statement.releasedHold")} value={s.releasedFromHoldPaise} />
              )}
              {s.reversedPaise > 0 && <Figure term={t("statement.reversed")} value={-s.reversedPaise} />}
              {s.storeFeesPaise !== 0 && <Figure term={t("statement.storeFees")} value={-s.storeFeesPaise} />}
              <Figure term={t("statement.payouts")} value={-s.payoutsPaise} />
              <Figure term={t("statement.returned")} value={s.returnedPaise} />
              <Figure term={t("statement.closing")} value={s.closingPaise} strong />
            </dl>
            <p className="text-sm text-muted-foreground">
              {t("statement.tds", { amount: formatInr(s.tdsPaise), section: s.tdsSection })}
            </p>
            <DataTable
              label={t("statement.byTrack", { month: labelOf(month) })}
              rows={byTrack(s.earnings)}
              rowKey={(e) => e.key}
              emptyText={t("statement.noEarnings")}
              columns={[
                { header: t("ui.col.release"), cell: (e) => e.release },
                { header: t("ui.col.artist"), cell: (e) => e.artist },
                { header: t("ui.col.track"), cell: (e) => e.track },
                { header: t("statement.earnings"), numeric: true, cell: (e) => formatInr(e.earningPaise) },
                { header: t("statement.recoupmentCol"), numeric: true, cell: (e) => formatInr(e.recoupmentPaise) },
              ]}
            />
            {s.byArtist.length > 1 && (
              // A label's artists, each with what they earned this month (what it pays them from).
              <DataTable
                label={t("statement.byArtist", { month: labelOf(month) })}
                rows={s.byArtist}
                rowKey={(a) => a.artist}
                emptyText={t("statement.noEarnings")}
                columns={[
                  { header: t("ui.col.artist"), cell: (a) => a.artist },
                  { header: t("statement.earnings"), numeric: true, cell: (a) => formatInr(a.earningPaise) },
                  { header: t("statement.recoupmentCol"), numeric: true, cell: (a) => formatInr(a.recoupmentPaise) },
                ]}
              />
            )}
            {s.earnings.length > 0 && (
              // Every store and country is a long list (a release in 7 stores and 8 countries is 56 rows):
              // it opens on request; the CSV and PDF carry it too.
              <details className="group rounded-xl border border-border">
                <summary className="cursor-pointer px-4 py-3 text-sm font-medium">
                  {t("statement.everyRow", { count: s.earnings.length })}
                </summary>
                <div className="p-3 pt-0">
                  <DataTable
                    label={t("statement.byStore", { month: labelOf(month) })}
                    rows={s.earnings}
                    rowKey={(e) => `${e.release}|${e.isrc}|${e.store}|${e.country}`}
                    emptyText={t("statement.noEarnings")}
                    columns={[
                      { header: t("ui.col.release"), cell: (e) => e.release },
                      { header: t("ui.col.track"), cell: (e) => e.track },
                      { header: t("ui.col.store"), cell: (e) => e.store },
                      { header: t("ui.col.country"), cell: (e) => e.country },
                      { header: t("statement.earnings"), numeric: true, cell: (e) => formatInr(e.earningPaise) },
                      {
                        header: t("statement.recoupmentCol"),
                        numeric: true,
                        cell: (e) => formatInr(e.recoupmentPaise),
                      },
                    ]}
                  />
                </div>
              </details>
            )}
            {s.payouts.length > 0 && (
              <DataTable
                label={t("statement.payoutsIn", { month: labelOf(month) })}
                rows={s.payouts}
                rowKey={(p) => p.id}
                emptyText={t("statement.noPayouts")}
                columns={[
                  { header: t("statement.requested"), cell: (p) => formatDate(p.requestedAt) },
                  {
                    header: t("ui.col.status"),
                    cell: (p) => PAYOUT_STATUS_LABELS[p.status as PayoutStatus] ?? p.status,
                  },
                  { header: t("statement.gross"), numeric: true, cell: (p) => formatInr(p.grossPaise) },
                  { header: "TDS", numeric: true, cell: (p) => formatInr(p.tdsPaise) },
                  { header: t("statement.net"), numeric: true, cell: (p) => formatInr(p.netPaise) },
                  { header: "UTR", cell: (p) => p.utr ?? "—" },
                ]}
              />
            )}
            <p className="flex flex-wrap gap-4 text-sm">
              <a className="text-primary underline" href={`/api/royalties/statements/${month}/csv`} download>
                {t("statement.csv")}
                <span className="sr-only">{t("statement.forMonth", { month: labelOf(month) })}</span>
              </a>
              <a className="text-primary underline" href={`/api/royalties/statements/${month}/pdf`} download>
                {t("statement.pdf")}
                <span className="sr-only">{t("statement.forMonth", { month: labelOf(month) })}</span>
              </a>
              <a
                className="text-primary underline"
                href={`/api/royalties/tds?fy=${quarter.fy}&quarter=${quarter.quarter}`}
                download
              >
                {t("statement.tdsSummary", { quarter: quarter.quarter, fy: quarter.fy })}
              </a>
            </p>
          </>
        )}
      </section>
    </Card>
  );
}

interface EarningRow {
  release: string;
  artist: string;
  track: string;
  isrc: string;
  earningPaise: number;
  recoupmentPaise: number;
}

/** The statement's rows summed per release and track (whole paise, so the sums are exact), in order of first appearance. */
function byTrack(rows: readonly EarningRow[]) {
  const out = new Map<string, EarningRow & { key: string }>();
  for (const r of rows) {
    const key = `${r.release}|${r.isrc}`;
    const seen = out.get(key);
    if (seen) {
      seen.earningPaise += r.earningPaise;
      seen.recoupmentPaise += r.recoupmentPaise;
    } else out.set(key, { ...r, key });
  }
  return [...out.values()];
}

function Figure({ term, value, strong }: { term: string; value: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={strong ? "text-lg font-bold" : "font-medium"}>{formatInr(value)}</dd>
    </div>
  );
}
