CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_status_check" CHECK (status in ('pending', 'completed')),
	CONSTRAINT "payouts_amount_check" CHECK (amount_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "royalty_ledger" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"gross_paise" bigint NOT NULL,
	"share_percent" integer NOT NULL,
	"net_paise" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_ledger_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "store_report_rows" (
	"report_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"isrc" text NOT NULL,
	"store" text NOT NULL,
	"country" text NOT NULL,
	"day" date NOT NULL,
	"streams" bigint NOT NULL,
	"listeners" bigint NOT NULL,
	"revenue_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "store_reports_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "store_reports_status_check" CHECK (status in ('queued', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_ledger" ADD CONSTRAINT "royalty_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_report_rows" ADD CONSTRAINT "store_report_rows_report_id_store_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."store_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reports" ADD CONSTRAINT "store_reports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_requested_idx" ON "payouts" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "store_report_rows_report_idx" ON "store_report_rows" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "store_reports_created_idx" ON "store_reports" USING btree ("created_at" DESC NULLS LAST);