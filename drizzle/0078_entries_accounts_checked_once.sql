-- Issue 36 (decision 048): the accounts an insert's entries name are checked once each, not once per
-- entry. A million-row report's plain posting writes 252,000 entries for a few thousand owners; looking
-- each entry's account up took 0.42 s, where the distinct accounts take a few milliseconds. The
-- guarantee is migration 0071's: every account an entry names exists, locked until the transaction ends.
CREATE OR REPLACE FUNCTION royalty_entries_accounts_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT DISTINCT user_id FROM new_rows) ORDER BY id FOR KEY SHARE;
  SELECT n.user_id INTO missing FROM (SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "royalty_entries" violates foreign key constraint "royalty_entries_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'royalty_entries_user_id_users_id_fk',
        DETAIL = format('Key (user_id)=(%s) is not present in table "users".', missing);
  END IF;
  RETURN NULL;
END $$;
