-- Issue 36: daily facts partitioned by month (decision 043). A store report brings a month or two of
-- days; written into that month's own partition, its rows update indexes the size of one month instead
-- of one spanning every fact ever imported (on the benchmark's 5,000,000 facts, index upkeep was most
-- of an import's time). The key, the checks, the triggers and every reader stay as they were: the
-- parent table is still `daily_stream_facts`.
--
-- A month's partition is made by `daily_stream_facts_month(day)`, which the import calls for each
-- month a report brings before it writes. Facts written any other way for a month without its
-- partition land in the default partition, and move out of it when that month's partition is made.
CREATE OR REPLACE FUNCTION daily_stream_facts_month(in_month date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_day constant date := date_trunc('month', in_month)::date;
  next_first constant date := (date_trunc('month', in_month) + interval '1 month')::date;
  part constant text := 'daily_stream_facts_' || to_char(date_trunc('month', in_month), 'YYYY_MM');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN; END IF;
  -- Two transactions making the same month wait for each other; the second then finds it made.
  PERFORM pg_advisory_xact_lock(hashtextextended('daily_stream_facts_month', 0));
  IF to_regclass(part) IS NOT NULL THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE daily_stream_facts INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
  -- The month's facts written before it had a partition move into it: straight from partition to
  -- partition, so the rollup triggers (on the parent) rightly see no change.
  EXECUTE format(
    'WITH moved AS (DELETE FROM daily_stream_facts_default WHERE day >= %L AND day < %L RETURNING *)
     INSERT INTO %I SELECT * FROM moved', first_day, next_first, part);
  -- A check matching the range lets ATTACH skip scanning the new partition.
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (day >= %L AND day < %L)',
    part, part || '_range', first_day, next_first);
  EXECUTE format('ALTER TABLE daily_stream_facts ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
    part, first_day, next_first);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', part, part || '_range');
END $$;
--> statement-breakpoint
ALTER TABLE daily_stream_facts RENAME TO daily_stream_facts_unpartitioned;
--> statement-breakpoint
ALTER TABLE daily_stream_facts_unpartitioned RENAME CONSTRAINT daily_stream_facts_pkey TO daily_stream_facts_unpartitioned_pkey;
--> statement-breakpoint
ALTER INDEX daily_stream_facts_release_day_idx RENAME TO daily_stream_facts_unpartitioned_release_day_idx;
--> statement-breakpoint
ALTER INDEX daily_stream_facts_owner_day_idx RENAME TO daily_stream_facts_unpartitioned_owner_day_idx;
--> statement-breakpoint
CREATE TABLE daily_stream_facts (
  release_id uuid NOT NULL,
  isrc text NOT NULL DEFAULT '',
  store text NOT NULL,
  country text NOT NULL,
  day date NOT NULL,
  streams bigint NOT NULL DEFAULT 0,
  listeners bigint NOT NULL DEFAULT 0,
  revenue_paise bigint NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  owner_id text,
  CONSTRAINT daily_stream_facts_non_negative CHECK (streams >= 0 AND listeners >= 0 AND revenue_paise >= 0),
  CONSTRAINT daily_stream_facts_pkey PRIMARY KEY (release_id, isrc, store, country, day)
) PARTITION BY RANGE (day);
--> statement-breakpoint
ALTER TABLE daily_stream_facts ADD CONSTRAINT daily_stream_facts_release_id_releases_id_fk
  FOREIGN KEY (release_id) REFERENCES releases(id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX daily_stream_facts_release_day_idx ON daily_stream_facts USING btree (release_id, day);
--> statement-breakpoint
CREATE INDEX daily_stream_facts_owner_day_idx ON daily_stream_facts USING btree (owner_id, day);
--> statement-breakpoint
CREATE TABLE daily_stream_facts_default PARTITION OF daily_stream_facts DEFAULT;
--> statement-breakpoint
-- The facts already kept, each month into its own partition (no trigger is on the new table yet, so
-- the rollups, which already count them, are untouched).
SELECT daily_stream_facts_month(m) FROM (SELECT DISTINCT date_trunc('month', day)::date AS m FROM daily_stream_facts_unpartitioned) AS months;
--> statement-breakpoint
INSERT INTO daily_stream_facts (release_id, isrc, store, country, day, streams, listeners, revenue_paise, created_at, owner_id)
  SELECT release_id, isrc, store, country, day, streams, listeners, revenue_paise, created_at, owner_id
  FROM daily_stream_facts_unpartitioned ORDER BY day, release_id, isrc, store, country;
--> statement-breakpoint
DROP TABLE daily_stream_facts_unpartitioned;
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_set_owner BEFORE INSERT ON daily_stream_facts
  FOR EACH ROW WHEN (NEW.owner_id IS NULL) EXECUTE FUNCTION daily_stream_facts_set_owner();
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
CREATE TRIGGER daily_stream_facts_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON daily_stream_facts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
