// Catalogue import (issue 38): a 10,000-row CSV (1,000 releases of 10 tracks) sent, dry-run and
// imported through the server, started in this process on a fresh embedded database, with the
// process's peak memory sampled meanwhile. Run: npm run bench:catalogue [-- rows] (10,000 when not
// given). Prints one JSON line.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { CATALOGUE_COLUMNS } from "#domain/catalogue-import";
import { openDatabase } from "#server/db/client";
import { loadEnv } from "#server/env";
import { createSubscription } from "#server/modules/subscriptions";
import { startServer } from "#server/server";
import { freePort } from "#server/test/free-port";

const ROWS = Number(process.argv[2] ?? 10_000);
const TRACKS_PER_RELEASE = 10;

const header = CATALOGUE_COLUMNS.map((c) => c.name);
function csv(): string {
  const lines = [header.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const release = Math.floor(i / TRACKS_PER_RELEASE) + 1;
    const row: Record<string, string> = {
      release_title: `Bench Catalogue ${release}`,
      release_artist: `Bench Artist ${release % 5}`,
      release_type: "album",
      release_date: "2027-06-01",
      original_release_date: "2015-01-01",
      artwork: "http://127.0.0.1:9/cover.jpg",
      track_number: String((i % TRACKS_PER_RELEASE) + 1),
      track_title: `Track ${i + 1}`,
      isrc: `INB7C15${String(i + 1).padStart(5, "0")}`,
      audio: `http://127.0.0.1:9/${i + 1}.wav`,
    };
    lines.push(header.map((h) => row[h] ?? "").join(","));
  }
  return lines.join("\n");
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-catalogue-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    JOB_POLL_MS: "0",
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await database.migrate();
  const server = await startServer(env, { database });
  const headers = { origin: base, "content-type": "application/json" };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Label", email: "bench-label@example.com", password: "bench-label-pass" }),
  });
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: "bench-label@example.com", password: "bench-label-pass" }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = await (await fetch(`${base}/api/session`, { headers: { cookie } })).json();
  await createSubscription(database.db, me.user.id, "label_plan", "bench");
  const call = (method: string, p: string, body?: BodyInit, type = "application/json") =>
    fetch(`${base}${p}`, { method, headers: { origin: base, cookie, "content-type": type }, body });

  const body = Buffer.from(csv());
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const t0 = performance.now();
  const sent = await call("POST", "/api/catalogue-imports?format=csv&name=bench.csv&ai=no", body, "text/csv");
  const id = (await sent.json()).import.id as string;
  await server.jobs.drain();
  const checked = performance.now();
  await call("POST", `/api/catalogue-imports/${id}/start`);
  // Only the import: the quality checks it queues would try links that go nowhere.
  await database.db.execute(sql`delete from jobs where kind in ('quality-check', 'audio-analysis')`);
  await server.jobs.drain();
  const done = performance.now();
  clearInterval(sampler);
  const result = (await (await call("GET", `/api/catalogue-imports/${id}`)).json()).import;
  console.log(
    JSON.stringify({
      rows: ROWS,
      megabytes: Math.round((body.length / 1e6) * 10) / 10,
      releases: result.releases,
      imported: result.imported,
      dryRunSeconds: Math.round((checked - t0) / 100) / 10,
      importSeconds: Math.round((done - checked) / 100) / 10,
      rssBeforeMb: Math.round(before / 1e6),
      rssPeakMb: Math.round(peak / 1e6),
      note: "one process: the server, its embedded database and this script",
    }),
  );
  // The server closes its database.
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

await main();
