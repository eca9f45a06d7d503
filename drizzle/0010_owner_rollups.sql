CREATE TABLE "owner_country_totals" (
	"owner_id" text NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "owner_country_totals_owner_id_country_pk" PRIMARY KEY("owner_id","country")
);
--> statement-breakpoint
CREATE TABLE "owner_daily_totals" (
	"owner_id" text NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "owner_daily_totals_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "owner_store_totals" (
	"owner_id" text NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"store" text NOT NULL,
	CONSTRAINT "owner_store_totals_owner_id_store_pk" PRIMARY KEY("owner_id","store")
);
--> statement-breakpoint
-- Keeps the owner rollups in step with daily_stream_facts: every statement that inserts, updates
-- (including an owner change) or deletes facts adds its rows' figures and subtracts the old ones,
-- in key order so concurrent imports lock rows in the same order. Rows that drop to zero go.
CREATE OR REPLACE FUNCTION owner_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT owner_id, day, store, country, streams, listeners, revenue_paise FROM new_rows';
  removed constant text := 'SELECT owner_id, day, store, country, -streams, -listeners, -revenue_paise FROM old_rows';
  delta text;
  target text;
  dimension text;
BEGIN
  delta := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
  FOR target, dimension IN VALUES ('owner_daily_totals', 'day'), ('owner_store_totals', 'store'), ('owner_country_totals', 'country') LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS t (owner_id, %2$I, streams, listeners, revenue_paise)
       SELECT owner_id, %2$I, sum(streams), sum(listeners), sum(revenue_paise)
       FROM (%3$s) AS d (owner_id, day, store, country, streams, listeners, revenue_paise)
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_rollup_insert AFTER INSERT ON daily_stream_facts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_rollup_update AFTER UPDATE ON daily_stream_facts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_rollup_delete AFTER DELETE ON daily_stream_facts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_rollups_apply();
--> statement-breakpoint
INSERT INTO owner_daily_totals (owner_id, day, streams, listeners, revenue_paise)
  SELECT owner_id, day, sum(streams), sum(listeners), sum(revenue_paise) FROM daily_stream_facts
  WHERE owner_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO owner_store_totals (owner_id, store, streams, listeners, revenue_paise)
  SELECT owner_id, store, sum(streams), sum(listeners), sum(revenue_paise) FROM daily_stream_facts
  WHERE owner_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO owner_country_totals (owner_id, country, streams, listeners, revenue_paise)
  SELECT owner_id, country, sum(streams), sum(listeners), sum(revenue_paise) FROM daily_stream_facts
  WHERE owner_id IS NOT NULL GROUP BY 1, 2;
