-- Issue 36 (decision 050): the owners' store and country totals and each release's stream count are
-- rows a store report adds to, one update per row, tens of thousands per report. A full page has no
-- room for a row's new version, so each one went to another page with a new entry in the key's index
-- (a few hundred of 96,000 updates stayed on their page in the bench). Half-full pages keep the new
-- version beside the old: no index entry, and the old one is pruned on the page. 48,000 owners' store
-- totals: 0.52–0.75 s against 1.04–1.07 s packed. CLUSTER rewrites each table (they hold a row per
-- owner and store, country or release) so the rows already there get the room too.
ALTER TABLE "owner_store_totals" SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER "owner_store_totals" USING "owner_store_totals_owner_id_store_pk";
--> statement-breakpoint
ALTER TABLE "owner_country_totals" SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER "owner_country_totals" USING "owner_country_totals_owner_id_country_pk";
--> statement-breakpoint
ALTER TABLE "release_streams" SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER "release_streams" USING "release_streams_pkey";
