CREATE TABLE "provenance_records" (
	"id" text PRIMARY KEY NOT NULL,
	"release_id" uuid,
	"content_sha256" text NOT NULL,
	"document" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provenance_records" ADD CONSTRAINT "provenance_records_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provenance_records_release_idx" ON "provenance_records" USING btree ("release_id","created_at");