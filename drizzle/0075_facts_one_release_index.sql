-- Issue 36: the facts' key (release, isrc, store, country, day) already serves every read of a
-- release's facts, the month's partition bounding the days; the index on (release, day) was built
-- again for every month a store report brings whole (decision 044) and written with every fact.
DROP INDEX IF EXISTS "daily_stream_facts_release_day_idx";
