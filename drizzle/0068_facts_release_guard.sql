-- Issue 36 (decision 043): a fact's release is no longer checked row by row (a foreign key's check
-- for each of a million imported facts was a quarter of the import). What the key guaranteed stays:
-- - a fact names a release that exists: the import joins its rows to releases and locks those
--   releases (FOR KEY SHARE) for its transaction, so none can be deleted under it;
-- - a release with facts cannot be deleted (it was ON DELETE RESTRICT): this trigger refuses it with
--   the same error, whichever statement deletes it.
ALTER TABLE "daily_stream_facts" DROP CONSTRAINT "daily_stream_facts_release_id_releases_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION releases_keep_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o WHERE EXISTS (SELECT 1 FROM daily_stream_facts f WHERE f.release_id = o.id)) THEN
    RAISE EXCEPTION 'a release with stream facts cannot be deleted'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'daily_stream_facts_release_id_releases_id_fk';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER releases_keep_facts AFTER DELETE ON releases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION releases_keep_facts();
