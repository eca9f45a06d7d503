CREATE TABLE "collaborators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"phone" text,
	"invite_token_hash" text NOT NULL,
	"invite_token_encrypted" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"accepted_user_id" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborators_invite_token_hash_unique" UNIQUE("invite_token_hash"),
	CONSTRAINT "collaborators_role_check" CHECK (role in ('artist', 'featured_artist', 'producer', 'songwriter', 'composer', 'lyricist', 'label', 'engineer', 'other')),
	CONSTRAINT "collaborators_contact_check" CHECK (email is not null or phone is not null)
);
--> statement-breakpoint
CREATE TABLE "royalty_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"collaborator_id" uuid,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"month" date NOT NULL,
	"release_id" uuid,
	"isrc" text DEFAULT '' NOT NULL,
	"store" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"sheet_id" uuid,
	"report_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_entries_kind_check" CHECK (kind in ('earning', 'recoupment', 'escrow_release', 'payout', 'payout_return'))
);
--> statement-breakpoint
CREATE TABLE "split_shares" (
	"sheet_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"collaborator_id" uuid,
	"role" text NOT NULL,
	"share_bp" integer NOT NULL,
	CONSTRAINT "split_shares_sheet_id_position_pk" PRIMARY KEY("sheet_id","position"),
	CONSTRAINT "split_shares_bp_check" CHECK (share_bp between 0 and 10000),
	CONSTRAINT "split_shares_role_check" CHECK (role in ('artist', 'featured_artist', 'producer', 'songwriter', 'composer', 'lyricist', 'label', 'engineer', 'other'))
);
--> statement-breakpoint
CREATE TABLE "split_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"track_id" uuid,
	"owner_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"recoup_collaborator_id" uuid,
	"recoup_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_sheets_recoup_check" CHECK (recoup_paise >= 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "pan_encrypted" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "pan_last4" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_method" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_account_encrypted" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_account_last4" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "ifsc" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_status" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "registered_name" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "kyc_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "provider_contact_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "provider_fund_account_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tds_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "financial_year" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_shares" ADD CONSTRAINT "split_shares_sheet_id_split_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."split_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_shares" ADD CONSTRAINT "split_shares_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_sheets" ADD CONSTRAINT "split_sheets_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_sheets" ADD CONSTRAINT "split_sheets_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_sheets" ADD CONSTRAINT "split_sheets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_sheets" ADD CONSTRAINT "split_sheets_recoup_collaborator_id_collaborators_id_fk" FOREIGN KEY ("recoup_collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_owner_email_key" ON "collaborators" USING btree ("owner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_owner_phone_key" ON "collaborators" USING btree ("owner_id","phone");--> statement-breakpoint
CREATE INDEX "collaborators_accepted_user_idx" ON "collaborators" USING btree ("accepted_user_id");--> statement-breakpoint
CREATE INDEX "royalty_entries_user_month_idx" ON "royalty_entries" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "royalty_entries_collaborator_idx" ON "royalty_entries" USING btree ("collaborator_id");--> statement-breakpoint
CREATE INDEX "royalty_entries_release_idx" ON "royalty_entries" USING btree ("release_id","isrc");--> statement-breakpoint
CREATE INDEX "royalty_entries_payout_idx" ON "royalty_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "split_sheets_release_idx" ON "split_sheets" USING btree ("release_id","track_id","effective_from");--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_kyc_reviewed_by_users_id_fk" FOREIGN KEY ("kyc_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_payout_key" ON "payouts" USING btree ("provider_payout_id");--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_kyc_method_check" CHECK (kyc_method is null or kyc_method in ('bank', 'upi'));--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_kyc_status_check" CHECK (kyc_status is null or kyc_status in ('unverified', 'verified', 'name_mismatch', 'approved', 'invalid'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tds_check" CHECK (tds_paise >= 0 and tds_paise <= amount_paise);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK (status in ('pending', 'approved', 'processing', 'completed', 'failed', 'reversed'));--> statement-breakpoint
-- Issue 19: the royalty ledger becomes entries. What was posted before is carried over exactly: each
-- owner's earnings per month, release, track, store and country at the month's recorded share (the
-- month's net is now the sum of these, each rounded half up), and each payout requested as a debit.
INSERT INTO "royalty_entries" ("user_id", "kind", "amount_paise", "month", "release_id", "isrc", "store", "country")
SELECT l.user_id, 'earning', floor((k.gross * l.share_percent + 50) / 100)::bigint, l.month, k.release_id, k.isrc, k.store, k.country
FROM (
  SELECT r.user_id, date_trunc('month', f.day)::date AS month, f.release_id, f.isrc, f.store, f.country, sum(f.revenue_paise) AS gross
  FROM daily_stream_facts f JOIN releases r ON r.id = f.release_id
  WHERE r.user_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
) k JOIN royalty_ledger l ON l.user_id = k.user_id AND l.month = k.month
WHERE floor((k.gross * l.share_percent + 50) / 100) <> 0;--> statement-breakpoint
UPDATE "royalty_ledger" l SET net_paise = coalesce((
  SELECT sum(e.amount_paise) FROM royalty_entries e
  JOIN releases r ON r.id = e.release_id
  WHERE e.kind = 'earning' AND r.user_id = l.user_id AND e.month = l.month), 0);--> statement-breakpoint
UPDATE "payouts" SET financial_year = CASE
  WHEN extract(month FROM requested_at AT TIME ZONE 'Asia/Kolkata') >= 4
    THEN extract(year FROM requested_at AT TIME ZONE 'Asia/Kolkata')::int || '-' || lpad(((extract(year FROM requested_at AT TIME ZONE 'Asia/Kolkata')::int + 1) % 100)::text, 2, '0')
  ELSE (extract(year FROM requested_at AT TIME ZONE 'Asia/Kolkata')::int - 1) || '-' || lpad((extract(year FROM requested_at AT TIME ZONE 'Asia/Kolkata')::int % 100)::text, 2, '0')
END;--> statement-breakpoint
INSERT INTO "royalty_entries" ("user_id", "kind", "amount_paise", "month", "payout_id")
SELECT user_id, 'payout', -amount_paise, date_trunc('month', requested_at)::date, id FROM payouts;
