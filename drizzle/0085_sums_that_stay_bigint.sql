-- Issue 36 (decision 063): a sum of bigints that stays a bigint. PostgreSQL's sum(bigint) keeps a
-- 128-bit state for each group and answers a numeric, which the import cast back to bigint. Summing
-- a million-row report into its 280,000 groups, three figures each, took a fifth longer with it and
-- 160 MB of memory against 94 MB. `sum_bigint` adds with bigint's own `+` (int8pl): the same total,
-- null when there is no row, and an error where the total leaves bigint's range, where the cast of
-- sum() failed too. (A figure is at most twelve digits, so no partial total of a million rows can.)
CREATE AGGREGATE sum_bigint(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
--> statement-breakpoint
-- The rollups' statements as migration 0077 left them, summing with it.
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
       SELECT owner_id, %2$I, sum_bigint(streams::bigint), sum_bigint(listeners::bigint), sum_bigint(revenue_paise::bigint)
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
     FROM (SELECT release_id, sum_bigint(streams::bigint) AS streams
           FROM (%1$s) AS x (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
           GROUP BY 1 HAVING sum_bigint(streams::bigint) <> 0) AS d
     WHERE EXISTS (SELECT 1 FROM releases r WHERE r.id = d.release_id)
     ORDER BY 1
     ON CONFLICT (release_id) DO UPDATE SET streams = t.streams + excluded.streams',
    coalesce(summed, delta));
END $$;
