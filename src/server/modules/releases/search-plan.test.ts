import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexedPlan } from "#server/test/query-plans";
import { createTestDatabase } from "#server/test/test-database";
import { releasesPage } from "./admin-releases.service";

describe("the admins' release search fits its indexes (issue 36)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("matches titles, artists, UPCs, owners and track ISRCs each through an index", async () => {
    const { query } = releasesPage(database.database.db, { pattern: "%INZZZ26%", limit: 20, offset: 0 });
    const plan = await indexedPlan(database.database.db, query);
    for (const index of [
      "releases_title_trgm_idx",
      "releases_artist_name_trgm_idx",
      "releases_upc_ean_trgm_idx",
      "tracks_isrc_trgm_idx",
    ]) {
      expect(plan).toContain(index);
    }
    expect(plan).not.toMatch(/Seq Scan on (releases|tracks|users)/);
  });
});
