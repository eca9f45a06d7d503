-- The admins' release search finds a release by any of its tracks' ISRCs, whole or in part (issue 36).
CREATE INDEX IF NOT EXISTS "tracks_isrc_trgm_idx" ON "tracks" USING gin ("isrc" gin_trgm_ops);
--> statement-breakpoint
-- And the admins' workspace search by name (the owner is found through the users' own trigram indexes).
CREATE INDEX IF NOT EXISTS "workspaces_name_trgm_idx" ON "workspaces" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- The newest workspaces first, read off an index rather than sorted each time.
CREATE INDEX IF NOT EXISTS "workspaces_created_idx" ON "workspaces" USING btree ("created_at");
