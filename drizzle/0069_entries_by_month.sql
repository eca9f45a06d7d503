DROP INDEX "royalty_entries_release_idx";--> statement-breakpoint
CREATE INDEX "royalty_entries_release_idx" ON "royalty_entries" USING btree ("release_id","isrc","month");