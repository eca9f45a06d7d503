-- Issue 36 (decision 048): each release's stream count moves out of `releases` into a table of its
-- own. The facts' rollups rewrote a release's row for every report that named it, and with the row
-- went all ten of its indexes (four of them GIN, for the release search): 1.6 s of a million-row
-- report's 10,000 releases. A row here has one index. A release with no row has no streams. No check
-- that the count is not negative: `INSERT … ON CONFLICT` checks the row it would insert, a negative
-- delta, before it adds it to the row it finds; the count is a sum of facts each checked themselves.
CREATE TABLE "release_streams" (
	"release_id" uuid PRIMARY KEY NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_streams" ADD CONSTRAINT "release_streams_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "release_streams" ("release_id", "streams") SELECT "id", "streams" FROM "releases" WHERE "streams" <> 0;--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_streams_check";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "streams";--> statement-breakpoint
-- Readers that keep answers (decision 040) hear of its changes as of any watched table's.
CREATE TRIGGER release_streams_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON release_streams
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
-- The rollups' statements as migration 0076 left them, but for the stream counts, which are added
-- here: a release's first streams make its row.
CREATE OR REPLACE FUNCTION owner_rollups_statements(delta text, removing boolean, summed text DEFAULT NULL) RETURNS SETOF text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  target text;
  dimension text;
BEGIN
  -- `delta` selects (owner_id, release_id, day, store, country, streams, listeners, revenue_paise):
  -- figures to add, negative ones for facts that went. Each rollup adds them in key order, so
  -- concurrent imports lock rows in the same order; rows that drop to zero go.
  FOR target, dimension IN VALUES ('owner_daily_totals', 'day'), ('owner_store_totals', 'store'), ('owner_country_totals', 'country') LOOP
    RETURN NEXT format(
      'INSERT INTO %1$I AS t (owner_id, %2$I, streams, listeners, revenue_paise)
       SELECT owner_id, %2$I, sum(streams), sum(listeners), sum(revenue_paise)
       FROM (%3$s) AS d (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
       WHERE owner_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (owner_id, %2$I) DO UPDATE SET streams = t.streams + excluded.streams,
         listeners = t.listeners + excluded.listeners, revenue_paise = t.revenue_paise + excluded.revenue_paise',
      target, dimension, CASE WHEN dimension = 'day' THEN delta ELSE coalesce(summed, delta) END);
    IF removing THEN
      RETURN NEXT format(
        'DELETE FROM %1$I WHERE owner_id IN (SELECT owner_id FROM (%2$s) AS d (owner_id))
           AND streams = 0 AND listeners = 0 AND revenue_paise = 0', target, delta);
    END IF;
  END LOOP;
  -- Each release's stream count (of a release that still exists: a deleted release's facts stay).
  RETURN NEXT format(
    'INSERT INTO release_streams AS t (release_id, streams)
     SELECT d.release_id, d.streams
     FROM (SELECT release_id, sum(streams) AS streams
           FROM (%1$s) AS x (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
           GROUP BY 1 HAVING sum(streams) <> 0) AS d
     WHERE EXISTS (SELECT 1 FROM releases r WHERE r.id = d.release_id)
     ORDER BY 1
     ON CONFLICT (release_id) DO UPDATE SET streams = t.streams + excluded.streams',
    coalesce(summed, delta));
END $$;
