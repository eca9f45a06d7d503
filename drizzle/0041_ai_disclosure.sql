ALTER TABLE "releases" ADD COLUMN "artwork_ai" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "ai" jsonb;