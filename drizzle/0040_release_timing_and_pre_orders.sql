ALTER TABLE "releases" ADD COLUMN "release_timing" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "pre_order_date" date;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "instant_grat_date" date;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "instant_grat" boolean DEFAULT false NOT NULL;