import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CATALOGUE_COLUMNS, type CatalogueColumn, IMPORT_MESSAGES, ROW_MESSAGES } from "#domain/catalogue-import";
import { say } from "#domain/i18n";
import { gs1CheckDigit } from "#domain/identifiers";
import { loadEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, createLiveRelease } from "#server/test/factories";
import { flac, image, wav } from "#server/test/media-fixtures";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { uploadFile } from "#server/test/tus";
import { runImport } from "./import.service";

type Artist = Awaited<ReturnType<typeof createArtist>>;
type Row = Partial<Record<CatalogueColumn, string>>;

const SAMPLES = "../shared/ddex/samples/ern43";
const header = CATALOGUE_COLUMNS.map((c) => c.name);
const csvOf = (rows: Row[], columns: readonly string[] = header) =>
  [
    columns.join(","),
    ...rows.map((r) => columns.map((c) => `"${(r[c as CatalogueColumn] ?? "").replace(/"/g, '""')}"`).join(",")),
  ].join("\n");

/** A valid EAN-13 from a 12-digit body. */
const ean = (body: string) => `${body}${gs1CheckDigit(body)}`;
let serial = 0;
/**
 * One track of a release, every required column filled. Its links are never fetched by a test: a
 * loopback address outside FETCH_ALLOW_HOSTS, which the quality check refuses at once.
 */
function track(release: string, n: number, extra: Row = {}): Row {
  serial += 1;
  return {
    release_title: release,
    release_artist: "Catalogue Artist",
    release_date: "2027-03-01",
    original_release_date: "2012-05-01",
    genre: "Pop",
    artwork: "http://127.0.0.1:9/cover.jpg",
    track_number: String(n),
    track_title: `${release} ${n}`,
    isrc: `INA1B12${String(serial).padStart(5, "0")}`,
    audio: `http://127.0.0.1:9/${release.replace(/\W/g, "")}-${n}.wav`,
    ...extra,
  };
}

describe("catalogue import (issue 38)", () => {
  let server: TestServer;
  let admin: TestClient;
  let label: Artist;

  beforeEach(async () => {
    server = await startTestServer();
    admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    label = await createArtist(server, "Catalogue Label");
    await createSubscription(server.database.db, label.id, "label_plan", "test: a label");
  });
  afterEach(async () => {
    await server?.close();
  });

  const send = (client: TestClient, body: string | Buffer, format = "csv", name = "catalogue.csv") =>
    client.send(
      "POST",
      `/api/catalogue-imports?format=${format}&name=${encodeURIComponent(name)}&ai=no`,
      new Uint8Array(Buffer.from(body)),
      {
        "content-type": format === "csv" ? "text/csv" : "application/xml",
      },
    );
  /** Sends a file and waits for its dry run. */
  const check = async (body: string | Buffer, format = "csv", client = label.client) => {
    const sent = await send(client, body, format);
    expect(sent.status, sent.text).toBe(202);
    const id = JSON.parse(sent.text).import.id as string;
    await server.jobs.drain();
    return (await client.get(`/api/catalogue-imports/${id}`)).body.import as {
      id: string;
      status: string;
      releases: number;
      ok: number;
      warnings: number;
      blocking: number;
      skipped: number;
      importable: number;
      imported: number;
      error: string | null;
    };
  };
  const lines = async (id: string, client = label.client) =>
    (await client.get(`/api/catalogue-imports/${id}/lines`)).body.lines as {
      title: string;
      status: string;
      firstLine: number;
      findings: { severity: string; code: string; message: string }[];
      releaseId: string | null;
    }[];
  const run = async (id: string) => {
    const started = await label.client.post(`/api/catalogue-imports/${id}/start`);
    expect(started.status, started.text).toBe(202);
    await server.jobs.drain();
    return (await label.client.get(`/api/catalogue-imports/${id}`)).body.import;
  };
  const releaseCount = async () =>
    Number(
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from releases where user_id = ${label.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n,
    );

  it("dry-runs a CSV release by release, imports what passed keeping its codes, and a re-run creates nothing twice", async () => {
    const upc = ean("501234500011");
    const rows = [
      track("Kept Codes", 1, { upc }),
      track("Kept Codes", 2, { upc }),
      // A language stores do not take: a warning, and the release still goes in.
      track("Warned", 1, { language: "xx" }),
      // A UPC whose check digit is wrong: blocking.
      track("Bad Code", 1, { upc: "5012345000122" }),
    ];
    const checked = await check(csvOf(rows));
    expect(checked).toMatchObject({ status: "checked", releases: 3, ok: 1, warnings: 1, blocking: 1, importable: 2 });
    const dry = await lines(checked.id);
    expect(dry.map((l) => [l.title, l.status])).toEqual([
      ["Kept Codes", "ok"],
      ["Warned", "warning"],
      ["Bad Code", "blocking"],
    ]);
    expect(dry[1]?.findings[0]?.message).toBe(say(ROW_MESSAGES.language("xx")));
    expect(dry[2]?.findings.map((f) => f.severity)).toContain("blocking");
    // The dry run created nothing.
    expect(await releaseCount()).toBe(0);

    const done = await run(checked.id);
    expect(done).toMatchObject({ status: "completed", imported: 2 });
    const mine = (await label.client.get("/api/releases")).body.releases as {
      title: string;
      upcEan: string | null;
      status: string;
    }[];
    expect(mine.map((r) => r.title).sort()).toEqual(["Kept Codes", "Warned"]);
    const kept = mine.find((r) => r.title === "Kept Codes");
    expect(kept).toMatchObject({ upcEan: upc, status: "pending_review" });
    const detail = await label.client.get(`/api/releases/${(await lines(checked.id))[0]?.releaseId}`);
    expect(detail.body.tracks.map((t: { isrc: string }) => t.isrc)).toEqual([rows[0]?.isrc, rows[1]?.isrc]);
    expect(detail.body.release.originalReleaseDate).toBe("2012-05-01");

    // The same file again: every release is already there; nothing is created twice.
    const again = await check(csvOf(rows));
    expect(again).toMatchObject({ skipped: 2, blocking: 1, importable: 0 });
    expect((await label.client.post(`/api/catalogue-imports/${again.id}/start`)).status).toBe(409);
    expect(await releaseCount()).toBe(2);
  });

  it("refuses duplicates, bad dates, codes held by another workspace, and files that are not ours — changing nothing", async () => {
    const other = await createArtist(server, "Other Label");
    const theirs = await createLiveRelease(server, admin, other.client, { upcEan: ean("501234500022") });
    const rows = [
      track("Twice", 1, { isrc: "INA1B1299999" }),
      track("Twice", 2, { isrc: "INA1B1299999" }),
      track("Wrong Date", 1, { release_date: "2027-02-30" }),
      track("Foreign UPC", 1, { upc: theirs.upcEan }),
      track("Foreign ISRC", 1, { isrc: theirs.isrcs[0] }),
    ];
    const checked = await check(csvOf(rows));
    expect(checked).toMatchObject({ blocking: 4, importable: 0 });
    const dry = await lines(checked.id);
    const messages = (title: string) => dry.find((l) => l.title === title)?.findings.map((f) => f.message) ?? [];
    expect(messages("Twice")).toContain(say(ROW_MESSAGES.duplicateIsrc("INA1B1299999", [2, 3])));
    expect(messages("Wrong Date")).toContain(say(ROW_MESSAGES.badDate("release_date", "2027-02-30")));
    expect(messages("Foreign UPC")).toContain(say(ROW_MESSAGES.upcForeign(theirs.upcEan)));
    expect(messages("Foreign ISRC")).toContain(say(ROW_MESSAGES.isrcForeign(theirs.isrcs[0] as string)));
    expect((await label.client.post(`/api/catalogue-imports/${checked.id}/start`)).body.error.message).toBe(
      IMPORT_MESSAGES.nothingToImport,
    );

    // Refused at once, nothing kept: a missing column, an empty file, too large, not an ERN.
    const refusals: [string | Buffer, string, number, string][] = [
      [
        csvOf(
          [track("No Audio", 1)],
          header.filter((c) => c !== "audio"),
        ),
        "csv",
        400,
        IMPORT_MESSAGES.missingColumns(["audio"]),
      ],
      ["", "csv", 400, IMPORT_MESSAGES.empty],
      [Buffer.alloc(21 * 1024 * 1024, 97), "csv", 413, IMPORT_MESSAGES.tooLarge],
      ['<?xml version="1.0"?><Invoice><Total>5</Total></Invoice>', "ern", 400, IMPORT_MESSAGES.notErn],
      ["<NewReleaseMessage", "ern", 400, IMPORT_MESSAGES.badXml],
      ["release_title,release_artist\nnot a catalogue", "ern", 400, IMPORT_MESSAGES.badXml],
    ];
    for (const [body, format, status, message] of refusals) {
      const res = await send(label.client, body, format);
      expect(res.status, message).toBe(status);
      expect(JSON.parse(res.text).error.message).toBe(message);
    }
    expect((await label.client.get("/api/catalogue-imports")).body.imports).toHaveLength(1);

    // Without the Label Plan, and for another workspace's import: refused.
    const solo = await createArtist(server, "Solo Artist");
    const noPlan = await send(solo.client, csvOf([track("Solo", 1)]));
    expect(noPlan.status).toBe(403);
    expect(JSON.parse(noPlan.text).error.message).toBe(IMPORT_MESSAGES.plan);
    for (const path of [`/api/catalogue-imports/${checked.id}`, `/api/catalogue-imports/${checked.id}/lines`])
      expect((await solo.client.get(path)).status).toBe(404);
    expect((await solo.client.post(`/api/catalogue-imports/${checked.id}/start`)).status).toBe(404);
  });

  it("imports both official ERN 4.3 samples, their files matched to the label's uploads by name", async () => {
    // The files the messages name, uploaded first (the single's message names no cover file: it is
    // found by the recording's ISRC).
    const album = await fs.readFile(`${SAMPLES}/album-audio.xml`, "utf8");
    const single = await fs.readFile(`${SAMPLES}/simple-audio-single.xml`, "utf8");
    const before = await check(album, "ern");
    expect(before, JSON.stringify(before)).toMatchObject({ status: "checked", blocking: 1 });
    expect((await lines(before.id))[0]?.findings.some((f) => f.code === "import.file")).toBe(true);

    const files: [string, "audio" | "artwork", Buffer][] = [];
    for (let n = 1; n <= 21; n++)
      files.push([
        `0094631432057_01_${String(n).padStart(3, "0")}.wav`,
        "audio",
        wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 }),
      ]);
    files.push(["0094631432057.jpg", "artwork", await image({ width: 3000, height: 3000, format: "jpeg" })]);
    files.push([
      "190295810726_00001_LL.flac",
      "audio",
      flac({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 1 }),
    ]);
    files.push(["GBAYC1700598.jpg", "artwork", await image({ width: 3000, height: 3000, format: "jpeg" })]);
    for (const [name, kind, bytes] of files)
      await uploadFile(label.client, {
        kind,
        type: kind === "artwork" ? "image/jpeg" : name.endsWith(".flac") ? "audio/flac" : "audio/wav",
        name,
        bytes,
      });
    await server.jobs.drain();

    for (const [xml, title, tracks, upc] of [
      [album, "Yume no Hajmari", 21, "0094631432057"],
      [single, "RIOPY: I Love You", 1, null],
    ] as const) {
      const checked = await check(xml, "ern");
      const [line] = await lines(checked.id);
      expect(
        line?.findings.filter((f) => f.severity === "blocking"),
        title,
      ).toEqual([]);
      expect(checked.importable).toBe(1);
      const done = await run(checked.id);
      expect(done).toMatchObject({ status: "completed", imported: 1 });
      const id = (await lines(checked.id))[0]?.releaseId;
      const detail = await label.client.get(`/api/releases/${id}`);
      expect(detail.body.release).toMatchObject({ title, upcEan: upc });
      expect(detail.body.tracks).toHaveLength(tracks);
    }
    const yume = await label.client.get("/api/releases?q=Yume");
    const detail = await label.client.get(`/api/releases/${yume.body.releases[0].id}`);
    expect(detail.body.tracks[0]).toMatchObject({ isrc: "JPTO09404900", title: "Yume no Lullaby" });
    expect(detail.body.release).toMatchObject({ labelName: "EMI MUSIC JAPAN INC.", originalReleaseDate: "2004-04-01" });
  }, 120_000);

  it("imports 1,000 rows, and an import stopped midway resumes without creating anything twice", async () => {
    const rows: Row[] = [];
    for (let r = 1; r <= 100; r++)
      for (let t = 1; t <= 10; t++) rows.push(track(`Bulk Release ${r}`, t, { release_type: "album" }));
    const checked = await check(csvOf(rows));
    expect(checked).toMatchObject({ status: "checked", releases: 100, ok: 100, importable: 100 });

    // Started (as the start route does, its job not queued yet), the worker stops after the first batch
    // (its job given up, or the process gone): 20 releases in.
    await server.database.db.execute(sql`update catalogue_imports set status = 'importing' where id = ${checked.id}`);
    const env = loadEnv({});
    const controller = new AbortController();
    const worker = {
      db: server.database.db,
      jobs: { kick: () => controller.abort() },
      stores: [],
      identifiers: { gs1Prefix: env.GS1_PREFIX, isrcRegistrant: env.ISRC_REGISTRANT },
      logger: createLogger("silent"),
    };
    await expect(runImport(worker, checked.id, controller.signal)).rejects.toThrow("import stopped");
    const midway = (await label.client.get(`/api/catalogue-imports/${checked.id}`)).body.import;
    expect(midway).toMatchObject({ status: "importing", imported: 20 });
    expect(await releaseCount()).toBe(20);

    // Taken up again by the queue: the rest, once each.
    await server.database.db.execute(sql`insert into jobs (kind, ref) values ('catalogue-import', ${checked.id})`);
    await server.jobs.drain();
    const done = (await label.client.get(`/api/catalogue-imports/${checked.id}`)).body.import;
    expect(done).toMatchObject({ status: "completed", imported: 100 });
    expect(await releaseCount()).toBe(100);
    const tracks = (await server.database.db.execute(
      sql`select count(*)::int as n, count(distinct isrc)::int as d from tracks t join releases r on r.id = t.release_id where r.user_id = ${label.id}`,
    )) as unknown as { rows: { n: number; d: number }[] };
    expect(tracks.rows[0]).toEqual({ n: 1000, d: 1000 });
  }, 180_000);
});
