CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"store" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"batch_id" text NOT NULL,
	"message_created_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_kind_check" CHECK (kind in ('insert', 'takedown')),
	CONSTRAINT "deliveries_status_check" CHECK (status in ('queued', 'sending', 'sent', 'acknowledged', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "identifier_counters" (
	"scope" text PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_identifiers" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"release_id" uuid,
	"track_id" uuid,
	"assigned" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_identifiers_kind_check" CHECK (kind in ('upc', 'isrc'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK (status in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"audio_file_url" text,
	"isrc" text,
	"is_explicit" boolean DEFAULT false NOT NULL,
	"featured_artists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_seconds" integer,
	"audio_sha256" text,
	"audio_md5" text,
	"audio_facts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_position_check" CHECK (position >= 1)
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "qc_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "qc_findings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "qc_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "artwork_sha256" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "artwork_md5" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "artwork_facts" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_identifiers" ADD CONSTRAINT "issued_identifiers_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_identifiers" ADD CONSTRAINT "issued_identifiers_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_release_idx" ON "deliveries" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_status_idx" ON "deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_runnable_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_ref_idx" ON "jobs" USING btree ("kind","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_release_position_key" ON "tracks" USING btree ("release_id","position");--> statement-breakpoint
CREATE INDEX "tracks_isrc_idx" ON "tracks" USING btree ("isrc");--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_qc_status_check" CHECK (qc_status in ('pending', 'running', 'done', 'failed'));--> statement-breakpoint
-- Every release so far had one audio file: it becomes track 1.
INSERT INTO "tracks" ("release_id", "position", "title", "audio_file_url", "is_explicit")
SELECT "id", 1, "title", "audio_file_url", "is_explicit" FROM "releases";
