-- Issue 36 (decision 044): a ledger entry's account is no longer checked row by row (the foreign
-- key's check of each of a report's 300,000 entries locked and read the same few thousand accounts
-- again and again, half the time of writing them). What the key guaranteed stays, set-based:
-- - an entry names an account that exists: a statement trigger locks every account a statement's
--   entries name (FOR KEY SHARE, as the key's check did) and refuses the statement, with the key's
--   error, if one is missing;
-- - an account's deletion leaves its entries with no account (it was ON DELETE SET NULL).
ALTER TABLE "royalty_entries" DROP CONSTRAINT "royalty_entries_user_id_users_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION royalty_entries_accounts_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT DISTINCT user_id FROM new_rows) ORDER BY id FOR KEY SHARE;
  SELECT n.user_id INTO missing FROM new_rows n
  WHERE n.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "royalty_entries" violates foreign key constraint "royalty_entries_user_id_users_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'royalty_entries_user_id_users_id_fk',
        DETAIL = format('Key (user_id)=(%s) is not present in table "users".', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER royalty_entries_accounts_exist_insert AFTER INSERT ON royalty_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_entries_accounts_exist();
--> statement-breakpoint
CREATE TRIGGER royalty_entries_accounts_exist_update AFTER UPDATE ON royalty_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_entries_accounts_exist();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_leave_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE royalty_entries SET user_id = NULL WHERE user_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_leave_entries AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_leave_entries();
