import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IDENTIFIER_MESSAGES, isValidUpcEan } from "#domain/identifiers";
import { deliveries, jobs, releases, tracks } from "#server/db/schema";
import { createJobWorker } from "#server/jobs/queue";
import { createLogger, type Logger } from "#server/lib/logger";
import { createMailer } from "#server/mail/mailer";
import { createMediaStore } from "#server/media/media-store";
import { queueQualityCheck } from "#server/modules/quality";
import { tellOwnerOfRejection } from "#server/modules/releases";
import { createSubscription } from "#server/modules/subscriptions";
import { createArtist, validRelease } from "#server/test/factories";
import { image, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { payOnTestGateway } from "#server/test/payments";
import { fingerprintOf, generateHostKey, type SftpTestServer, startSftpServer } from "#server/test/sftp-server";
import { startTestServer, TEST_ADMIN, type TestClient, type TestServer } from "#server/test/test-server";
import { xpath } from "#server/test/xpath";
import {
  checkAcknowledgements,
  createDeliveryJob,
  manifestName,
  queueUpdates,
  type StoreRejection,
} from "./delivery-service";
import { createErnValidator, defaultSchemaDir } from "./ern-schema";
import type { StoreConfig } from "./stores";
import { HOST_KEY_MISMATCH, sftpTransport, type Transport, transportFor } from "./transports";

let server: TestServer;
let media: MediaServer;
let sftp: SftpTestServer;
let admin: TestClient;
let artist: Awaited<ReturnType<typeof createArtist>>;
let root: string;
let stores: StoreConfig[];
const uploads: string[] = [];
/** When set, uploads to the "stall" store write one file and then wait for this to settle (a worker frozen mid-delivery). */
let stall: { promise: Promise<void>; release: () => void; fail: (e: Error) => void } | undefined;
const validator = createErnValidator(defaultSchemaDir());
const audio = wav({ sampleRate: 44_100, bitDepth: 24, channels: 2, seconds: 0.5, extensible: true });
const mono = wav({ sampleRate: 22_050, bitDepth: 16, channels: 1, seconds: 0.5 });

/** The real transport, counted, and able to freeze mid-batch for the "stall" store. */
function testTransport(store: StoreConfig): Transport {
  const real = transportFor(store);
  return {
    ...real,
    async upload(batchId, files, manifest, opts) {
      uploads.push(`${store.id}/${batchId}`);
      if (store.id === "stall" && stall) {
        const current = stall;
        await real
          .upload(batchId, files.slice(0, 1), { relPath: "ignored.part", source: { text: "" } })
          .catch(() => {});
        await current.promise;
      }
      return real.upload(batchId, files, manifest, opts);
    },
  };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-delivery-"));
  await fs.mkdir(path.join(root, "sftp"));
  media = await startMediaServer();
  sftp = await startSftpServer(path.join(root, "sftp"));
  stores = [
    {
      id: "spotify",
      name: "Spotify",
      dpid: "PADPIDATESTSPOTIFY",
      downloads: false,
      transport: { kind: "folder", path: path.join(root, "spotify") },
    },
    {
      id: "itunes",
      name: "Apple Music",
      dpid: "PADPIDATESTAPPLE",
      downloads: true,
      transport: { kind: "folder", path: path.join(root, "itunes") },
    },
    {
      id: "saavn",
      name: "JioSaavn",
      dpid: "PADPIDATESTSAAVN",
      downloads: false,
      // This store's agreement asks for a PurgeReleaseMessage as its takedown.
      takedown: "purge",
      transport: {
        kind: "sftp",
        host: "127.0.0.1",
        port: sftp.port,
        username: sftp.username,
        password: sftp.password,
        hostKeySha256: sftp.hostKeySha256,
        path: "/incoming",
      },
    },
  ];
  await fs.writeFile(path.join(root, "stores.json"), JSON.stringify(stores));
  media.put("/good.wav", audio);
  media.put("/mono.wav", mono);
  media.put("/cover.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
}, 60_000);
afterAll(async () => {
  await media?.close();
  await sftp?.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** A server delivering to the stores in `storesFile`, an admin signed in, and an artist whose plan is paid. */
async function startWithStores(storesFile: string) {
  server = await startTestServer(
    { FETCH_ALLOW_HOSTS: media.host, STORES_FILE: storesFile },
    { transport: testTransport },
  );
  admin = server.client();
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  artist = await createArtist(server);
  // Deliveries go to stores once the artist's plan is paid (issue 18).
  await payOnTestGateway(artist.client, { planId: "basic_artist" });
}

/** The test's server again, delivering to other stores. */
async function restartWithStores(name: string, list: StoreConfig[]) {
  const storesFile = path.join(root, `${name}.json`);
  await fs.writeFile(storesFile, JSON.stringify(list));
  await server.close();
  await startWithStores(storesFile);
}

beforeEach(() => startWithStores(path.join(root, "stores.json")));
afterEach(async () => {
  stall?.release();
  await server?.close();
});

async function checkedRelease(over: Record<string, unknown> = {}) {
  const created = await artist.client.post(
    "/api/releases",
    validRelease({ audioFileUrl: media.url("/good.wav"), coverArtUrl: media.url("/cover.jpg"), ...over }),
  );
  expect(created.status).toBe(201);
  await server.jobs.drain();
  return created.body.release.id as string;
}

/** Approves a checked release, runs its deliveries, and reads the message each store received. */
async function approveAndRead(id: string) {
  await admin.post(`/api/admin/releases/${id}/approve`);
  await server.jobs.drain();
  const detail = (await admin.get(`/api/admin/releases/${id}`)).body;
  const upc = detail.release.upcEan as string;
  return async (store: string) => {
    const d = detail.deliveries.find((x: { store: string }) => x.store === store);
    expect(d.status).toBe("sent");
    return fs.readFile(path.join(root, store, d.batchId, upc, `${upc}.xml`), "utf8");
  };
}

/** A promise settled from outside (Node 20 has no Promise.withResolvers). */
function deferred() {
  const out = {} as { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void };
  out.promise = new Promise<void>((resolve, reject) => {
    out.resolve = resolve;
    out.reject = reject;
  });
  return out;
}

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

/** An ERN-C acknowledgement as a store writes it, where the batch choreography puts it. */
async function writeAck(dropBox: string, batchId: string, upc: string, status: string, errorText?: string) {
  const dir = path.join(dropBox, "acknowledgements");
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `ACK_${batchId}_${upc}.xml`),
    `<?xml version="1.0" encoding="UTF-8"?>
<ernc:FtpAcknowledgementMessage xmlns:ernc="http://ddex.net/xml/ern-c/16" MessageVersionId="ern-c/16">
  <MessageHeader><MessageId>ACK-${batchId}</MessageId><MessageCreatedDateTime>2026-11-24T10:00:00Z</MessageCreatedDateTime></MessageHeader>
  <AcknowledgedFile><FileName>${batchId}/${upc}/${upc}.xml</FileName></AcknowledgedFile>
  <FileStatus>${status}</FileStatus>${errorText ? `\n  <ErrorText>${errorText}</ErrorText>` : ""}
</ernc:FtpAcknowledgementMessage>`,
  );
}

/** An ERN-C 1.8 AcknowledgementMessage: the release's status and the message's file status. */
async function writeErnc18Ack(dropBox: string, batchId: string, upc: string, status: string, text?: string) {
  const dir = path.join(dropBox, "acknowledgements");
  await fs.mkdir(dir, { recursive: true });
  const releaseStatus =
    status === "FileOK" ? "SuccessfullyIngestedByReleaseDistributor" : "ProcessingErrorAtReleaseDistributor";
  await fs.writeFile(
    path.join(dir, `ACK_${batchId}_${upc}.xml`),
    `<?xml version="1.0" encoding="UTF-8"?>
<ns3:AcknowledgementMessage xmlns:ns3="http://ddex.net/xml/ern-c-sftp/18" AvsVersionId="9">
  <MessageHeader><MessageId>ACK-${batchId}</MessageId><MessageCreatedDateTime>2026-11-24T10:00:00Z</MessageCreatedDateTime></MessageHeader>
  <ReleaseStatus>
    <ReleaseId><ICPN>${upc}</ICPN></ReleaseId>
    <ReleaseStatus>${releaseStatus}</ReleaseStatus>
    <Acknowledgement>
      <MessageType>NewReleaseMessage</MessageType>
      <MessageStatus><Status>${status}</Status>${text ? `<StatusMessage>${text}</StatusMessage>` : ""}</MessageStatus>
    </Acknowledgement>
  </ReleaseStatus>
</ns3:AcknowledgementMessage>`,
  );
}

describe("approval, identifiers and deliveries", () => {
  it("refuses approval while the check runs or finds blocking problems", async () => {
    const created = await artist.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: media.url("/mono.wav"), coverArtUrl: media.url("/cover.jpg") }),
    );
    const id = created.body.release.id;
    // Let the check the upload started finish, then queue another without waking the worker (the test
    // server does not poll), so approval meets a check that is waiting for as long as this test needs.
    await server.jobs.drain();
    await queueQualityCheck(server.database.db, id);
    const waiting = await admin.post(`/api/admin/releases/${id}/approve`);
    expect([waiting.status, waiting.body.error.code]).toEqual([409, "QC_PENDING"]);
    await server.jobs.drain();
    const blocked = await admin.post(`/api/admin/releases/${id}/approve`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toMatchObject({
      code: "QC_BLOCKING",
      message: "This release has 2 blocking quality findings; fix them before approving.",
    });
    const after = await admin.get(`/api/admin/releases/${id}`);
    expect(after.body.release.status).toBe("pending_review");
    expect(after.body.deliveries).toEqual([]);
  });

  it("approve assigns a UPC and ISRCs, delivers schema-valid ERN batches to every store (folder and SFTP), and the artist sees it", async () => {
    const id = await checkedRelease({
      title: "First Light",
      language: "hi",
      tracks: [{ title: "First Light", contributors: [{ name: "Gulzar Rao", role: "lyricist" }] }],
    });
    const approved = await admin.post(`/api/admin/releases/${id}/approve`);
    expect(approved.status).toBe(200);
    const upc = approved.body.release.upcEan as string;
    expect(upc).toMatch(/^8901234\d{6}$/);
    expect(isValidUpcEan(upc)).toBe(true);
    await server.jobs.drain();

    const detail = await admin.get(`/api/admin/releases/${id}`);
    const isrc = detail.body.tracks[0].isrc as string;
    expect(isrc).toMatch(new RegExp(`^INZZZ${String(new Date().getUTCFullYear()).slice(2)}\\d{5}$`));
    expect(
      detail.body.deliveries.map((d: { store: string; kind: string; status: string }) => [d.store, d.kind, d.status]),
    ).toEqual([
      ["spotify", "insert", "sent"],
      ["itunes", "insert", "sent"],
      ["saavn", "insert", "sent"],
    ]);
    const mine = await artist.client.get(`/api/releases/${id}`);
    expect(mine.body.delivery).toEqual({
      delivered: 3,
      stores: 3,
      summary: "Delivered to 3 of 3 stores",
      awaitingPayment: 0,
    });

    const spotifyBatch = detail.body.deliveries[0].batchId;
    // DDEX BatchIds: the batch's creation time, YYYYMMDDhhmmssnnn, nothing after it.
    for (const d of detail.body.deliveries) expect(d.batchId).toMatch(/^\d{17}$/);
    const expected = [
      `${upc}/${upc}.xml`,
      `${upc}/resources/${upc}.jpg`,
      `${upc}/resources/${upc}_01_001.wav`,
      manifestName(spotifyBatch),
    ].sort();
    expect(await files(path.join(root, "spotify", spotifyBatch))).toEqual(expected);
    const sftpBatch = detail.body.deliveries[2].batchId;
    const sftpDir = path.join(root, "sftp", "incoming", sftpBatch);
    expect(await files(sftpDir)).toEqual(
      expected.map((f) => (f.startsWith("BatchComplete") ? manifestName(sftpBatch) : f)).sort(),
    );
    // BatchComplete is the batch's ManifestMessage: the message it holds, its release and its hash.
    const manifest = await fs.readFile(path.join(sftpDir, manifestName(sftpBatch)), "utf8");
    const M = "/ern:ManifestMessage";
    expect(xpath(manifest, `${M}/NumberOfMessages`)).toEqual(["1"]);
    expect(xpath(manifest, `${M}/MessageInBatch/URL`)).toEqual([`${upc}/${upc}.xml`]);
    expect(xpath(manifest, `${M}/MessageInBatch/MessageType`)).toEqual(["NewReleaseMessage"]);
    expect(xpath(manifest, `${M}/MessageInBatch/MessageId`)).toEqual([detail.body.deliveries[2].id]);
    expect(xpath(manifest, `${M}/MessageInBatch/IncludedReleaseId/ICPN`)).toEqual([upc]);
    expect(xpath(manifest, `${M}/MessageHeader/MessageRecipient/PartyId`)).toEqual(["PADPIDATESTSAAVN"]);
    const messageMd5 = createHash("md5")
      .update(await fs.readFile(path.join(sftpDir, upc, `${upc}.xml`)))
      .digest("hex");
    expect(xpath(manifest, `${M}/MessageInBatch/HashSum/HashSumValue`)).toEqual([messageMd5]);
    // The exact bytes the artist linked, over SFTP too.
    expect(Buffer.compare(await fs.readFile(path.join(sftpDir, upc, "resources", `${upc}_01_001.wav`)), audio)).toBe(0);
    const xml = await fs.readFile(path.join(sftpDir, upc, `${upc}.xml`), "utf8");
    expect((await validator.validate(xml)).errors).toEqual([]);
    // The hashes in the message are those of the files in the batch.
    for (const file of [`${upc}_01_001.wav`, `${upc}.jpg`]) {
      const md5 = createHash("md5")
        .update(await fs.readFile(path.join(sftpDir, upc, "resources", file)))
        .digest("hex");
      const hashed = new RegExp(
        `<URI>resources/${file.replace(/\./g, "\\.")}</URI>\\s*<HashSum>\\s*<Algorithm>MD5</Algorithm>\\s*<HashSumValue>([0-9a-f]{32})<`,
      ).exec(xml);
      expect(hashed?.[1]).toBe(md5);
    }
    expect(xml).toContain(`<ICPN>${upc}</ICPN>`);
    expect(xml).toContain(`<ISRC>${isrc}</ISRC>`);
    expect(xml).toContain("<DisplayTitleText>First Light</DisplayTitleText>");
    // The credits and the language the artist gave travel with it.
    expect(xml).toContain("<Role>Lyricist</Role>");
    expect(xml).toContain("<FullName>Gulzar Rao</FullName>");
    expect(xml).toContain("<LanguageOfPerformance>hi</LanguageOfPerformance>");
    expect(xml).toContain("<PartyId>PADPIDATESTSAAVN</PartyId>");
    expect(xml).toContain("<BitsPerSample>24</BitsPerSample>");
    // Downloads only where the store enables them.
    const itunesXml = await fs.readFile(
      path.join(root, "itunes", detail.body.deliveries[1].batchId, upc, `${upc}.xml`),
      "utf8",
    );
    expect(itunesXml).toContain("PayAsYouGoModel");
    expect(xml).not.toContain("PayAsYouGoModel");

    // Acknowledgements, read back from where the choreography puts them: Spotify accepts (ECHO 1.6),
    // JioSaavn (over SFTP) rejects with its reason (ERN-C 1.8), and Apple Music first files an
    // acknowledgement about another release, which is refused and logged, not applied.
    await writeAck(path.join(root, "spotify"), spotifyBatch, upc, "FileOK");
    await writeErnc18Ack(
      path.join(root, "sftp", "incoming"),
      sftpBatch,
      upc,
      "ResourceNotMeetingSpecifications",
      "Cover art is below 3000x3000.",
    );
    const itunesBatch = detail.body.deliveries[1].batchId;
    await writeErnc18Ack(path.join(root, "itunes"), itunesBatch, "8901234999997", "FileOK");
    const told: StoreRejection[] = [];
    const warnings: string[] = [];
    // A logger that keeps what it is told (pino's overloads are more than this test needs).
    const recording = {
      warn: ((_: unknown, message: string) => {
        warnings.push(message);
      }) as Pick<Logger, "warn">["warn"],
    };
    expect(
      await checkAcknowledgements(server.database.db, stores, undefined, recording, async (r) => {
        told.push(r);
      }),
    ).toEqual({ accepted: 1, rejected: 1 });
    expect(warnings).toEqual([
      "acknowledgement refused: The acknowledgement names release 8901234999997, not this delivery.",
    ]);
    await fs.rm(path.join(root, "itunes", "acknowledgements"), { recursive: true });
    // The owner is told of the rejection at once, in the app and by e-mail, in the store's words.
    expect(told).toEqual([{ releaseId: id, storeName: "JioSaavn", message: "Cover art is below 3000x3000." }]);
    const logger = createLogger("silent");
    const mailer = createMailer({
      from: "Kalrav <x@kalrav.in>",
      outboxDir: path.join(server.dataDir, "outbox"),
      logger,
    });
    await tellOwnerOfRejection(
      { db: server.database.db, mailer, logger, publicUrl: server.url },
      told[0] as StoreRejection,
    );
    const notes = (await artist.client.get("/api/notifications")).body.notifications;
    expect(notes[0]).toMatchObject({ title: expect.stringMatching(/^JioSaavn did not accept: /) });
    expect(notes[0].body).toContain('JioSaavn said: "Cover art is below 3000x3000."');
    expect(
      (await server.outbox()).some((m) => m.to === artist.email && m.subject.startsWith("JioSaavn did not accept")),
    ).toBe(true);
    const acked = await admin.get(`/api/admin/releases/${id}`);
    expect(acked.body.deliveries.map((d: { status: string }) => d.status)).toEqual([
      "acknowledged",
      "sent",
      "rejected",
    ]);
    expect(acked.body.deliveries[2].storeMessage).toBe("Cover art is below 3000x3000.");
    // Read once: a second poll changes nothing.
    expect(await checkAcknowledgements(server.database.db, stores)).toEqual({ accepted: 0, rejected: 0 });
    // A rejected delivery is retried in a new batch.
    const rejectedId = acked.body.deliveries[2].id;
    expect((await admin.post(`/api/admin/deliveries/${rejectedId}/retry`)).status).toBe(202);
    await server.jobs.drain();
    const resent = (await admin.get(`/api/admin/releases/${id}`)).body.deliveries[2];
    expect(resent.status).toBe("sent");
    expect(resent.batchId).not.toBe(sftpBatch);
    expect(resent.batchId > sftpBatch).toBe(true);

    // An admin corrects the title of the live release: each store that has it gets an update with
    // the same identifiers and no files.
    const edit = await admin.request("PATCH", `/api/admin/releases/${id}`, {
      title: "First Light (Remastered)",
      artistName: detail.body.release.artistName,
      releaseDate: detail.body.release.releaseDate,
      status: "live",
      upcEan: upc,
    });
    expect(edit.status).toBe(200);
    await server.jobs.drain();
    const updates = (await admin.get(`/api/admin/releases/${id}`)).body.deliveries.filter(
      (d: { kind: string }) => d.kind === "update",
    );
    expect(updates.map((d: { store: string; status: string }) => [d.store, d.status])).toEqual([
      ["spotify", "sent"],
      ["itunes", "sent"],
      ["saavn", "sent"],
    ]);
    const updateXml = await fs.readFile(path.join(root, "spotify", updates[0].batchId, upc, `${upc}.xml`), "utf8");
    expect((await validator.validate(updateXml)).errors).toEqual([]);
    expect(updateXml).toContain("<DisplayTitleText>First Light (Remastered)</DisplayTitleText>");
    expect(updateXml).toContain(`<ICPN>${upc}</ICPN>`);
    expect(updateXml).toContain(`<ISRC>${isrc}</ISRC>`);
    expect(await files(path.join(root, "spotify", updates[0].batchId))).toEqual(
      [`${upc}/${upc}.xml`, manifestName(updates[0].batchId)].sort(),
    );
    expect((await artist.client.get(`/api/releases/${id}`)).body.delivery.summary).toBe("Delivered to 3 of 3 stores");

    // Take Down: the release resent with its deals ended, to every store that had it.
    const down = await admin.post(`/api/admin/releases/${id}/take-down`);
    expect(down.body.release.status).toBe("taken_down");
    await server.jobs.drain();
    const after = await admin.get(`/api/admin/releases/${id}`);
    const takedowns = after.body.deliveries.filter((d: { kind: string }) => d.kind === "takedown");
    expect(takedowns.map((d: { store: string; status: string }) => [d.store, d.status])).toEqual([
      ["spotify", "sent"],
      ["itunes", "sent"],
      ["saavn", "sent"],
    ]);
    const takedownXml = await fs.readFile(path.join(root, "itunes", takedowns[1].batchId, upc, `${upc}.xml`), "utf8");
    expect((await validator.validate(takedownXml)).valid).toBe(true);
    expect(takedownXml).not.toContain("<File>");
    expect(await files(path.join(root, "itunes", takedowns[1].batchId))).toEqual(
      [`${upc}/${upc}.xml`, manifestName(takedowns[1].batchId)].sort(),
    );
    // Each store's rule: JioSaavn gets a PurgeReleaseMessage.
    const purgeXml = await fs.readFile(
      path.join(root, "sftp", "incoming", takedowns[2].batchId, upc, `${upc}.xml`),
      "utf8",
    );
    expect((await validator.validate(purgeXml)).errors).toEqual([]);
    expect(purgeXml).toContain("<ern:PurgeReleaseMessage");
    expect(purgeXml).toContain(`<ICPN>${upc}</ICPN>`);
    // Message times only move forward, per release and store.
    const times = await server.database.db
      .select({ kind: deliveries.kind, at: deliveries.messageCreatedAt })
      .from(deliveries)
      .where(and(eq(deliveries.store, "itunes"), eq(deliveries.releaseId, id)));
    const insertAt = times.find((t) => t.kind === "insert")?.at?.getTime() ?? Number.NaN;
    const takedownAt = times.find((t) => t.kind === "takedown")?.at?.getTime() ?? Number.NaN;
    const updateAt = times.find((t) => t.kind === "update")?.at?.getTime() ?? Number.NaN;
    expect(updateAt).toBeGreaterThan(insertAt);
    expect(takedownAt).toBeGreaterThan(updateAt);
    expect(takedownXml).toContain(
      `<MessageCreatedDateTime>${new Date(takedownAt).toISOString()}</MessageCreatedDateTime>`,
    );
    // The takedown grants nothing: deals that end at the moment it was made, or none at all while
    // the release date has not come anywhere yet.
    const releaseDate = detail.body.release.releaseDate as string;
    const firstOut = Date.parse(`${releaseDate}T00:00:00+14:00`);
    expect(xpath(takedownXml, "//Deal/DealTerms/ValidityPeriod/EndDateTime")).toEqual(
      takedownAt < firstOut ? [] : xpath(takedownXml, "//Deal").map(() => new Date(takedownAt).toISOString()),
    );
    if (takedownAt < firstOut) expect(xpath(takedownXml, "/ern:NewReleaseMessage/DealList")).toEqual([]);
    expect((await artist.client.get(`/api/releases/${id}`)).body.delivery.summary).toBe("Delivered to 0 of 3 stores");

    // Approved again: the same UPC and ISRC, never new ones.
    const again = await admin.post(`/api/admin/releases/${id}/approve`);
    expect(again.body.release.upcEan).toBe(upc);
    expect((await admin.get(`/api/admin/releases/${id}`)).body.tracks[0].isrc).toBe(isrc);
    await server.jobs.drain();
  }, 60_000);

  it("every change a store shows sends one update (metadata only), an unchanged edit sends nothing, and a replaced file goes out with its update", async () => {
    media.put("/replaceable.wav", audio);
    const id = await checkedRelease({ audioFileUrl: media.url("/replaceable.wav") });
    await admin.post(`/api/admin/releases/${id}/approve`);
    await server.jobs.drain();
    const detail = async () => (await admin.get(`/api/admin/releases/${id}`)).body;
    const updatesOf = async () =>
      (await detail()).deliveries.filter((d: { kind: string; store: string }) => d.kind === "update");
    const first = await detail();
    const upc = first.release.upcEan as string;

    // An admin's edit that changes nothing sends nothing.
    const same = {
      title: first.release.title,
      artistName: first.release.artistName,
      releaseDate: first.release.releaseDate,
      status: "live",
      upcEan: upc,
    };
    expect((await admin.request("PATCH", `/api/admin/releases/${id}`, same)).status).toBe(200);
    await server.jobs.drain();
    expect(await updatesOf()).toEqual([]);

    // Genre, credits and explicitness are what stores show: each change is an update,
    // whichever way it was made; the stores are told once, with the release as it then is.
    const db = server.database.db;
    await db.update(releases).set({ genre: "Sufi" }).where(eq(releases.id, id));
    await db
      .update(tracks)
      .set({ contributors: [{ name: "Gulzar Rao", role: "lyricist" }], isExplicit: true })
      .where(eq(tracks.releaseId, id));
    expect(await db.transaction((tx) => queueUpdates(tx, id))).toBe(3);
    expect(await db.transaction((tx) => queueUpdates(tx, id))).toBe(0);
    await server.jobs.drain();
    const metadataOnly = (await updatesOf()).find((d: { store: string }) => d.store === "spotify");
    expect(metadataOnly.status).toBe("sent");
    const batchDir = path.join(root, "spotify", metadataOnly.batchId);
    expect(await files(batchDir)).toEqual([`${upc}/${upc}.xml`, manifestName(metadataOnly.batchId)].sort());
    const updateXml = await fs.readFile(path.join(batchDir, upc, `${upc}.xml`), "utf8");
    expect(xpath(updateXml, "//ReleaseList/Release/Genre/GenreText")).toEqual(["Sufi"]);
    expect(xpath(updateXml, "//SoundRecording/Contributor/Role")).toEqual(["Lyricist"]);
    expect(xpath(updateXml, "//ReleaseList/Release/ParentalWarningType")).toEqual(["Explicit"]);
    // Once sent, nothing is due again until something changes.
    expect(await db.transaction((tx) => queueUpdates(tx, id))).toBe(0);

    // The artist replaced the audio at the same link; the check runs again: the update carries the file.
    const louder = wav({ sampleRate: 44_100, bitDepth: 24, channels: 2, seconds: 0.75, extensible: true });
    media.put("/replaceable.wav", louder);
    expect((await admin.post(`/api/admin/releases/${id}/quality-check`)).status).toBe(202);
    await server.jobs.drain();
    await server.jobs.drain();
    const withFile = (await updatesOf()).filter((d: { store: string }) => d.store === "spotify");
    expect(withFile).toHaveLength(2);
    const latest = withFile.find((d: { batchId: string }) => d.batchId !== metadataOnly.batchId);
    expect(latest.status).toBe("sent");
    const fileDir = path.join(root, "spotify", latest.batchId);
    const sentAudio = await fs.readFile(path.join(fileDir, upc, "resources", `${upc}_01_001.wav`));
    expect(Buffer.compare(sentAudio, louder)).toBe(0);
    const fileXml = await fs.readFile(path.join(fileDir, upc, `${upc}.xml`), "utf8");
    expect(xpath(fileXml, "//SoundRecording//File/HashSum/HashSumValue")).toEqual([
      createHash("md5").update(louder).digest("hex"),
    ]);
  }, 60_000);

  it("a store that takes Apple's iTunes Package gets <UPC>.itmsp with metadata.xml last, naming every file with its real size and MD5", async () => {
    const appleRoot = path.join(root, "apple-itmsp");
    const appleStore: StoreConfig = {
      id: "apple-music",
      name: "Apple Music",
      dpid: "PADPIDATESTAPPLE",
      downloads: true,
      format: "itunes-package",
      provider: "KALRAV_TEST",
      priceTiers: { track: "98", album: "32" },
      transport: { kind: "folder", path: appleRoot },
    };
    await restartWithStores("itunes-stores", [appleStore]);
    const id = await checkedRelease({ tracks: [{ title: "Monsoon Nights", isExplicit: true }] });
    await admin.post(`/api/admin/releases/${id}/approve`);
    await server.jobs.drain();
    const detail = (await admin.get(`/api/admin/releases/${id}`)).body;
    const [delivery] = detail.deliveries;
    expect(delivery).toMatchObject({ store: "apple-music", status: "sent" });
    const upc = detail.release.upcEan as string;
    const pkg = path.join(appleRoot, delivery.batchId, `${upc}.itmsp`);
    expect(await files(pkg)).toEqual([`${upc}.jpg`, `${upc}_01_001.wav`, "metadata.xml"].sort());
    const metadata = await fs.readFile(path.join(pkg, "metadata.xml"), "utf8");
    expect(xpath(metadata, "/package/album/vendor_id")).toEqual([upc]);
    expect(xpath(metadata, "/package/provider")).toEqual(["KALRAV_TEST"]);
    expect(xpath(metadata, "/package/album/tracks/track/isrc")).toEqual([detail.tracks[0].isrc]);
    expect(xpath(metadata, "/package/album/explicit_content")).toEqual(["explicit"]);
    for (const name of [`${upc}_01_001.wav`, `${upc}.jpg`]) {
      const bytes = await fs.readFile(path.join(pkg, name));
      const entry = `//*[file_name="${name}"]`;
      expect(xpath(metadata, `${entry}/size`)).toEqual([String(bytes.length)]);
      expect(xpath(metadata, `${entry}/checksum`)).toEqual([createHash("md5").update(bytes).digest("hex")]);
    }
    // No DDEX manifest in an iTunes batch: metadata.xml is what completes it.
    expect((await files(path.join(appleRoot, delivery.batchId))).some((f) => f.startsWith("BatchComplete"))).toBe(
      false,
    );
  }, 60_000);

  it("a store on ERN 4.3.2 gets the artist's AI declaration, valid against the 4.3.2 schema, while a 4.3 store gets valid 4.3", async () => {
    const stores432: StoreConfig[] = [
      {
        ...(stores[0] as StoreConfig),
        id: "deezer",
        name: "Deezer",
        format: "ern-4.3.2",
        transport: { kind: "folder", path: path.join(root, "deezer") },
      },
      {
        ...(stores[0] as StoreConfig),
        id: "spotify43",
        transport: { kind: "folder", path: path.join(root, "spotify43") },
      },
    ];
    await restartWithStores("ern432-stores", stores432);
    const ai = { vocals: "all", instrumentation: "all", composition: "all", lyrics: "all", postProduction: "all" };
    const id = await checkedRelease({ aiUsed: "yes", artworkAi: "none", tracks: [{ title: "Synthetic Rain", ai }] });
    const read = await approveAndRead(id);
    const xml432 = await read("deezer");
    expect((await validator.validate(xml432)).errors).toEqual([]);
    expect(xml432).toContain("http://ddex.net/xml/ern/432");
    expect(xpath(xml432, "//SoundRecording/ContainsAI")).toEqual(["All"]);
    expect(xpath(xml432, "//ReleaseList/Release/ContainsAI")).toEqual(["Partly"]);
    const xml43 = await read("spotify43");
    expect((await validator.validate(xml43)).errors).toEqual([]);
    expect(xml43).not.toContain("ContainsAI");
  }, 60_000);

  it("the credited profiles go to the stores as parties with our id; their Spotify URIs and the protection key to Spotify alone (issue 35)", async () => {
    const spotify: StoreConfig = { ...(stores[0] as StoreConfig), artistIds: ["spotify"] };
    await restartWithStores("artist-id-stores", [spotify, stores[1] as StoreConfig]);
    // A label's second artist, featured on the first one's track.
    await createSubscription(server.database.db, artist.id, "label_plan", "test: a label");
    const ravi = await artist.client.post("/api/artists", {
      name: "Ravi",
      spotifyArtistUri: "spotify:artist:1aBcDeFgHiJkLmNoPqRsTu",
    });
    expect(ravi.status).toBe(201);
    const id = await checkedRelease({ artistName: "Asha", tracks: [{ title: "Monsoon", featuredArtists: ["ravi"] }] });
    const asha = (await artist.client.get("/api/artists")).body.artists.find(
      (a: { name: string }) => a.name === "Asha",
    );
    const key = "app-key-0123456789abcdef";
    const saved = await artist.client.request("PUT", `/api/artists/${asha.id}`, {
      name: "Asha",
      spotifyArtistUri: "spotify:artist:4Z8W4fKeB5YxbusRsdQVPb",
      appKey: key,
    });
    expect(saved.status).toBe(200);
    const read = await approveAndRead(id);
    const ids = (name: string) => `//PartyList/Party[PartyName/FullName='${name}'][1]/PartyId/ProprietaryId`;
    const toSpotify = await read("spotify");
    expect((await validator.validate(toSpotify)).errors).toEqual([]);
    expect(xpath(toSpotify, ids("Asha"))).toEqual([
      `KALRAV:ARTIST:${asha.id}`,
      "spotify:artist:4Z8W4fKeB5YxbusRsdQVPb",
      key,
    ]);
    expect(xpath(toSpotify, ids("ravi"))).toEqual([
      `KALRAV:ARTIST:${ravi.body.artist.id}`,
      "spotify:artist:1aBcDeFgHiJkLmNoPqRsTu",
    ]);
    const toApple = await read("itunes");
    expect(xpath(toApple, ids("Asha"))).toEqual([`KALRAV:ARTIST:${asha.id}`]);
    expect(xpath(toApple, ids("ravi"))).toEqual([`KALRAV:ARTIST:${ravi.body.artist.id}`]);
    expect(toApple).not.toContain(key);
    // A profile credited on a track cannot be deleted either.
    expect((await artist.client.request("DELETE", `/api/artists/${ravi.body.artist.id}`)).status).toBe(409);
  }, 60_000);

  it("concurrent approvals get distinct, sequential codes; a code already issued is refused", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => checkedRelease()));
    await server.jobs.drain();
    const results = await Promise.all(ids.map((id) => admin.post(`/api/admin/releases/${id}/approve`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const upcs = results.map((r) => r.body.release.upcEan as string);
    expect(new Set(upcs).size).toBe(5);
    const sequence = upcs.map((u) => Number(u.slice(7, 12))).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, i) => (sequence[0] as number) + i));
    const isrcs = await Promise.all(
      ids.map(async (id) => (await admin.get(`/api/admin/releases/${id}`)).body.tracks[0].isrc),
    );
    expect(new Set(isrcs).size).toBe(5);

    // An issued code is claimed: a new release carrying it is refused when it is submitted.
    const copy = await artist.client.post(
      "/api/releases",
      validRelease({ audioFileUrl: media.url("/good.wav"), coverArtUrl: media.url("/cover.jpg"), upcEan: upcs[0] }),
    );
    expect(copy.status).toBe(409);
    expect(copy.body.error.message).toBe(IDENTIFIER_MESSAGES.upcTakenByOwn(upcs[0] as string, "Monsoon Nights"));
    await server.jobs.drain();
  }, 60_000);
});

describe("the delivery queue survives a worker dying mid-delivery", () => {
  it("another worker takes the job over when its lease ends in a new batch of its own time, the frozen worker cannot complete its old one, and a replay sends nothing", async () => {
    const stallStore: StoreConfig = {
      id: "stall",
      name: "Stall",
      dpid: "PADPIDATESTSTALL",
      downloads: false,
      transport: { kind: "folder", path: path.join(root, "stall") },
    };
    const id = await checkedRelease();
    await admin.post(`/api/admin/releases/${id}/approve`);
    await server.jobs.drain();
    // A delivery to a store that freezes mid-batch, run by a worker with a one-second lease.
    const [row] = await server.database.db
      .insert(deliveries)
      .values({ releaseId: id, store: "stall", kind: "insert" })
      .returning();
    if (!row) throw new Error("no delivery");
    await server.database.db.insert(jobs).values({ kind: "delivery", ref: row.id });
    const frozenUpload = deferred();
    stall = {
      promise: frozenUpload.promise,
      release: () => frozenUpload.resolve(),
      fail: (e) => frozenUpload.reject(e),
    };
    const logger = createLogger("silent");
    const mediaStore = createMediaStore(path.join(server.dataDir, "media"), {
      allowHosts: [],
      maxBytes: 1e9,
      timeoutMs: 5000,
    });
    const config = { stores: [stallStore], sender: { dpid: "PADPIDALOCALKALRAV", name: "Kalrav" } };
    const handlers = (transport: (s: StoreConfig) => Transport) => ({
      "quality-check": async () => {},
      delivery: createDeliveryJob({ db: server.database.db, media: mediaStore, config, logger, transport }),
    });
    const frozen = createJobWorker({
      db: server.database.db,
      logger,
      handlers: handlers(testTransport),
      pollMs: 0,
      // A frozen process: it renews nothing, so its lease runs out after 1 s, and it never gives the job up.
      leaseSeconds: 1,
      timeoutSeconds: 3600,
      heartbeat: false,
    });
    frozen.kick();
    // The batch gets its BatchId when the worker builds it.
    let batchId = "";
    for (let i = 0; i < 50 && !batchId; i++) {
      const [stamped] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, row.id));
      batchId = stamped?.batchId ?? "";
      if (!batchId) await new Promise((r) => setTimeout(r, 50));
    }
    const batchDir = path.join(root, "stall", batchId);
    for (let i = 0; i < 50 && (await files(batchDir).catch(() => [])).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await files(batchDir)).some((f) => f.startsWith("BatchComplete"))).toBe(false);

    // The "restarted process": a fresh worker on the same database, after the lease ran out.
    await new Promise((r) => setTimeout(r, 1300));
    const counted: string[] = [];
    const restarted = createJobWorker({
      db: server.database.db,
      logger,
      pollMs: 0,
      handlers: handlers((store) => {
        const real = transportFor(store);
        return {
          ...real,
          upload: (batchId, batchFiles, manifest, opts) => {
            counted.push(batchId);
            return real.upload(batchId, batchFiles, manifest, opts);
          },
        };
      }),
    });
    await restarted.drain();
    // The retry is a new batch, stamped now: a later BatchId and message time than the first attempt's.
    const [done] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done?.status).toBe("sent");
    const retryBatch = done?.batchId ?? "";
    expect(counted).toEqual([retryBatch]);
    expect(retryBatch > batchId).toBe(true);
    const upc = (await admin.get(`/api/admin/releases/${id}`)).body.release.upcEan;
    const retryDir = path.join(root, "stall", retryBatch);
    expect(await files(retryDir)).toEqual(
      [
        `${upc}/${upc}.xml`,
        `${upc}/resources/${upc}.jpg`,
        `${upc}/resources/${upc}_01_001.wav`,
        manifestName(retryBatch),
      ].sort(),
    );
    const retryXml = await fs.readFile(path.join(retryDir, upc, `${upc}.xml`), "utf8");
    expect(xpath(retryXml, "//MessageHeader/MessageCreatedDateTime")).toEqual([done?.messageCreatedAt?.toISOString()]);

    // The frozen worker wakes up and carries on: its old batch is superseded, so it never gets its
    // manifest (a store ignores a batch without one), and the other's success stands.
    stall.release();
    await frozen.stop();
    expect((await files(batchDir)).some((f) => f.startsWith("BatchComplete"))).toBe(false);
    const [still] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(still?.status).toBe("sent");
    expect(still?.batchId).toBe(retryBatch);

    // A worker that died after the manifest landed but before recording it: replayed, nothing is sent again.
    await server.database.db.update(deliveries).set({ status: "sending" }).where(eq(deliveries.id, row.id));
    await server.database.db
      .update(jobs)
      .set({ status: "queued", runAt: new Date(0) })
      .where(eq(jobs.ref, row.id));
    await restarted.drain();
    expect(counted).toEqual([retryBatch]);
    const [replayed] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(replayed?.status).toBe("sent");
    stall = undefined;
  }, 30_000);

  it("a failed delivery is shown with its reason and an admin can retry it", async () => {
    const id = await checkedRelease();
    await admin.post(`/api/admin/releases/${id}/approve`);
    // The SFTP store goes away: its delivery fails until attempts run out.
    sftp.down();
    for (let i = 0; i < 5; i++) {
      await server.jobs.drain();
      await server.database.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
    }
    await server.jobs.drain();
    const detail = await admin.get(`/api/admin/releases/${id}`);
    const failed = detail.body.deliveries.find((d: { store: string }) => d.store === "saavn");
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/Connection lost before handshake|ECONNRESET/);
    expect(detail.body.delivery.summary).toBe("Delivered to 2 of 3 stores");
    const artistRetry = await artist.client.post(`/api/admin/deliveries/${failed.id}/retry`);
    expect(artistRetry.status).toBe(403);
    // The store is back, for the tests that follow.
    sftp.up();
    const retried = await admin.post(`/api/admin/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    expect((await admin.post(`/api/admin/deliveries/${failed.id}/retry`)).status).toBe(409);
  }, 60_000);

  it("a store that keeps failing is paused with an alert, its deliveries wait, and an admin resumes it", async () => {
    const first = await checkedRelease();
    const second = await checkedRelease();
    sftp.down();
    // Ten failed attempts in a row (five per delivery) pause the store. One release after the other:
    // run side by side, which delivery's attempt is the tenth was a race (the other one is paused).
    const failAll = async () => {
      for (let i = 0; i < 6; i++) {
        await server.jobs.drain();
        await server.database.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
      }
    };
    await admin.post(`/api/admin/releases/${first}/approve`);
    await failAll();
    await admin.post(`/api/admin/releases/${second}/approve`);
    await failAll();
    const saavnOf = async (id: string) =>
      (await admin.get(`/api/admin/releases/${id}`)).body.deliveries.find(
        (d: { store: string }) => d.store === "saavn",
      );
    expect((await saavnOf(first)).status).toBe("failed");
    expect((await saavnOf(second)).status).toBe("paused");
    // A release approved now waits too, without spending attempts on a store that is down.
    const third = await checkedRelease();
    await admin.post(`/api/admin/releases/${third}/approve`);
    await server.jobs.drain();
    expect(await saavnOf(third)).toMatchObject({ status: "paused", attempts: 0 });

    const overview = (await admin.get("/api/admin/stores")).body.stores.find(
      (s: { store: string }) => s.store === "saavn",
    );
    expect(overview.pausedAt).not.toBeNull();
    expect(overview.consecutiveFailures).toBe(10);
    expect(overview.counts).toMatchObject({ failed: 1, paused: 2 });
    expect(overview.lastError).toMatch(/Connection lost before handshake|ECONNRESET/);
    const summary = (await admin.get("/api/admin/summary")).body.queues;
    expect(summary.pausedStores).toEqual([expect.objectContaining({ store: "saavn", storeName: "JioSaavn" })]);
    expect(summary.failedDeliveryReleases).toBe(3);
    const attention = (await admin.get("/api/admin/deliveries?view=attention")).body.deliveries;
    expect(attention.map((d: { status: string }) => d.status).sort()).toEqual(["failed", "paused", "paused"]);
    // The artist is told plainly, store by store.
    const mine = await artist.client.get(`/api/releases/${third}`);
    expect(mine.body.stores.find((s: { store: string }) => s.store === "saavn").state).toBe("problem");

    sftp.up();
    const resumed = await admin.post("/api/admin/stores/saavn/resume");
    expect(resumed.body).toEqual({ resumed: 2, message: "Deliveries to JioSaavn resumed: 2 deliveries queued again." });
    // A first attempt may still fail on a loaded machine (once in CI, an SSH handshake): it is then
    // queued for its retry, which runs here at once; what it said is printed for whoever reads the log.
    for (let round = 0; round < 3; round++) {
      await server.jobs.drain();
      const waiting = [await saavnOf(second), await saavnOf(third)].filter((d) => d.status !== "sent");
      if (!waiting.length) break;
      console.warn("retried after resume:", waiting.map((d) => `${d.status}: ${d.lastError}`).join("; "));
      await server.database.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
    }
    expect((await saavnOf(second)).status).toBe("sent");
    expect((await saavnOf(third)).status).toBe("sent");
    expect((await admin.post("/api/admin/stores/saavn/resume")).status).toBe(409);
    expect((await admin.post("/api/admin/stores/napster/resume")).status).toBe(404);
  }, 90_000);

  it("polling reads every outstanding delivery, page by page, not only the newest ones", async () => {
    const id = await checkedRelease();
    await admin.post(`/api/admin/releases/${id}/approve`);
    await server.jobs.drain();
    const upc = (await admin.get(`/api/admin/releases/${id}`)).body.release.upcEan as string;
    // 1,200 batches waiting on one store, the oldest sent first; the store answers the oldest.
    const base = Date.parse("2026-01-01T00:00:00Z");
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      releaseId: id,
      store: "spotify",
      kind: "update",
      status: "sent",
      batchId: `2026010100${String(i).padStart(7, "0")}`,
      sentAt: new Date(base + i * 1000),
    }));
    const inserted = await server.database.db
      .insert(deliveries)
      .values(rows)
      .returning({ id: deliveries.id, batchId: deliveries.batchId });
    const oldest = inserted.find((r) => r.batchId === rows[0]?.batchId);
    await writeAck(path.join(root, "spotify"), rows[0]?.batchId as string, upc, "FileOK");
    const counts = await checkAcknowledgements(
      server.database.db,
      stores.filter((s) => s.id === "spotify"),
    );
    expect(counts.accepted).toBe(1);
    const [row] = await server.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, oldest?.id as string));
    expect(row?.status).toBe("acknowledged");
    await fs.rm(path.join(root, "spotify", "acknowledgements"), { recursive: true });
  }, 60_000);

  it("polling a store for acknowledgements opens one SSH connection, however many batches wait on it", async () => {
    const ids = [await checkedRelease(), await checkedRelease(), await checkedRelease()];
    for (const id of ids) await admin.post(`/api/admin/releases/${id}/approve`);
    await server.jobs.drain();
    const sftpStore = stores.filter((s) => s.id === "saavn");
    const before = sftp.connections();
    await checkAcknowledgements(server.database.db, sftpStore);
    expect(sftp.connections() - before).toBe(1);
  }, 60_000);
});

describe("the SFTP transport checks whom it talks to", () => {
  it("refuses a server whose host key is not the configured one, and writes nothing", async () => {
    const config = stores.find((s) => s.id === "saavn")?.transport;
    if (config?.kind !== "sftp") throw new Error("no SFTP store");
    const dropBox = path.join(root, "sftp", "incoming");
    // An impostor on another port, holding another key.
    const impostorRoot = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-impostor-"));
    const impostor = await startSftpServer(impostorRoot, 0, generateHostKey());
    try {
      const upload = sftpTransport({ ...config, port: impostor.port }).upload(
        "20261124000000000",
        [{ relPath: "x/x.xml", source: { text: "<x/>" } }],
        { relPath: "BatchComplete_20261124000000000.xml", source: { text: "" } },
      );
      await expect(upload).rejects.toThrow(HOST_KEY_MISMATCH);
      expect(await files(impostorRoot)).toEqual([]);
      // The real server, under a configuration naming another key, is refused too.
      const wrongKey = sftpTransport({ ...config, hostKeySha256: fingerprintOf(generateHostKey()) });
      await expect(wrongKey.readAcknowledgements(["ACK_"])).rejects.toThrow(HOST_KEY_MISMATCH);
      // ...and accepted under the right one.
      await expect(sftpTransport(config).readAcknowledgements(["ACK_"])).resolves.toBeInstanceOf(Array);
      expect(dropBox).toBeTruthy();
    } finally {
      await impostor.close();
      await fs.rm(impostorRoot, { recursive: true, force: true });
    }
  });
});
