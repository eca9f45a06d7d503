-- Issue 36 (decision 054): the facts' owner index compares owner ids byte by byte (collation "C").
-- An owner id is an opaque key, compared only for equality, and equality is the same under every
-- deterministic collation; but sorting a million of them by the database's own collation for a
-- report's new month took 1.6–1.9 s, and bytewise 1.2 s (the largest single piece of work before an
-- import's transaction). The one reader by owner (analytics' breakdowns) names the collation, so the
-- planner still uses the index.
DROP INDEX IF EXISTS "daily_stream_facts_owner_day_idx";
--> statement-breakpoint
CREATE INDEX "daily_stream_facts_owner_day_idx" ON "daily_stream_facts" USING btree ("owner_id" COLLATE "C", "day");
