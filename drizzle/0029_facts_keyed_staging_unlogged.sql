-- Issue 19: imports at a pace nearer COPY's. A fact is identified by its key (no random uuid to
-- generate and index per row); its owner is set by the import itself (the trigger fills it only when
-- missing), with no per-row foreign-key check (releases.user_id has the key and its trigger carries
-- every change); staged report rows are unlogged and unchecked, being emptied by the import that
-- filled them.
ALTER TABLE "daily_stream_facts" DROP CONSTRAINT "daily_stream_facts_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "store_report_rows" DROP CONSTRAINT "store_report_rows_report_id_store_reports_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_stream_facts" DROP COLUMN "id";
--> statement-breakpoint
DROP INDEX "daily_stream_facts_key";
--> statement-breakpoint
ALTER TABLE "daily_stream_facts" ADD CONSTRAINT "daily_stream_facts_pkey" PRIMARY KEY("release_id","isrc","store","country","day");
--> statement-breakpoint
DROP TRIGGER "daily_stream_facts_set_owner" ON "daily_stream_facts";
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_set_owner BEFORE INSERT ON daily_stream_facts
  FOR EACH ROW WHEN (NEW.owner_id IS NULL) EXECUTE FUNCTION daily_stream_facts_set_owner();
--> statement-breakpoint
ALTER TABLE "store_report_rows" SET UNLOGGED;
