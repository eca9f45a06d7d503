-- One audit log (issue 35): what admins did, kept until now in admin_audit_log, moves into audit_log
-- under the workspace it concerned, then the old table goes.
INSERT INTO "audit_log" ("workspace_id", "actor_id", "actor_name", "kind", "action", "subject_id", "summary", "created_at")
SELECT a."subject_user_id", a."actor_id", coalesce(u."name", 'Unknown'),
  CASE WHEN a."action" = 'payee_details.approved' THEN 'payee_details' ELSE 'support_access' END,
  a."action", a."subject_id",
  CASE WHEN a."action" = 'payee_details.approved' THEN 'Kalrav support approved payee details whose name did not match the bank''s'
       WHEN a."action" = 'payout_account.viewed' THEN 'Kalrav support viewed the full payee account of a payout'
       ELSE a."action" END,
  a."created_at"
FROM "admin_audit_log" a LEFT JOIN "users" u ON u."id" = a."actor_id";--> statement-breakpoint
DROP TABLE "admin_audit_log" CASCADE;
