ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_kyc_method_check";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP COLUMN "account_name";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP COLUMN "kyc_method";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP COLUMN "kyc_account_encrypted";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP COLUMN "kyc_account_last4";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_method_residence_check" CHECK ((residence = 'india') = (method in ('bank', 'upi')));