import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexedPlan } from "#server/test/query-plans";
import { createTestDatabase } from "#server/test/test-database";
import { adminWorkspacesQuery } from "./audit.service";

describe("the admins' workspace search fits its indexes (issue 36)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("finds workspaces by name and by owner through trigram indexes, never scanning every workspace", async () => {
    const plan = await indexedPlan(database.database.db, adminWorkspacesQuery(database.database.db, "Bench Artist 42"));
    expect(plan).toContain("workspaces_name_trgm_idx");
    expect(plan).toContain("users_name_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on (workspaces|users|workspace_members)/);
    expect(plan).not.toMatch(/Filter: \(\(name ~~\*/);
  });
});
