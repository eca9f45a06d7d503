CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"plan_id" text NOT NULL,
	"release_id" uuid,
	"amount_paise" integer NOT NULL,
	"credit_paise" integer DEFAULT 0 NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"failure_reason" text,
	"billing_name" text NOT NULL,
	"billing_state" text NOT NULL,
	"gstin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_gateway_ref_unique" UNIQUE("gateway_ref"),
	CONSTRAINT "checkouts_purpose_check" CHECK (purpose in ('plan', 'release')),
	CONSTRAINT "checkouts_status_check" CHECK (status in ('open', 'paid', 'failed')),
	CONSTRAINT "checkouts_plan_check" CHECK (plan_id in ('introductory', 'basic_artist', 'pro_artist', 'label_plan')),
	CONSTRAINT "checkouts_amount_check" CHECK (amount_paise > 0 and credit_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_plans" (
	"gateway" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"gateway_plan_id" text NOT NULL,
	CONSTRAINT "gateway_plans_gateway_plan_id_amount_paise_pk" PRIMARY KEY("gateway","plan_id","amount_paise")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_gstin" text,
	"place_of_supply" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_gstin" text NOT NULL,
	"seller_state" text NOT NULL,
	"seller_address" text NOT NULL,
	"sac" text NOT NULL,
	"rate_percent" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "invoices_sum_check" CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"gateway_refund_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_gateway_refund_id_unique" UNIQUE("gateway_refund_id")
);
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "gateway_subscriptions" ADD COLUMN "scheduled_plan_id" text;--> statement-breakpoint
ALTER TABLE "gateway_subscriptions" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "gateway_subscriptions" ADD COLUMN "cancel_at_cycle_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan_id" text;--> statement-breakpoint
UPDATE "payments" p SET "plan_id" = coalesce((SELECT g."plan_id" FROM "gateway_subscriptions" g WHERE g."gateway_subscription_id" = p."gateway_subscription_id"), 'basic_artist');--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "complimentary_reason" text;--> statement-breakpoint
-- Plan periods recorded before payments were taken were never paid for: they stay in force, shown as complimentary.
UPDATE "subscriptions" SET "kind" = 'complimentary', "complimentary_reason" = 'Recorded before Kalrav took payments';--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_7_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_1_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK (status in ('awaiting_payment', 'queued', 'sending', 'sent', 'acknowledged', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK (refunded_paise >= 0 and refunded_paise <= amount_paise);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_kind_check" CHECK (kind in ('paid', 'complimentary'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_complimentary_reason_check" CHECK (kind <> 'complimentary' or complimentary_reason is not null);