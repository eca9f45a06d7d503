ALTER TABLE "daily_stream_facts" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "daily_stream_facts" ADD CONSTRAINT "daily_stream_facts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_stream_facts_owner_day_idx" ON "daily_stream_facts" USING btree ("owner_id","day");--> statement-breakpoint
-- Facts carry their release's owner: set on insert, followed when a release changes hands.
CREATE OR REPLACE FUNCTION daily_stream_facts_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_id := (SELECT user_id FROM releases WHERE id = NEW.release_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_stream_facts_set_owner BEFORE INSERT ON daily_stream_facts
  FOR EACH ROW EXECUTE FUNCTION daily_stream_facts_set_owner();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION releases_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_stream_facts SET owner_id = NEW.user_id WHERE release_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER releases_owner_changed AFTER UPDATE OF user_id ON releases
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION releases_owner_changed();
--> statement-breakpoint
UPDATE daily_stream_facts f SET owner_id = r.user_id FROM releases r WHERE r.id = f.release_id;
