-- Trigram indexes so admin searches (ILIKE '%text%') stay fast on large tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_title_trgm_idx" ON "releases" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_artist_name_trgm_idx" ON "releases" USING gin ("artist_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_upc_ean_trgm_idx" ON "releases" USING gin ("upc_ean" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_subject_trgm_idx" ON "support_tickets" USING gin ("subject" gin_trgm_ops);
