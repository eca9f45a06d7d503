import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockingCount } from "#domain/quality";
import { createAuth } from "#server/auth/auth";
import {
  deliveries,
  payoutAccounts,
  releaseEvents,
  releases,
  storeReports,
  subscriptions,
  tracks,
  users,
} from "#server/db/schema";
import { loadEnv } from "#server/env";
import { createEncryptor } from "#server/lib/encryption";
import { createLogger } from "#server/lib/logger";
import { createMailer } from "#server/mail/mailer";
import { createPayoutProvider } from "#server/modules/payouts";
import { deliveryConfigFor, mediaStoreFor } from "#server/server";
import { createTestDatabase } from "#server/test/test-database";
import { DEMO_ARTISTS, seedDemo } from "./seed-demo";

// Issue 21: demo data that looks real — music and covers made and served by the app, checked by the
// real quality check, delivered and accepted, with a store report imported through the real import.
describe("the demo seed", () => {
  let dataDir: string;
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  const run = async () => {
    const env = loadEnv({ DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1:9" });
    const logger = createLogger("silent");
    const auth = createAuth({
      db: test.database.db,
      mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox"), logger }),
      logger,
      secret: "a-test-secret-of-at-least-thirty-two-chars",
      baseUrl: env.PUBLIC_URL,
      requireEmailVerification: false,
      signInRateLimit: 1000,
      trustedOrigins: [env.PUBLIC_URL],
    });
    const media = mediaStoreFor(env);
    // Two of the built-in stores are enough to see every release delivered and accepted.
    const config = deliveryConfigFor(env);
    const delivery = { ...config, stores: config.stores.slice(0, 2) };
    await seedDemo({
      database: test.database,
      auth,
      media,
      delivery,
      dataDir,
      logger,
      reportBlocks: 1,
      songSeconds: 2,
      payees: {
        provider: createPayoutProvider(env, { appSecret: "a-test-secret", send: () => async () => undefined }),
        encryptor: createEncryptor("a-test-secret", "payout-accounts"),
      },
    });
    return { media, stores: delivery.stores };
  };
  let seeded: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "kalrav-demo-"));
    test = await createTestDatabase();
    seeded = await run();
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("gives each release its own music and cover, held by the app and passed by the quality check", async () => {
    const db = test.database.db;
    const rows = await db.select().from(releases);
    expect(rows).toHaveLength(DEMO_ARTISTS.flatMap((a) => a.releases).length);
    const covers = new Set<string>();
    for (const release of rows) {
      expect(release.status).toBe("live");
      expect(release.qcStatus).toBe("done");
      expect(blockingCount(release.qcFindings)).toBe(0);
      expect(release.coverArtUrl).toBeNull();
      expect(release.artworkFacts).toMatchObject({ format: "jpeg", width: 3000, height: 3000 });
      expect(await seeded.media.has(release.artworkSha256 ?? "")).toBe(true);
      covers.add(release.artworkSha256 ?? "");
      const [track] = await db.select().from(tracks).where(eq(tracks.releaseId, release.id));
      expect(track?.audioFileUrl).toBeNull();
      expect(track?.audioFacts).toMatchObject({ container: "wav", bitDepth: 16, sampleRate: 44_100, channels: 2 });
      expect(await seeded.media.has(track?.audioSha256 ?? "")).toBe(true);
    }
    expect(covers.size).toBe(rows.length);
  });

  it("delivers every release to every store, accepted as a live release's would be, on a paid plan", async () => {
    const db = test.database.db;
    const rows = await db.select().from(deliveries);
    const releaseCount = (await db.select().from(releases)).length;
    expect(rows).toHaveLength(releaseCount * seeded.stores.length);
    expect(new Set(rows.map((d) => d.status))).toEqual(new Set(["acknowledged"]));
    // Dated as a live release's story: submitted, approved, sent and accepted before its release date.
    for (const release of await db.select().from(releases)) {
      const releaseDay = new Date(`${release.releaseDate}T00:00:00Z`).getTime();
      expect(release.approvedAt?.getTime()).toBeLessThan(releaseDay);
      expect(release.liveAt).toEqual(release.approvedAt);
      const history = await db.select().from(releaseEvents).where(eq(releaseEvents.releaseId, release.id));
      expect(history.map((e) => e.kind).sort()).toEqual(["approved", "submitted"]);
      for (const d of rows.filter((r) => r.releaseId === release.id)) {
        expect(d.acknowledgedAt?.getTime()).toBeLessThan(releaseDay);
        expect(d.sentAt?.getTime()).toBeGreaterThan(release.approvedAt?.getTime() ?? Number.NaN);
      }
    }
    for (const artist of DEMO_ARTISTS) {
      const [user] = await db.select().from(users).where(eq(users.email, artist.email));
      const plans = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user?.id ?? ""));
      expect(plans.map((p) => p.status)).toContain("active");
      // Payout details checked by the built-in provider, for the artists the demo gives them to.
      const [account] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, user?.id ?? ""));
      expect(account ? { upiId: account.upiId, status: account.kycStatus } : null).toEqual(
        artist.upiId ? { upiId: artist.upiId, status: "verified" } : null,
      );
    }
  });

  it("imports its store report through the real import, and adds nothing when run again", async () => {
    const db = test.database.db;
    const [report] = await db.select().from(storeReports);
    expect(report?.status).toBe("completed");
    expect(report?.importedRows).toBeGreaterThan(0);
    expect(report?.errorRows).toBe(0);
    await run();
    expect(await db.select().from(storeReports)).toHaveLength(1);
    expect(await db.select().from(releases)).toHaveLength(DEMO_ARTISTS.flatMap((a) => a.releases).length);
    expect((await db.select().from(deliveries)).every((d) => d.status === "acknowledged")).toBe(true);
  });
});
