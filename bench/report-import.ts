// Store report import (issue 19): a generated 1,000,000-row report over the seeded catalogue, with
// split sheets on a tenth of its tracks, uploaded and imported through the running server, against
// PostgreSQL's own COPY of the same file into a plain table in the same run; and the server's peak
// memory meanwhile, which must not grow with the file.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export interface ImportMeasurement {
  rows: number;
  megabytes: number;
  copySeconds: number;
  importSeconds: number;
  importRowsPerSec: number;
  /** COPY time ÷ import time: 1 is as fast as PostgreSQL loading the file into a plain table. */
  ratioToCopy: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  splitTracks: number;
  /** The server's own account of where the import's time went (seconds). */
  phases?: Record<string, number>;
}

const TRACKS = 10_000;
const STORES = ["Spotify", "JioSaavn", "YouTube Music", "Apple Music", "Gaana", "Amazon Music", "Wynk"];
const COUNTRIES = ["IN", "US", "GB", "AE"];
const isrcOf = (n: number) => `INBNC26${String(n).padStart(5, "0")}`;

/** Tracks with claimed ISRCs on 10,000 live releases, and 60/40 split sheets on a tenth of them (idempotent). */
async function prepareCatalogue(client: pg.Client) {
  await client.query(`
    insert into tracks (release_id, position, title, isrc)
    select r.id, 1, r.title, 'INBNC26' || lpad(r.n::text, 5, '0')
    from (select id, title, row_number() over (order by id) - 1 as n from releases where status = 'live' order by id limit ${TRACKS}) r
    where not exists (select 1 from tracks t where t.isrc = 'INBNC26' || lpad(r.n::text, 5, '0'))`);
  await client.query(`
    insert into issued_identifiers (code, kind, release_id, track_id, owner_id, assigned)
    select t.isrc, 'isrc', t.release_id, t.id, r.user_id, true
    from tracks t join releases r on r.id = t.release_id where t.isrc like 'INBNC26%'
    on conflict (code) do nothing`);
  // Every tenth track: a producer (another bench artist, accepted) gets 40 % from the start of time.
  await client.query(`
    with chosen as (
      select t.id as track_id, t.release_id, r.user_id as owner_id, row_number() over (order by t.isrc) as n
      from tracks t join releases r on r.id = t.release_id
      where t.isrc like 'INBNC26%' and substr(t.isrc, 8)::int % 10 = 0
        and not exists (select 1 from split_sheets s where s.track_id = t.id)
    ), collab as (
      insert into collaborators (owner_id, name, role, email, invite_token_hash, invite_token_encrypted, accepted_user_id, accepted_at)
      select owner_id, 'Bench Producer ' || n, 'producer', 'producer' || n || '@example.com', md5('bench-invite-' || track_id),
             'bench', 'bench-user-' || (1 + n % 10000), now()
      from chosen returning id, owner_id, email
    ), sheets as (
      insert into split_sheets (release_id, track_id, owner_id, effective_from)
      select release_id, track_id, owner_id, date '2000-01-01' from chosen returning id, track_id
    )
    insert into split_shares (sheet_id, position, collaborator_id, role, share_bp)
    select s.id, p.position, case when p.position = 0 then null else c.id end, p.role, p.bp
    from sheets s
    join chosen ch on ch.track_id = s.track_id
    join collab c on c.email = 'producer' || ch.n || '@example.com' and c.owner_id = ch.owner_id
    cross join (values (0, 'artist', 6000), (1, 'producer', 4000)) as p(position, role, bp)`);
  const { rows } = await client.query(`select count(*)::int as n from split_sheets where track_id in
    (select id from tracks where isrc like 'INBNC26%')`);
  return rows[0].n as number;
}

/** Writes the report: every track × store × country, day after day, `rows` lines in all. */
async function writeReport(file: string, rows: number) {
  function* lines() {
    yield "date,store,country,upc,isrc,streams,listeners,revenue,currency\n";
    const perDay = TRACKS * STORES.length * COUNTRIES.length;
    // A month of its own for each run (as a store's monthly report brings), so a kept database
    // (BENCH_KEEP_DB) imports new facts into a month no earlier run wrote, not a restatement.
    // (A month a minute, over 80 years: a kept database sees the same month again only after 80 days.)
    const firstDay = Date.UTC(2018, Math.floor(Date.now() / 60_000) % 960, 1);
    let chunk = "";
    for (let i = 0; i < rows; i++) {
      const track = i % TRACKS;
      const store = STORES[Math.floor(i / TRACKS) % STORES.length];
      const country = COUNTRIES[Math.floor(i / (TRACKS * STORES.length)) % COUNTRIES.length];
      const day = new Date(firstDay + Math.floor(i / perDay) * 86_400_000).toISOString().slice(0, 10);
      const streams = 1 + (i % 97);
      chunk += `${day},${store},${country},,${isrcOf(track)},${streams},${1 + (i % 31)},${(streams * 0.37).toFixed(2)},INR\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = "";
      }
    }
    yield chunk;
  }
  await pipeline(Readable.from(lines()), (await fs.open(file, "w")).createWriteStream());
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export async function measureImport(opts: {
  base: string;
  adminCookie: string;
  databaseUrl: string;
  serverPid: number;
  workDir: string;
  rows?: number;
  /** Resolves once the server has no other background work left (the uploads' audio analysis). */
  idle?: () => Promise<void>;
}): Promise<ImportMeasurement> {
  const rows = opts.rows ?? 1_000_000;
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const splitTracks = await prepareCatalogue(client);
    const file = path.join(opts.workDir, `bench-report-${rows}.csv`);
    await writeReport(file, rows);
    const { size } = await fs.stat(file);

    // PostgreSQL's own COPY of the same file into a plain table.
    await client.query(`drop table if exists bench_report_copy`);
    await client.query(`create table bench_report_copy (day date, store text, country text, upc text, isrc text,
      streams bigint, listeners bigint, revenue numeric, currency text)`);
    const copyStarted = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom("copy bench_report_copy from stdin with (format csv, header true)")),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await client.query(`drop table bench_report_copy`);

    await opts.idle?.();
    const rssBefore = await rssOf(opts.serverPid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssOf(opts.serverPid).then(
        (r) => {
          rssPeak = Math.max(rssPeak, r);
        },
        () => undefined,
      );
    }, 50);
    const started = performance.now();
    const res = await fetch(
      `${opts.base}/api/admin/reports?name=${encodeURIComponent(path.basename(file))}-${Date.now()}`,
      {
        method: "POST",
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: "half",
        headers: { cookie: opts.adminCookie, origin: opts.base, "content-type": "text/csv" },
      } as RequestInit,
    );
    if (res.status !== 202) throw new Error(`report upload answered ${res.status}: ${await res.text()}`);
    const id = ((await res.json()) as { report: { id: string } }).report.id;
    let status = "queued";
    let imported = 0;
    while (status !== "completed" && status !== "failed") {
      await new Promise((r) => setTimeout(r, 100));
      const report = (await (
        await fetch(`${opts.base}/api/admin/reports/${id}`, { headers: { cookie: opts.adminCookie } })
      ).json()) as { report: { status: string; importedRows: number; failure?: string } };
      status = report.report.status;
      imported = report.report.importedRows;
      if (status === "failed") throw new Error(`the import failed: ${report.report.failure}`);
    }
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (imported !== rows) throw new Error(`imported ${imported} of ${rows} rows`);
    await fs.rm(file);
    return {
      rows,
      megabytes: Math.round(size / 1e5) / 10,
      copySeconds: Math.round(copySeconds * 100) / 100,
      importSeconds: Math.round(importSeconds * 100) / 100,
      importRowsPerSec: Math.round(rows / importSeconds),
      ratioToCopy: Math.round((copySeconds / importSeconds) * 1000) / 1000,
      rssBeforeMb: Math.round(rssBefore / 1e6),
      rssPeakMb: Math.round(rssPeak / 1e6),
      splitTracks,
    };
  } finally {
    await client.end();
  }
}

export function importReportTable(m: ImportMeasurement): string {
  return [
    "",
    `Store report import: ${m.rows.toLocaleString("en-IN")} rows (${m.megabytes} MB), splits on ${m.splitTracks.toLocaleString("en-IN")} tracks`,
    `| COPY s | import s | rows/s | vs COPY | server RSS before → peak MB |`,
    `| ${m.copySeconds} | ${m.importSeconds} | ${m.importRowsPerSec} | ${m.ratioToCopy} (goal ≥ 0.1, stretch 0.2) | ${m.rssBeforeMb} → ${m.rssPeakMb} |`,
    m.phases
      ? `Phases: staging ${m.phases.stagingSeconds} s, facts ${m.phases.factsSeconds} s, posting ${m.phases.postingSeconds} s`
      : "",
    "",
  ].join("\n");
}
