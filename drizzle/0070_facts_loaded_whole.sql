-- Issue 36 (decision 044): a store report's first facts for a month are written into a new table
-- without indexes, which is indexed and attached as the month's partition once it is whole. Attaching
-- fires no trigger, so the rollups the facts' triggers keep are added from the new partition by the
-- same statements: `owner_rollups_statements` holds them once, for the triggers and for the import.
CREATE OR REPLACE FUNCTION owner_rollups_statements(delta text, removing boolean) RETURNS SETOF text
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
      target, dimension, delta);
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
    delta);
END $$;
--> statement-breakpoint
-- The trigger runs the statements itself: the transition tables are visible only to its own queries.
CREATE OR REPLACE FUNCTION owner_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT owner_id, release_id, day, store, country, streams, listeners, revenue_paise FROM new_rows';
  removed constant text := 'SELECT owner_id, release_id, day, store, country, -streams, -listeners, -revenue_paise FROM old_rows';
  statement text;
BEGIN
  FOR statement IN SELECT owner_rollups_statements(
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END,
    TG_OP <> 'INSERT')
  LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rollups of facts that came in without the triggers (a partition attached whole).
CREATE OR REPLACE FUNCTION owner_rollups_add(source regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  statement text;
BEGIN
  FOR statement IN SELECT owner_rollups_statements(format(
    'SELECT owner_id, release_id, day, store, country, streams, listeners, revenue_paise FROM %s', source), false)
  LOOP
    EXECUTE statement;
  END LOOP;
END $$;
