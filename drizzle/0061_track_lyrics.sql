ALTER TABLE "tracks" ADD COLUMN "lyrics" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "lyrics_latin" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "lyrics_synced" text;