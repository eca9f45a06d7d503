CREATE TABLE "release_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"md5" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "audio_upload_id" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "cover_art_upload_id" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "audio_upload_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "release_file_versions" ADD CONSTRAINT "release_file_versions_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_file_versions_key" ON "release_file_versions" USING btree ("release_id","subject","version");--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_audio_upload_id_uploads_id_fk" FOREIGN KEY ("audio_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_cover_art_upload_id_uploads_id_fk" FOREIGN KEY ("cover_art_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_audio_upload_id_uploads_id_fk" FOREIGN KEY ("audio_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;