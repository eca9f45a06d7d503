ALTER TABLE "releases" ADD COLUMN "label_name" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "artist_name" text;