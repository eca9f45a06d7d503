ALTER TABLE "collaborators" ADD COLUMN "accept_code_hash" text;--> statement-breakpoint
ALTER TABLE "collaborators" ADD COLUMN "accept_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collaborators" ADD COLUMN "accept_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaborators" ADD COLUMN "accept_codes_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaborators" ADD COLUMN "accept_codes_window_at" timestamp with time zone;