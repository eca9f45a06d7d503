import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexedPlan } from "#server/test/query-plans";
import { createTestDatabase } from "#server/test/test-database";
import { breakdowns } from "./analytics.service";

describe("an artist's analytics read the facts through their releases' key (decision 058)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("lists the artist's releases by their index, then looks their facts up in the facts' key", async () => {
    const plan = await indexedPlan(
      database.database.db,
      breakdowns(database.database.db, "some-owner", "2026-01-01", "2026-12-31"),
    );
    // The releases, once, through the index on their owner.
    expect(plan).toMatch(/Index Scan on releases_user\w*/);
    expect(plan).toMatch(/Index Cond: \(user_id = 'some-owner'::text\)/);
    // The facts, through the key, which leads with the release.
    expect(plan).toMatch(/Index Scan on daily_stream_facts\w*_pkey/);
    // The list is the subplan's result: `$0` in PostgreSQL 15's words, `(InitPlan 1).col1` in 17's.
    expect(plan).toMatch(/Index Cond: \(\(release_id = ANY \((\$\d+|\(InitPlan \d+\)\.col\d+)\)\)/);
    expect(plan).not.toMatch(/Seq Scan on (daily_stream_facts|releases)/);
  });
});
