import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { likePattern, wordsQuery } from "#server/lib/route-helpers";
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

  it("matches titles, artists and UPCs by their words, owners and track ISRCs, each through an index", async () => {
    const { query } = releasesPage(database.database.db, {
      pattern: likePattern("Bench Release 42"),
      words: wordsQuery("Bench Release 42"),
      limit: 20,
      offset: 0,
    });
    const plan = await indexedPlan(database.database.db, query);
    for (const index of ["releases_search_words_idx", "users_name_trgm_idx", "tracks_isrc_trgm_idx"]) {
      expect(plan).toContain(index);
    }
    expect(plan).not.toMatch(/Seq Scan on (releases|tracks|users)/);
  });

  it("reads words from any script and never query syntax", () => {
    expect(wordsQuery("Bench  Release-42")).toBe("bench:* & release:* & 42:*");
    expect(wordsQuery("monsoon' | !rain & (x)")).toBe("monsoon:* & rain:* & x:*");
    expect(wordsQuery("बारिश की धुन")).toBe("बारिश:* & की:* & धुन:*");
    expect(wordsQuery("—")).toBe("");
  });
});
