ALTER TABLE "releases" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "contributors" jsonb DEFAULT '[]'::jsonb NOT NULL;