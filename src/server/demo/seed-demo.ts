// The demo catalogue (npm run seed:demo): artists on a plan, live releases whose music and covers
// were made here and checked by the real quality check, delivered to the stores through the real
// delivery job, and a year of store reports imported through the same import code as an admin's
// upload, so a newcomer sees a living app. Running it again adds only what is missing.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { dateIst } from "#domain/clock";
import { gs1CheckDigit } from "#domain/identifiers";
import type { Auth } from "#server/auth/auth";
import type { Database } from "#server/db/client";
import { deliveries, releaseEvents, releases, storeReports, tracks, uploads, users } from "#server/db/schema";
import { createJobWorker } from "#server/jobs/queue";
import type { Encryptor } from "#server/lib/encryption";
import type { Logger } from "#server/lib/logger";
import type { PayoutProvider } from "#server/lib/payout-provider";
import { inspectFile } from "#server/media/inspect";
import type { MediaStore } from "#server/media/media-store";
import { recordMediaFile } from "#server/media/media-usage";
import {
  ACKNOWLEDGEMENTS_FOLDER,
  ackPrefix,
  checkAcknowledgements,
  claimReleaseCodes,
  createDeliveryJob,
  type DeliveryConfig,
  queueReleaseDeliveries,
} from "#server/modules/delivery";
import { savePayeeDetails } from "#server/modules/payouts";
import { createQualityCheck } from "#server/modules/quality";
import { createReportImportJob, registerReport } from "#server/modules/reports";
import { createSubscription } from "#server/modules/subscriptions";
import { demoCover, demoSong } from "./demo-media";

/** A small seeded generator (mulberry32): the demo's figures are the same on every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two artists have given their payout details (a UPI ID); the collective has yet to, so its dashboard still walks it through. */
export const DEMO_ARTISTS = [
  {
    name: "Asha Rao",
    email: "asha@demo.kalrav.local",
    upiId: "asha.rao@okdemo",
    releases: ["Monsoon Letters", "Howrah Nights"],
  },
  {
    name: "Kabir Sen",
    email: "kabir@demo.kalrav.local",
    upiId: "kabir.sen@okdemo",
    releases: ["Desert Bloom", "Chai at Dawn", "Paper Kites"],
  },
  { name: "The Hooghly Collective", email: "hooghly@demo.kalrav.local", upiId: null, releases: ["Riverbank Sessions"] },
] as const;
export const DEMO_PASSWORD = "demo-password";
/** Demo artists are on this plan, given as a complimentary plan with this reason. */
const DEMO_PLAN = "pro_artist";
const DEMO_PLAN_REASON = "Demo account";

const STORES: [string, number][] = [
  ["Spotify", 0.34],
  ["JioSaavn", 0.2],
  ["YouTube Music", 0.15],
  ["Apple Music", 0.11],
  ["Gaana", 0.08],
  ["Amazon Music", 0.07],
  ["Wynk", 0.05],
];
const COUNTRIES: [string, number][] = [
  ["IN", 0.62],
  ["US", 0.1],
  ["GB", 0.07],
  ["AE", 0.06],
  ["CA", 0.05],
  ["BD", 0.04],
  ["AU", 0.03],
  ["NP", 0.03],
];
/** Rupees per stream that each store pays, roughly. */
const RATE: Record<string, number> = {
  Spotify: 0.25,
  "Apple Music": 0.5,
  "YouTube Music": 0.12,
  "Amazon Music": 0.35,
  JioSaavn: 0.08,
  Gaana: 0.07,
  Wynk: 0.06,
};
const DAY = 86_400_000;

export interface DemoOptions {
  database: Database;
  auth: Auth;
  media: MediaStore;
  delivery: DeliveryConfig;
  dataDir: string;
  logger: Logger;
  /** Store reports to import, 30 days each, the last ending yesterday: 12 is a year. */
  reportBlocks?: number;
  /** Length of each demo song. */
  songSeconds?: number;
  /**
   * Validates the demo artists' payout details. Only the built-in test provider is used: a real one
   * (RazorpayX) would be asked about accounts that do not exist, so with it the details are left out.
   */
  payees?: { provider: PayoutProvider; encryptor: Encryptor };
  /** Where progress is told (the command line). */
  say?: (line: string) => void;
}

/** A demo upload: the file made here, taken into the media store and read as an upload is when it finishes. */
async function demoUpload(
  opts: DemoOptions,
  ownerId: string,
  kind: "audio" | "artwork",
  fileName: string,
  bytes: Buffer,
) {
  const temp = path.join(os.tmpdir(), `kalrav-demo-${randomUUID()}`);
  await fs.writeFile(temp, bytes);
  try {
    const file = await opts.media.adopt(temp);
    await recordMediaFile(opts.database.db, file, ownerId);
    const facts = await inspectFile(kind, file.path);
    const id = randomUUID();
    await opts.database.db.insert(uploads).values({
      id,
      ownerId,
      kind,
      fileName,
      contentType: kind === "audio" ? "audio/wav" : "image/jpeg",
      sizeBytes: file.bytes,
      finishedAt: new Date(),
      sha256: file.sha256,
      md5: file.md5,
      facts,
    });
    return id;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * The built-in folder stores have nobody to answer them: the demo answers for them, accepting each
 * batch with the acknowledgement file a store writes, then reads the answers back as the server does.
 * Stores reached over SFTP (a STORES_FILE) answer for themselves.
 */
async function acceptOnFolderStores(opts: DemoOptions) {
  const db = opts.database.db;
  const sent = await db
    .select({ store: deliveries.store, batchId: deliveries.batchId, upc: releases.upcEan })
    .from(deliveries)
    .innerJoin(releases, eq(releases.id, deliveries.releaseId))
    .where(eq(deliveries.status, "sent"));
  for (const row of sent) {
    const store = opts.delivery.stores.find((s) => s.id === row.store);
    if (store?.transport.kind !== "folder" || !row.batchId || !row.upc) continue;
    const dir = path.join(store.transport.path, ACKNOWLEDGEMENTS_FOLDER);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${ackPrefix(row.batchId)}_${row.upc}.xml`),
      `<?xml version="1.0" encoding="UTF-8"?>\n<FtpAcknowledgementMessage MessageVersionId="ern-c/16">\n  <AcknowledgedFile><FileName>${row.batchId}/${row.upc}/${row.upc}.xml</FileName></AcknowledgedFile>\n  <FileStatus>FileOK</FileStatus>\n</FtpAcknowledgementMessage>\n`,
    );
  }
  return checkAcknowledgements(db, opts.delivery.stores, undefined, opts.logger);
}

export async function seedDemo(opts: DemoOptions) {
  const { database, auth, logger } = opts;
  const db = database.db;
  const say = opts.say ?? (() => undefined);
  const draw = mulberry32(2026);
  const checkQuality = createQualityCheck({ db, media: opts.media });
  const reportsDir = path.join(opts.dataDir, "reports");
  const worker = createJobWorker({
    db,
    logger,
    pollMs: 0,
    handlers: {
      delivery: createDeliveryJob({ db, media: opts.media, config: opts.delivery, logger }),
      "store-report": createReportImportJob({ database, logger, reportsDir }),
    },
  });

  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const blocks = opts.reportBlocks ?? 12;
  // The reports cover the days from here up to yesterday; each release came out on one of them.
  const firstDay = today - blocks * 30 * DAY;
  const iso = (ms: number) => dateIst(new Date(ms));

  let upcSeq = 1;
  const catalogue: { id: string; upc: string; popularity: number; start: number }[] = [];
  /** Releases made by this run, with when they were approved (their deliveries are dated from then). */
  const made: { id: string; approvedAt: Date }[] = [];
  for (const artist of DEMO_ARTISTS) {
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, artist.email));
    if (!user) {
      const created = await auth.api.signUpEmail({
        body: { name: artist.name, email: artist.email, password: DEMO_PASSWORD },
      });
      user = { id: created.user.id };
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      // Live releases are paid for: the demo artists are on a plan, marked as the demo's gift.
      await createSubscription(db, user.id, DEMO_PLAN, DEMO_PLAN_REASON);
      if (artist.upiId && opts.payees?.provider.name === "test") {
        await savePayeeDetails(
          { db, encryptor: opts.payees.encryptor, payouts: { provider: opts.payees.provider } },
          user.id,
          { residence: "india", legalName: artist.name, method: "upi", upiId: artist.upiId },
          { id: user.id, name: artist.name },
        );
      }
    }
    const userId = user.id;
    for (const title of artist.releases) {
      const seq = upcSeq++;
      const body = `890123456${String(seq).padStart(3, "0")}`;
      const upc = `${body}${gs1CheckDigit(body)}`;
      const popularity = 200 + Math.floor(draw() * 1800);
      // Releases came out over the first third of the period (four months of a year).
      const start = Math.floor(draw() * Math.min(120, (blocks * 30) / 3));
      const releaseDay = firstDay + start * DAY;
      // Submitted three weeks ahead, approved (and so live) two weeks ahead of the release date.
      const submittedAt = new Date(releaseDay - 21 * DAY);
      const approvedAt = new Date(releaseDay - 14 * DAY);
      let [release] = await db.select({ id: releases.id }).from(releases).where(eq(releases.upcEan, upc));
      if (!release) {
        const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
        const audioId = await demoUpload(opts, userId, "audio", `${slug}.wav`, demoSong(seq, opts.songSeconds ?? 30));
        const coverId = await demoUpload(opts, userId, "artwork", `${slug}.jpg`, await demoCover(seq));
        // A live release as approval leaves it: one track with its ISRC, both codes claimed for it.
        release = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(releases)
            .values({
              userId,
              title,
              artistName: artist.name,
              releaseType: "single",
              releaseDate: iso(releaseDay),
              status: "live",
              upcEan: upc,
              genre: "Indie",
              coverArtUploadId: coverId,
              audioUploadId: audioId,
              submittedAt,
              approvedAt,
              liveAt: approvedAt,
            })
            .returning({ id: releases.id });
          if (!inserted) throw new Error("release insert returned nothing");
          await tx.insert(tracks).values({
            releaseId: inserted.id,
            position: 1,
            title,
            audioUploadId: audioId,
            isrc: `INZZZ25${String(seq + 1).padStart(5, "0")}`,
          });
          await claimReleaseCodes(tx, inserted.id);
          await tx.insert(releaseEvents).values([
            { releaseId: inserted.id, kind: "submitted", actorId: userId, createdAt: submittedAt },
            { releaseId: inserted.id, kind: "approved", createdAt: approvedAt },
          ]);
          return inserted;
        });
        const releaseId = release.id;
        await checkQuality(releaseId);
        await db.transaction((tx) => queueReleaseDeliveries(tx, releaseId, opts.delivery.stores));
        made.push({ id: releaseId, approvedAt });
        say(`${artist.name} — ${title}: checked and queued for ${opts.delivery.stores.length} stores`);
      }
      catalogue.push({ id: release.id, upc, popularity, start });
    }
  }
  await worker.drain();
  const answered = await acceptOnFolderStores(opts);
  if (answered.accepted) say(`Deliveries accepted by the built-in stores: ${answered.accepted}`);
  // Sent when approved and accepted the next day, as they would have been then (not today).
  for (const { id, approvedAt } of made) {
    await db
      .update(deliveries)
      .set({
        createdAt: approvedAt,
        sentAt: new Date(approvedAt.getTime() + 5 * 60_000),
        acknowledgedAt: new Date(approvedAt.getTime() + DAY),
      })
      .where(eq(deliveries.releaseId, id));
  }

  const demoDir = path.join(opts.dataDir, "demo-reports");
  await fs.mkdir(demoDir, { recursive: true });
  // One report per 30 days, oldest first, covering the days up to yesterday.
  for (let block = blocks; block >= 1; block--) {
    const lines = ["date,store,country,upc,isrc,streams,listeners,revenue,currency"];
    for (let d = block * 30; d > (block - 1) * 30; d--) {
      const dayIndex = blocks * 30 - d;
      const date = iso(today - d * DAY);
      for (const release of catalogue) {
        if (dayIndex < release.start) continue;
        const age = dayIndex - release.start;
        const daily = release.popularity * (0.6 + age / 365) * (0.8 + draw() * 0.4);
        for (const [store, storeShare] of STORES) {
          for (const [country, countryShare] of COUNTRIES) {
            const streams = Math.round(daily * storeShare * countryShare);
            if (streams === 0) continue;
            const listeners = Math.max(1, Math.round(streams / (2 + draw() * 2)));
            const revenue = (streams * (RATE[store] ?? 0.1) * (country === "IN" ? 1 : 3)).toFixed(2);
            lines.push(`${date},${store},${country},${release.upc},,${streams},${listeners},${revenue},INR`);
          }
        }
      }
    }
    const fileName = `demo-report-${iso(today - block * 30 * DAY)}.csv`;
    const content = `${lines.join("\n")}\n`;
    const sha256 = createHash("sha256").update(content).digest("hex");
    const [done] = await db.select({ id: storeReports.id }).from(storeReports).where(eq(storeReports.sha256, sha256));
    if (done) continue;
    await fs.writeFile(path.join(demoDir, fileName), content);
    const temp = path.join(reportsDir, `seed-${randomUUID()}.part`);
    await fs.mkdir(reportsDir, { recursive: true });
    await fs.copyFile(path.join(demoDir, fileName), temp);
    await registerReport(db, reportsDir, {
      tempPath: temp,
      fileName,
      sha256,
      sizeBytes: Buffer.byteLength(content),
      uploadedBy: null,
    });
    await worker.drain();
    const [report] = await db.select().from(storeReports).where(eq(storeReports.sha256, sha256));
    say(`${fileName}: ${report?.status}, ${report?.importedRows} rows imported, ${report?.errorRows} refused`);
  }
  await worker.stop();
}
