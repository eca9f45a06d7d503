-- Issue 36 (decision 054): the ledger's check of the accounts its entries name, as a function of the
-- accounts, so one rule serves both ways entries arrive. An insert or update runs it from its
-- statement trigger (as migration 0078 did); a report's own table of entries, which joins the ledger by
-- inheritance and so fires no trigger, runs it as the import adopts the table. Either way: every
-- account named exists, and stays (locked FOR KEY SHARE, in id order) until the transaction ends; a
-- missing one refuses the statement with the foreign key's error.
CREATE OR REPLACE FUNCTION royalty_entries_check_accounts(accounts text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM users WHERE id = ANY (accounts) ORDER BY id FOR KEY SHARE;
  SELECT a.id INTO missing FROM unnest(accounts) AS a (id)
  WHERE a.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "royalty_entries" violates foreign key constraint "royalty_entries_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'royalty_entries_user_id_users_id_fk',
        DETAIL = format('Key (user_id)=(%s) is not present in table "users".', missing);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION royalty_entries_accounts_exist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM royalty_entries_check_accounts(array(SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
