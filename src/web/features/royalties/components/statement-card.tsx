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
            Statement
          </h2>
          <FormField id={selectId} label="Month">
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
          <p role="alert">Could not load this statement.</p>
        ) : !s ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <Figure term="Opening balance" value={s.openingPaise} />
              {s.sharedWith.length > 0 && (
                <Figure term="Your releases earned before sharing" value={s.earningsPaise + s.sharedPaise} />
              )}
              {s.sharedWith.map((share) => (
                <Figure key={share.name} term={`Shared with ${share.name}`} value={-share.amountPaise} />
              ))}
              <Figure term="Earnings" value={s.earningsPaise} />
              <Figure term="Recoupment repaid to you" value={s.recoupmentPaise} />
              {s.heldInEscrowPaise > 0 && (
                <Figure term="Held in escrow until you accepted" value={-s.heldInEscrowPaise} />
              )}
              <Figure term="Released from escrow" value={s.escrowReleasedPaise} />
              {s.heldPaise > 0 && (
                <Figure
                  term={`Held for store notices (${[...new Set(s.held.map((h) => h.caseReference))].join(", ")})`}
                  value={-s.heldPaise}
                />
              )}
              {s.releasedFromHoldPaise > 0 && (
                <Figure term="Released from hold, payable" value={s.releasedFromHoldPaise} />
              )}
              {s.reversedPaise > 0 && <Figure term="Reversed: store notices upheld" value={-s.reversedPaise} />}
              {s.storeFeesPaise !== 0 && <Figure term="Stores' fees" value={-s.storeFeesPaise} />}
              <Figure term="Payouts (gross)" value={-s.payoutsPaise} />
              <Figure term="Returned to balance" value={s.returnedPaise} />
              <Figure term="Closing balance" value={s.closingPaise} strong />
            </dl>
            <p className="text-sm text-muted-foreground">
              Of the payouts, {formatInr(s.tdsPaise)} was withheld as TDS under section {s.tdsSection} and paid to the
              Income Tax Department in your name.
            </p>
            <DataTable
              label={`Earnings in ${labelOf(month)}, by track`}
              rows={byTrack(s.earnings)}
              rowKey={(e) => e.key}
              emptyText="No earnings this month."
              columns={[
                { header: "Release", cell: (e) => e.release },
                { header: "Artist", cell: (e) => e.artist },
                { header: "Track", cell: (e) => e.track },
                { header: "Earnings", numeric: true, cell: (e) => formatInr(e.earningPaise) },
                { header: "Recoupment", numeric: true, cell: (e) => formatInr(e.recoupmentPaise) },
              ]}
            />
            {s.byArtist.length > 1 && (
              // A label's artists, each with what they earned this month (what it pays them from).
              <DataTable
                label={`Earnings in ${labelOf(month)}, by artist`}
                rows={s.byArtist}
                rowKey={(a) => a.artist}
                emptyText="No earnings this month."
                columns={[
                  { header: "Artist", cell: (a) => a.artist },
                  { header: "Earnings", numeric: true, cell: (a) => formatInr(a.earningPaise) },
                  { header: "Recoupment", numeric: true, cell: (a) => formatInr(a.recoupmentPaise) },
                ]}
              />
            )}
            {s.earnings.length > 0 && (
              // Every store and country is a long list (a release in 7 stores and 8 countries is 56 rows):
              // it opens on request; the CSV and PDF carry it too.
              <details className="group rounded-xl border border-border">
                <summary className="cursor-pointer px-4 py-3 text-sm font-medium">
                  Every store and country ({s.earnings.length} {s.earnings.length === 1 ? "row" : "rows"})
                </summary>
                <div className="p-3 pt-0">
                  <DataTable
                    label={`Earnings in ${labelOf(month)}, by store and country`}
                    rows={s.earnings}
                    rowKey={(e) => `${e.release}|${e.isrc}|${e.store}|${e.country}`}
                    emptyText="No earnings this month."
                    columns={[
                      { header: "Release", cell: (e) => e.release },
                      { header: "Track", cell: (e) => e.track },
                      { header: "Store", cell: (e) => e.store },
                      { header: "Country", cell: (e) => e.country },
                      { header: "Earnings", numeric: true, cell: (e) => formatInr(e.earningPaise) },
                      { header: "Recoupment", numeric: true, cell: (e) => formatInr(e.recoupmentPaise) },
                    ]}
                  />
                </div>
              </details>
            )}
            {s.payouts.length > 0 && (
              <DataTable
                label={`Payouts in ${labelOf(month)}`}
                rows={s.payouts}
                rowKey={(p) => p.id}
                emptyText="No payouts this month."
                columns={[
                  { header: "Requested", cell: (p) => formatDate(p.requestedAt) },
                  { header: "Status", cell: (p) => PAYOUT_STATUS_LABELS[p.status as PayoutStatus] ?? p.status },
                  { header: "Gross", numeric: true, cell: (p) => formatInr(p.grossPaise) },
                  { header: "TDS", numeric: true, cell: (p) => formatInr(p.tdsPaise) },
                  { header: "Net", numeric: true, cell: (p) => formatInr(p.netPaise) },
                  { header: "UTR", cell: (p) => p.utr ?? "—" },
                ]}
              />
            )}
            <p className="flex flex-wrap gap-4 text-sm">
              <a className="text-primary underline" href={`/api/royalties/statements/${month}/csv`} download>
                Download CSV<span className="sr-only"> statement for {labelOf(month)}</span>
              </a>
              <a className="text-primary underline" href={`/api/royalties/statements/${month}/pdf`} download>
                Download PDF<span className="sr-only"> statement for {labelOf(month)}</span>
              </a>
              <a
                className="text-primary underline"
                href={`/api/royalties/tds?fy=${quarter.fy}&quarter=${quarter.quarter}`}
                download
              >
                TDS summary, Q{quarter.quarter} {quarter.fy}
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
