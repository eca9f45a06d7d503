-- The admins' release search by words (issue 36). Trigrams answered "%Bench Release 42%" slowly: every
-- trigram but those of "42" is in every title, so the index read whole posting lists (47 ms over
-- 100,000 releases). Words, each matched as a prefix, read the rare word's entries instead (5 ms).
-- The title, the artist and the UPC are the release's words; 'simple' keeps every word of any
-- language, lower-cased, with no stemming.
ALTER TABLE "releases" ADD COLUMN IF NOT EXISTS "search_words" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("artist_name", '') || ' ' || coalesce("upc_ean", ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_search_words_idx" ON "releases" USING gin ("search_words");
