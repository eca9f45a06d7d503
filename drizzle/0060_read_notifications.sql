-- Issue 36: every server process keeps recent answers of the heaviest reads in memory (the read
-- cache, decision 040) and forgets those that read a table as soon as any statement changes it. Each
-- watched table tells every listening process its name through NOTIFY, delivered at commit (nothing
-- is said for a transaction that rolls back) and once per table per transaction.
CREATE OR REPLACE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kalrav_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['artist_profiles', 'collaborators', 'daily_stream_facts', 'deliveries', 'owner_country_totals',
    'owner_daily_totals', 'owner_store_totals', 'payout_accounts', 'release_artists', 'releases', 'row_counts',
    'royalty_entries', 'subscriptions', 'support_tickets', 'tracks', 'users', 'workspace_members', 'workspaces'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %1$I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %2$I
       FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed()',
      watched || '_notify_changed', watched);
  END LOOP;
END $$;
