import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexedPlan } from "#server/test/query-plans";
import { createTestDatabase } from "#server/test/test-database";
import { breakdowns } from "./analytics.service";

describe("an owner's analytics read the facts through the owner index (decision 054)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("names the index's bytewise collation, so the planner still uses it", async () => {
    const plan = await indexedPlan(
      database.database.db,
      breakdowns(database.database.db, "some-owner", "2026-01-01", "2026-12-31"),
    );
    expect(plan).toMatch(/Index Scan on daily_stream_facts\w*owner\w*/);
    // The owner is looked up in the index, not filtered from every row of the range.
    expect(plan).toMatch(/Index Cond: \(\(+owner_id\)?[^)]*= 'some-owner'/);
    expect(plan).not.toMatch(/Filter: \(owner_id/);
    expect(plan).not.toMatch(/Seq Scan on daily_stream_facts/);
  });
});
