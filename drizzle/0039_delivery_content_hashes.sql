ALTER TABLE "deliveries" ADD COLUMN "with_files" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "view_hash" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "files_hash" text;