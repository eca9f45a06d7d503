// npm run seed:demo — a few artists with live releases and a year of store reports, imported through
// the same import code as an admin's upload, so a newcomer sees a living app. Run it while the server
// is stopped (the embedded database allows one process at a time).
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { gs1CheckDigit } from "#domain/identifiers";
import { createAuth } from "#server/auth/auth";
import { adminCredentialLines, ensureFirstAdmin } from "#server/auth/first-admin";
import { openDatabase } from "#server/db/client";
import { releases, storeReports, tracks, users } from "#server/db/schema";
import { loadEnv } from "#server/env";
import { createJobWorker } from "#server/jobs/queue";
import { createLogger } from "#server/lib/logger";
import { createMailer } from "#server/mail/mailer";
import { claimReleaseCodes } from "#server/modules/delivery";
import { createReportImportJob, registerReport } from "#server/modules/reports";
import { loadOrCreateSecret } from "#server/secret";

/** A small seeded generator: the same demo every time, and no Math.random in figures. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ARTISTS = [
  { name: "Asha Rao", email: "asha@demo.kalrav.local", releases: ["Monsoon Letters", "Howrah Nights"] },
  { name: "Kabir Sen", email: "kabir@demo.kalrav.local", releases: ["Desert Bloom", "Chai at Dawn", "Paper Kites"] },
  { name: "The Hooghly Collective", email: "hooghly@demo.kalrav.local", releases: ["Riverbank Sessions"] },
];
const DEMO_PASSWORD = "demo-password";
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

async function main() {
  const env = loadEnv();
  const logger = createLogger("warn");
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "db") },
  );
  await database.migrate();
  const db = database.db;
  const secret = loadOrCreateSecret(env.DATA_DIR, env.BETTER_AUTH_SECRET);
  const auth = createAuth({
    db,
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, "outbox"), logger }),
    logger,
    secret,
    baseUrl: env.PUBLIC_URL,
    requireEmailVerification: false,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    trustedOrigins: [env.PUBLIC_URL],
  });
  // Whoever creates the first admin prints how to sign in (the server will not be able to).
  const admin = await ensureFirstAdmin(db, auth, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    resetPassword: env.ADMIN_RESET_PASSWORD,
  });
  process.stdout.write(`\n${adminCredentialLines(admin).join("\n")}\n\n`);
  const random = mulberry32(2026);

  let upcSeq = 1;
  const catalogue: { id: string; upc: string; popularity: number; start: number }[] = [];
  for (const artist of ARTISTS) {
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, artist.email));
    if (!user) {
      const created = await auth.api.signUpEmail({
        body: { name: artist.name, email: artist.email, password: DEMO_PASSWORD },
      });
      user = { id: created.user.id };
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    }
    for (const title of artist.releases) {
      const body = `890123456${String(upcSeq++).padStart(3, "0")}`;
      const upc = `${body}${gs1CheckDigit(body)}`;
      let [release] = await db.select({ id: releases.id }).from(releases).where(eq(releases.upcEan, upc));
      if (!release) {
        const now = new Date();
        // A live release as approval leaves it: one track with its ISRC, both codes claimed for it.
        release = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(releases)
            .values({
              userId: user.id,
              title,
              artistName: artist.name,
              releaseType: "single",
              releaseDate: "2025-11-01",
              status: "live",
              upcEan: upc,
              genre: "Indie",
              audioFileUrl: `https://media.demo.kalrav.local/${upc}.wav`,
              coverArtUrl: `https://media.demo.kalrav.local/${upc}.jpg`,
              approvedAt: now,
              liveAt: now,
            })
            .returning({ id: releases.id });
          if (!inserted) throw new Error("release insert returned nothing");
          await tx.insert(tracks).values({
            releaseId: inserted.id,
            position: 1,
            title,
            audioFileUrl: `https://media.demo.kalrav.local/${upc}.wav`,
            isrc: `INZZZ25${String(upcSeq).padStart(5, "0")}`,
          });
          await claimReleaseCodes(tx, inserted.id);
          return inserted;
        });
      }
      if (release)
        catalogue.push({
          id: release.id,
          upc,
          popularity: 200 + Math.floor(random() * 1800),
          start: Math.floor(random() * 120),
        });
    }
  }

  const reportsDir = path.join(env.DATA_DIR, "reports");
  const demoDir = path.join(env.DATA_DIR, "demo-reports");
  await fs.mkdir(demoDir, { recursive: true });
  // Only the import job: checks and deliveries wait for the server.
  const importer = createJobWorker({
    db,
    logger,
    pollMs: 0,
    handlers: { "store-report": createReportImportJob({ database, logger, reportsDir }) },
  });
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const DAY = 86_400_000;
  // One report per 30 days, oldest first, covering the year up to yesterday.
  for (let block = 12; block >= 1; block--) {
    const lines = ["date,store,country,upc,isrc,streams,listeners,revenue,currency"];
    for (let d = block * 30; d > (block - 1) * 30; d--) {
      const dayIndex = 365 - d;
      const date = new Date(today - d * DAY).toISOString().slice(0, 10);
      for (const release of catalogue) {
        if (dayIndex < release.start) continue;
        const age = dayIndex - release.start;
        const daily = release.popularity * (0.6 + age / 365) * (0.8 + random() * 0.4);
        for (const [store, storeShare] of STORES) {
          for (const [country, countryShare] of COUNTRIES) {
            const streams = Math.round(daily * storeShare * countryShare);
            if (streams === 0) continue;
            const listeners = Math.max(1, Math.round(streams / (2 + random() * 2)));
            const revenue = (streams * (RATE[store] ?? 0.1) * (country === "IN" ? 1 : 3)).toFixed(2);
            lines.push(`${date},${store},${country},${release.upc},,${streams},${listeners},${revenue},INR`);
          }
        }
      }
    }
    const fileName = `demo-report-${new Date(today - block * 30 * DAY).toISOString().slice(0, 10)}.csv`;
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
    await importer.drain();
    const [report] = await db.select().from(storeReports).where(eq(storeReports.sha256, sha256));
    process.stdout.write(
      `${fileName}: ${report?.status}, ${report?.importedRows} rows imported, ${report?.errorRows} refused\n`,
    );
  }
  await database.close();
  process.stdout.write(`\nDemo artists (password "${DEMO_PASSWORD}"): ${ARTISTS.map((a) => a.email).join(", ")}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Seeding failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
