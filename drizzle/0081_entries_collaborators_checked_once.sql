-- Issue 36 (decision 054): a ledger entry's collaborator is no longer checked row by row. A report's
-- split sheets post tens of thousands of entries naming a few thousand collaborators, and the foreign
-- key's check of each one (a lookup and a lock per row) was a third of writing them. What the key
-- guaranteed stays, set-based, as migration 0071 did for accounts:
-- - an entry names a collaborator that exists: a statement trigger locks every collaborator a
--   statement's entries name (FOR KEY SHARE, as the key's check did) and refuses the statement, with
--   the key's error, if one is missing;
-- - a collaborator's deletion leaves their entries with no collaborator (it was ON DELETE SET NULL).
ALTER TABLE "royalty_entries" DROP CONSTRAINT "royalty_entries_collaborator_id_collaborators_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION royalty_entries_collaborators_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  PERFORM 1 FROM collaborators WHERE id IN (SELECT DISTINCT collaborator_id FROM new_rows) ORDER BY id FOR KEY SHARE;
  SELECT n.collaborator_id INTO missing
  FROM (SELECT DISTINCT collaborator_id FROM new_rows WHERE collaborator_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM collaborators c WHERE c.id = n.collaborator_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "royalty_entries" violates foreign key constraint "royalty_entries_collaborator_id_collaborators_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'royalty_entries_collaborator_id_collaborators_id_fk',
        DETAIL = format('Key (collaborator_id)=(%s) is not present in table "collaborators".', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER royalty_entries_collaborators_exist_insert AFTER INSERT ON royalty_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_entries_collaborators_exist();
--> statement-breakpoint
CREATE TRIGGER royalty_entries_collaborators_exist_update AFTER UPDATE ON royalty_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_entries_collaborators_exist();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collaborators_leave_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE royalty_entries SET collaborator_id = NULL WHERE collaborator_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collaborators_leave_entries AFTER DELETE ON collaborators
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION collaborators_leave_entries();
