-- A release's stream count is kept with the owner rollups, by the same statement-level trigger: every
-- statement that changes facts adds its rows' streams and subtracts the old ones, per release. The
-- import used to recount each touched release over its whole history after loading (4.6 s for a
-- million-row report over 10,000 releases); a delta per release is a grouped sum of the rows the
-- statement changed. Facts written by any path now count, not only those of an import.
CREATE OR REPLACE FUNCTION owner_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT owner_id, release_id, day, store, country, streams, listeners, revenue_paise FROM new_rows';
  removed constant text := 'SELECT owner_id, release_id, day, store, country, -streams, -listeners, -revenue_paise FROM old_rows';
  delta text;
  target text;
  dimension text;
BEGIN
  delta := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
  FOR target, dimension IN VALUES ('owner_daily_totals', 'day'), ('owner_store_totals', 'store'), ('owner_country_totals', 'country') LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (owner_id, %2$I, streams, listeners, revenue_paise)
       SELECT owner_id, %2$I, sum(streams), sum(listeners), sum(revenue_paise)
       FROM (%3$s) AS d (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
       WHERE owner_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (owner_id, %2$I) DO UPDATE SET streams = t.streams + excluded.streams,
         listeners = t.listeners + excluded.listeners, revenue_paise = t.revenue_paise + excluded.revenue_paise',
      target, dimension, delta);
    IF TG_OP <> 'INSERT' THEN
      EXECUTE format(
        'DELETE FROM %1$I WHERE owner_id IN (SELECT owner_id FROM old_rows)
           AND streams = 0 AND listeners = 0 AND revenue_paise = 0', target);
    END IF;
  END LOOP;
  EXECUTE format(
    'UPDATE releases AS r SET streams = r.streams + d.streams
     FROM (SELECT release_id, sum(streams) AS streams
           FROM (%1$s) AS x (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
           GROUP BY 1 HAVING sum(streams) <> 0 ORDER BY 1) AS d
     WHERE r.id = d.release_id',
    delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE releases AS r SET streams = coalesce(f.streams, 0)
FROM (SELECT r2.id, (SELECT sum(streams) FROM daily_stream_facts f WHERE f.release_id = r2.id) AS streams FROM releases r2) AS f
WHERE f.id = r.id AND r.streams IS DISTINCT FROM coalesce(f.streams, 0);
