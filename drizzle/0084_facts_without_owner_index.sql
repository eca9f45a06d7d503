-- Issue 36 (decision 058): the facts keep no index by owner. Its one reader, analytics' breakdowns,
-- reads an artist's facts through their releases' key instead (the key leads with the release, and a
-- release's facts are its owner's: a trigger carries every change of hands to them). Building the
-- owner index was 1.6 core-seconds of every million-row month a report brought, and every write to an
-- existing month kept it too; and with no index on the owner column, a release changing hands updates
-- its facts in place on their pages.
DROP INDEX IF EXISTS "daily_stream_facts_owner_day_idx";
