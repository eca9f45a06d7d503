-- Issue 36 (decision 048): a month a store report brings whole is summed once per release, track,
-- store and country (a fourth of its rows in the bench's report). The owners' store and country
-- totals and each release's stream count have no day, so they are added from those sums instead of
-- from the million facts. `summed`, when given, is a query selecting the same columns as `delta`
-- (with a null day) over the same facts.
DROP FUNCTION IF EXISTS owner_rollups_statements(text, boolean);
--> statement-breakpoint
CREATE FUNCTION owner_rollups_statements(delta text, removing boolean, summed text DEFAULT NULL) RETURNS SETOF text
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
  -- Each release's stream count.
  RETURN NEXT format(
    'UPDATE releases AS r SET streams = r.streams + d.streams
     FROM (SELECT release_id, sum(streams) AS streams
           FROM (%1$s) AS x (owner_id, release_id, day, store, country, streams, listeners, revenue_paise)
           GROUP BY 1 HAVING sum(streams) <> 0 ORDER BY 1) AS d
     WHERE r.id = d.release_id',
    coalesce(summed, delta));
END $$;
--> statement-breakpoint
-- The rollups of facts that came in without the triggers (a partition attached whole): `delta` and
-- `summed` are queries as above, the report's rows summed per owner and day, and per release, track,
-- store and country, before the import's transaction (decision 048).
DROP FUNCTION IF EXISTS owner_rollups_add(regclass);
--> statement-breakpoint
CREATE FUNCTION owner_rollups_add(delta text, summed text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  statement text;
BEGIN
  FOR statement IN SELECT owner_rollups_statements(delta, false, summed)
  LOOP
    EXECUTE statement;
  END LOOP;
END $$;
