CREATE TABLE "payee_details_archive" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"account_name" text,
	"account_number_encrypted" text,
	"account_number_last4" text,
	"routing_number" text,
	"bank_name" text,
	"paypal_email" text,
	"tax_form" text,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_method_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "residence" text DEFAULT 'india' NOT NULL;--> statement-breakpoint
ALTER TABLE "payee_details_archive" ADD CONSTRAINT "payee_details_archive_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_residence_check" CHECK (residence in ('india', 'abroad'));--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_method_check" CHECK (method in ('bank', 'upi', 'bankTransfer', 'paypal'));--> statement-breakpoint
-- One payee model (issue 34). Bank or PayPal details saved by the old payout-account form for a payee
-- who also saved KYC details are archived first: the KYC details are the ones payouts go to.
INSERT INTO "payee_details_archive" ("user_id", "method", "account_name", "account_number_encrypted", "account_number_last4", "routing_number", "bank_name", "paypal_email", "tax_form")
SELECT "user_id", "method", "account_name", "account_number_encrypted", "account_number_last4", "routing_number", "bank_name", "paypal_email", "tax_form"
FROM "payout_accounts"
WHERE "kyc_method" IS NOT NULL
  AND ("account_number_encrypted" IS NOT NULL OR "paypal_email" IS NOT NULL OR "routing_number" IS NOT NULL
    OR "bank_name" IS NOT NULL OR "account_name" IS NOT NULL OR "tax_form" IS NOT NULL);--> statement-breakpoint
-- KYC details are an Indian payee's: their method and account number take the one set of columns.
UPDATE "payout_accounts" SET
  "residence" = 'india', "method" = "kyc_method",
  "account_number_encrypted" = "kyc_account_encrypted", "account_number_last4" = "kyc_account_last4",
  "account_name" = NULL, "routing_number" = NULL, "bank_name" = NULL, "paypal_email" = NULL, "tax_form" = NULL
WHERE "kyc_method" IS NOT NULL;--> statement-breakpoint
-- Old-form bank details with an IFSC are an Indian bank account, never validated (paid by hand, as before).
UPDATE "payout_accounts" SET
  "residence" = 'india', "method" = 'bank', "ifsc" = "routing_number", "routing_number" = NULL,
  "legal_name" = COALESCE("legal_name", "account_name")
WHERE "kyc_method" IS NULL AND "method" = 'bankTransfer' AND "routing_number" ~ '^[A-Z]{4}0[A-Z0-9]{6}$';--> statement-breakpoint
-- The rest (PayPal, or a bank abroad with an ABA routing number) are payees outside India.
UPDATE "payout_accounts" SET "residence" = 'abroad', "legal_name" = COALESCE("legal_name", "account_name")
WHERE "kyc_method" IS NULL AND "method" IN ('bankTransfer', 'paypal');
