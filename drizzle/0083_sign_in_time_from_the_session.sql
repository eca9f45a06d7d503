-- Issue 36 (decision 055): a new session is a sign-in, so the database stamps the account's last
-- sign-in time as it stores the session. The server used to send that update itself after each
-- session, one more statement and round trip on every sign-in's path.
CREATE OR REPLACE FUNCTION sessions_stamp_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET last_sign_in_at = NEW.created_at WHERE id = NEW.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_stamp_sign_in AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_stamp_sign_in();
