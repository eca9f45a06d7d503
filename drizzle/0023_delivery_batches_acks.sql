ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_kind_check";--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "batch_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "store_message" text;--> statement-breakpoint
-- Batches not built yet get their DDEX BatchId (the creation time) when they are.
UPDATE "deliveries" SET "batch_id" = NULL WHERE "message_created_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_store_batch_key" ON "deliveries" USING btree ("store","batch_id");--> statement-breakpoint
CREATE INDEX "deliveries_store_message_idx" ON "deliveries" USING btree ("store","message_created_at");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_kind_check" CHECK (kind in ('insert', 'update', 'takedown'));--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK (status in ('awaiting_payment', 'queued', 'sending', 'sent', 'acknowledged', 'rejected', 'failed', 'cancelled'));