// Early warnings from our own data (issue 41): after each store report import, the tracks it brought
// are read for what a store would flag — a sudden spike, streams concentrated in one store and
// country far beyond the track's history, streams per listener far from the catalogue's norm. The
// artist sees a plain warning with the figures, the admins a queue. Nothing is held on a warning.

import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { addDays } from "#domain/clock";
import {
  ANOMALY_LABELS,
  type Anomaly,
  type AnomalyKind,
  anomalyAdvice,
  catalogueNorm,
  detectAnomalies,
  FRAUD_MESSAGES,
} from "#domain/fraud";
import { t } from "#domain/i18n";
import type { AppDeps } from "#server/context";
import type { Db, Tx } from "#server/db/client";
import { rowsOf } from "#server/db/rows";
import { releases, streamWarnings, tracks } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/queue";
import { DomainError } from "#server/lib/domain-error";
import { notifyUser } from "#server/modules/notifications";

/** Rows grouped by a key (Map.groupBy arrives with Node 21). */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Days of a track's history read before the report's first day. */
const HISTORY_DAYS = 90;
const TRACKS_PER_PASS = 500;

/**
 * Queues the early-warning scan of an imported report's tracks (the import notes them in
 * `report_tracks`): inside the import's transaction, so the scan exists exactly when the import does.
 */
export async function queueReportScan(tx: Tx, reportId: string) {
  await enqueueJob(tx, "stream-warnings", reportId, { maxAttempts: 3 });
}

interface TrackWindow {
  release_id: string;
  isrc: string;
  workspace_id: string;
  first_day: string;
  last_day: string;
  streams: string;
  listeners: string;
}

/**
 * Gathers the statistics of each partition of the facts that has none yet: a month a report brought
 * whole (decision 044) is attached without them, and the scan's plans read its size and values (with
 * none, the planner takes a million rows for a few). Gathered here rather than in the import's
 * transaction, which they made longer (decision 062).
 */
async function analyzeFreshFacts(db: Db) {
  const fresh = rowsOf<{ name: string }>(
    await db.execute(sql`select c.oid::regclass::text as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'daily_stream_facts'::regclass and c.relkind = 'r'
        and not exists (select 1 from pg_stats s where s.schemaname = c.relnamespace::regnamespace::text and s.tablename = c.relname)`),
  );
  for (const { name } of fresh) await db.execute(sql`analyze ${sql.raw(name)}`);
}

/** Scans one imported report's tracks; records new warnings and tells each workspace once. Answers how many. */
export async function scanReport(
  deps: Pick<AppDeps, "mailer" | "logger" | "publicUrl"> & { db: Db },
  reportId: string,
) {
  const { db } = deps;
  await analyzeFreshFacts(db);
  // The report's days as constants too: facts are partitioned by month (decision 043), and a range
  // known when the statement is planned reads only those months' partitions.
  const [span] = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`select to_char(min(first_day), 'YYYY-MM-DD') as first, to_char(max(last_day), 'YYYY-MM-DD') as last
      from report_tracks where report_id = ${reportId}`),
  );
  if (!span?.first || !span.last) return 0;
  const windows = rowsOf<TrackWindow>(
    await db.execute(sql`
      select rt.release_id, rt.isrc, r.user_id as workspace_id, to_char(rt.first_day, 'YYYY-MM-DD') as first_day,
        to_char(rt.last_day, 'YYYY-MM-DD') as last_day,
        s.streams, s.listeners
      from report_tracks rt
      join releases r on r.id = rt.release_id
      -- Each track's days summed where they are read: joined and then grouped, a million-row report's
      -- facts were sorted on disk first (2.2 s in the bench; 0.5 s so).
      cross join lateral (
        select coalesce(sum(f.streams), 0)::bigint as streams, coalesce(sum(f.listeners), 0)::bigint as listeners
        from daily_stream_facts f
        where f.release_id = rt.release_id and f.isrc = rt.isrc and f.day between rt.first_day and rt.last_day
          and f.day between ${span.first}::date and ${span.last}::date
      ) s
      where rt.report_id = ${reportId} and r.user_id is not null
      order by rt.release_id, rt.isrc`),
  );
  const norm = catalogueNorm(windows.map((w) => ({ streams: Number(w.streams), listeners: Number(w.listeners) })));
  const found: { window: TrackWindow; anomaly: Anomaly }[] = [];
  for (let i = 0; i < windows.length; i += TRACKS_PER_PASS) {
    const pass = windows.slice(i, i + TRACKS_PER_PASS).filter((w) => Number(w.streams) > 0);
    if (!pass.length) continue;
    const keys = sql.join(
      pass.map(
        (w) =>
          sql`(${w.release_id}::uuid, ${w.isrc}, ${addDays(w.first_day, -HISTORY_DAYS)}::date, ${w.first_day}::date, ${w.last_day}::date)`,
      ),
      sql`, `,
    );
    // The pass's whole span of days, as constants (see above).
    const from = pass.map((w) => w.first_day).sort()[0] ?? span.first;
    const within = sql`f.day between ${addDays(from, -HISTORY_DAYS)}::date and ${span.last}::date`;
    const [days, places] = await Promise.all([
      db.execute(sql`
        with k(release_id, isrc, history_from, first_day, last_day) as (values ${keys})
        select f.release_id, f.isrc, to_char(f.day, 'YYYY-MM-DD') as day, sum(f.streams)::bigint as streams,
          sum(f.listeners)::bigint as listeners
        from k join daily_stream_facts f on f.release_id = k.release_id and f.isrc = k.isrc
          and f.day between k.history_from and k.last_day and ${within}
        group by f.release_id, f.isrc, f.day`),
      db.execute(sql`
        with k(release_id, isrc, history_from, first_day, last_day) as (values ${keys})
        select f.release_id, f.isrc, f.store, f.country,
          coalesce(sum(f.streams) filter (where f.day >= k.first_day), 0)::bigint as window,
          coalesce(sum(f.streams) filter (where f.day < k.first_day), 0)::bigint as history
        from k join daily_stream_facts f on f.release_id = k.release_id and f.isrc = k.isrc
          and f.day between k.history_from and k.last_day and ${within}
        group by f.release_id, f.isrc, f.store, f.country`),
    ]);
    const dayRows = rowsOf<{ release_id: string; isrc: string; day: string; streams: string; listeners: string }>(days);
    const placeRows = rowsOf<{
      release_id: string;
      isrc: string;
      store: string;
      country: string;
      window: string;
      history: string;
    }>(places);
    const keyOf = (r: { release_id: string; isrc: string }) => `${r.release_id}|${r.isrc}`;
    const daysOf = groupBy(dayRows, keyOf);
    const placesOf = groupBy(placeRows, keyOf);
    for (const w of pass) {
      const anomalies = detectAnomalies({
        windowFrom: w.first_day,
        norm,
        days: (daysOf.get(keyOf(w)) ?? []).map((d) => ({
          day: d.day,
          streams: Number(d.streams),
          listeners: Number(d.listeners),
        })),
        places: (placesOf.get(keyOf(w)) ?? []).map((p) => ({
          store: p.store,
          country: p.country,
          windowStreams: Number(p.window),
          historyStreams: Number(p.history),
        })),
      });
      for (const anomaly of anomalies) found.push({ window: w, anomaly });
    }
  }
  const fresh = found.length
    ? await db
        .insert(streamWarnings)
        .values(
          found.map(({ window: w, anomaly: a }) => ({
            workspaceId: w.workspace_id,
            reportId,
            releaseId: w.release_id,
            isrc: w.isrc,
            kind: a.kind,
            day: a.day,
            store: a.store,
            country: a.country,
            figures: a.figures,
            message: a.message,
          })),
        )
        .onConflictDoNothing()
        .returning({ workspaceId: streamWarnings.workspaceId })
    : [];
  await db.execute(sql`delete from report_tracks where report_id = ${reportId}`);
  const perWorkspace = groupBy(fresh, (w) => w.workspaceId);
  for (const [workspaceId, list] of perWorkspace) {
    await notifyUser(deps, {
      userId: workspaceId,
      kind: "case",
      title: () => t("case.notice.warningTitle", { count: list.length }),
      body: () => `${t("case.notice.warning")} ${anomalyAdvice()}`,
      link: "/app/cases",
    });
  }
  if (fresh.length) deps.logger.info({ reportId, warnings: fresh.length }, "stream warnings recorded");
  return fresh.length;
}

const warningColumns = {
  id: streamWarnings.id,
  workspaceId: streamWarnings.workspaceId,
  releaseId: streamWarnings.releaseId,
  release: releases.title,
  track: tracks.title,
  isrc: streamWarnings.isrc,
  kind: streamWarnings.kind,
  day: streamWarnings.day,
  store: streamWarnings.store,
  country: streamWarnings.country,
  figures: streamWarnings.figures,
  message: streamWarnings.message,
  createdAt: streamWarnings.createdAt,
  reviewedAt: streamWarnings.reviewedAt,
  workspaceName: sql<string>`(select name from workspaces w where w.id = ${streamWarnings.workspaceId})`,
};
type WarningRow = { [K in keyof typeof warningColumns]: unknown } & {
  id: string;
  kind: string;
  createdAt: Date;
  reviewedAt: Date | null;
};
const toWarning = (w: WarningRow) => ({
  id: w.id,
  workspaceId: w.workspaceId as string,
  workspaceName: (w.workspaceName as string | null) ?? "",
  releaseId: w.releaseId as string,
  release: (w.release as string | null) ?? "",
  track: (w.track as string | null) ?? ((w.isrc as string) || "Whole release"),
  isrc: w.isrc as string,
  kind: w.kind as AnomalyKind,
  kindLabel: ANOMALY_LABELS[w.kind as AnomalyKind],
  day: w.day as string,
  store: w.store as string,
  country: w.country as string,
  figures: w.figures as Record<string, number>,
  message: w.message as string,
  createdAt: w.createdAt.toISOString(),
  reviewed: Boolean(w.reviewedAt),
});

function warningsQuery(db: Db) {
  return db
    .select(warningColumns)
    .from(streamWarnings)
    .innerJoin(releases, eq(releases.id, streamWarnings.releaseId))
    .leftJoin(tracks, and(eq(tracks.releaseId, streamWarnings.releaseId), eq(tracks.isrc, streamWarnings.isrc)));
}

/** A workspace's warnings, newest first. */
export async function workspaceWarnings(db: Db, workspaceId: string) {
  const rows = await warningsQuery(db)
    .where(eq(streamWarnings.workspaceId, workspaceId))
    .orderBy(desc(streamWarnings.createdAt))
    .limit(200);
  return rows.map((r) => toWarning(r as WarningRow));
}

/** The admins' queue: warnings nobody has looked at yet, newest first (or every one). */
export async function warningQueue(db: Db, opts: { all?: boolean } = {}) {
  const rows = await warningsQuery(db)
    .where(opts.all ? undefined : isNull(streamWarnings.reviewedAt))
    .orderBy(desc(streamWarnings.createdAt))
    .limit(500);
  return rows.map((r) => toWarning(r as WarningRow));
}

/** An admin has looked at a warning (and opened a case, or not): it leaves the queue. */
export async function reviewWarning(db: Db, id: string, adminId: string) {
  const updated = await db
    .update(streamWarnings)
    .set({ reviewedAt: new Date(), reviewedBy: adminId })
    .where(eq(streamWarnings.id, id))
    .returning({ id: streamWarnings.id });
  if (!updated.length) throw new DomainError("not_found", "NOT_FOUND", FRAUD_MESSAGES.warningNotFound);
}
