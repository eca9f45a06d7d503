CREATE TABLE "release_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_events_kind_check" CHECK (kind in ('submitted', 'resubmitted', 'approved', 'rejected', 'taken_down'))
);
--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_events_release_idx" ON "release_events" USING btree ("release_id","created_at");--> statement-breakpoint
-- Releases from before the history began: their submission, and where known the review's outcome.
INSERT INTO "release_events" ("release_id", "kind", "created_at")
  SELECT "id", 'submitted', "submitted_at" FROM "releases";--> statement-breakpoint
INSERT INTO "release_events" ("release_id", "kind", "note", "created_at")
  SELECT "id", 'rejected', "admin_notes", "updated_at" FROM "releases" WHERE "status" = 'rejected';--> statement-breakpoint
INSERT INTO "release_events" ("release_id", "kind", "created_at")
  SELECT "id", 'approved', coalesce("approved_at", "live_at", "updated_at") FROM "releases" WHERE "status" IN ('live', 'taken_down');
