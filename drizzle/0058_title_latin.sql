ALTER TABLE "releases" ADD COLUMN "title_latin" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "title_latin" text;--> statement-breakpoint
-- Search finds a release by either form of its title (issue 39): the Latin form joins its words.
DROP INDEX IF EXISTS "releases_search_words_idx";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN IF EXISTS "search_words";--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "search_words" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("title_latin", '') || ' ' || coalesce("artist_name", '') || ' ' || coalesce("upc_ean", ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_search_words_idx" ON "releases" USING gin ("search_words");
