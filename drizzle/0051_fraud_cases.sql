CREATE TABLE "fraud_case_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_case_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"from_support" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_case_tracks" (
	"case_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"isrc" text NOT NULL,
	"outcome" text,
	CONSTRAINT "fraud_case_tracks_case_id_release_id_isrc_pk" PRIMARY KEY("case_id","release_id","isrc"),
	CONSTRAINT "fraud_case_tracks_outcome_check" CHECK (outcome is null or outcome in ('upheld', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "fraud_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"store" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"fee_reversed_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"deadline" date NOT NULL,
	"opened_by" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"takedown" text,
	"takedown_reason" text,
	CONSTRAINT "fraud_cases_status_check" CHECK (status in ('open', 'upheld', 'partly_upheld', 'dismissed')),
	CONSTRAINT "fraud_cases_takedown_check" CHECK (takedown is null or takedown in ('none', 'store', 'all')),
	CONSTRAINT "fraud_cases_fee_check" CHECK (fee_paise >= 0),
	CONSTRAINT "fraud_cases_period_check" CHECK (period_from <= period_to)
);
--> statement-breakpoint
CREATE TABLE "report_tracks" (
	"report_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"isrc" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "report_tracks_report_id_release_id_isrc_pk" PRIMARY KEY("report_id","release_id","isrc")
);
--> statement-breakpoint
CREATE TABLE "stream_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"report_id" uuid,
	"release_id" uuid NOT NULL,
	"isrc" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"store" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"figures" jsonb NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "stream_warnings_kind_check" CHECK (kind in ('spike', 'concentration', 'listener_ratio'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "royalty_entries" DROP CONSTRAINT "royalty_entries_kind_check";--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "fraud_case_files" ADD CONSTRAINT "fraud_case_files_message_id_fraud_case_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."fraud_case_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_case_files" ADD CONSTRAINT "fraud_case_files_case_id_fraud_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."fraud_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_case_messages" ADD CONSTRAINT "fraud_case_messages_case_id_fraud_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."fraud_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_case_tracks" ADD CONSTRAINT "fraud_case_tracks_case_id_fraud_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."fraud_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_case_tracks" ADD CONSTRAINT "fraud_case_tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_cases" ADD CONSTRAINT "fraud_cases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_warnings" ADD CONSTRAINT "stream_warnings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_warnings" ADD CONSTRAINT "stream_warnings_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_case_files_message_idx" ON "fraud_case_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "fraud_case_messages_case_idx" ON "fraud_case_messages" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "fraud_case_tracks_track_idx" ON "fraud_case_tracks" USING btree ("release_id","isrc");--> statement-breakpoint
CREATE INDEX "fraud_cases_workspace_idx" ON "fraud_cases" USING btree ("workspace_id","opened_at");--> statement-breakpoint
CREATE INDEX "fraud_cases_status_idx" ON "fraud_cases" USING btree ("status","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_warnings_key" ON "stream_warnings" USING btree ("release_id","isrc","kind","day","store","country");--> statement-breakpoint
CREATE INDEX "stream_warnings_workspace_idx" ON "stream_warnings" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "stream_warnings_open_idx" ON "stream_warnings" USING btree ("created_at") WHERE reviewed_at is null;--> statement-breakpoint
CREATE INDEX "royalty_entries_case_idx" ON "royalty_entries" USING btree ("case_id") WHERE case_id is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK (kind in ('release', 'artist', 'split', 'payee_details', 'plan', 'member', 'invitation', 'workspace', 'support_access', 'case'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('release_status', 'ticket_reply', 'payment', 'case'));--> statement-breakpoint
ALTER TABLE "royalty_entries" ADD CONSTRAINT "royalty_entries_kind_check" CHECK (kind in ('earning', 'recoupment', 'escrow_release', 'payout', 'payout_return', 'hold', 'hold_release', 'reversal', 'store_fee'));