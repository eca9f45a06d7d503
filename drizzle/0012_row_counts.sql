CREATE TABLE "row_counts" (
	"scope" text NOT NULL,
	"bucket" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_scope_bucket_pk" PRIMARY KEY("scope","bucket")
);
--> statement-breakpoint
-- Keeps row_counts exact: every statement that inserts, updates or deletes rows of a counted table
-- adds its rows to their buckets and takes the old ones out, in bucket order so concurrent writers
-- lock counter rows in the same order. The trigger's argument is the bucket expression.
CREATE OR REPLACE FUNCTION row_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bucket constant text := TG_ARGV[0];
  delta text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE scope = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  delta := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 FROM new_rows', bucket)
    WHEN 'DELETE' THEN format('SELECT %s, -1 FROM old_rows', bucket)
    ELSE format('SELECT %1$s, 1 FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', bucket) END;
  EXECUTE format(
    'INSERT INTO row_counts AS t (scope, bucket, n)
     SELECT %L, b, sum(d) FROM (%s) AS x (b, d) GROUP BY b HAVING sum(d) <> 0 ORDER BY b
     ON CONFLICT (scope, bucket) DO UPDATE SET n = t.n + excluded.n', TG_TABLE_NAME, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('''''');
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('''''');
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('''''');
--> statement-breakpoint
CREATE TRIGGER support_tickets_count_insert AFTER INSERT ON support_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('status || '' '' || priority');
--> statement-breakpoint
CREATE TRIGGER support_tickets_count_update AFTER UPDATE ON support_tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('status || '' '' || priority');
--> statement-breakpoint
CREATE TRIGGER support_tickets_count_delete AFTER DELETE ON support_tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('status || '' '' || priority');
--> statement-breakpoint
CREATE TRIGGER support_tickets_count_truncate AFTER TRUNCATE ON support_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply('status || '' '' || priority');
--> statement-breakpoint
INSERT INTO row_counts (scope, bucket, n) SELECT 'users', '', count(*) FROM users HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO row_counts (scope, bucket, n)
  SELECT 'support_tickets', status || ' ' || priority, count(*) FROM support_tickets GROUP BY 2;
