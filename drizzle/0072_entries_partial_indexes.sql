DROP INDEX "royalty_entries_collaborator_idx";--> statement-breakpoint
DROP INDEX "royalty_entries_payout_idx";--> statement-breakpoint
CREATE INDEX "royalty_entries_collaborator_idx" ON "royalty_entries" USING btree ("collaborator_id") WHERE collaborator_id is not null;--> statement-breakpoint
CREATE INDEX "royalty_entries_payout_idx" ON "royalty_entries" USING btree ("payout_id") WHERE payout_id is not null;