ALTER TABLE "payout_accounts" ADD COLUMN "pan_hash" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pan_encrypted" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pan_hash" text;--> statement-breakpoint
CREATE INDEX "payouts_pan_year_idx" ON "payouts" USING btree ("pan_hash","financial_year");--> statement-breakpoint
-- Payouts made before this migration take the PAN on file now: the nearest record of what it was.
UPDATE "payouts" p SET "pan_encrypted" = a."pan_encrypted"
FROM "payout_accounts" a WHERE a."user_id" = p."user_id" AND p."pan_encrypted" IS NULL;
