-- Newest-first pages read these indexes backwards: "DESC NULLS LAST" indexes cannot serve ORDER BY ... DESC
-- (nulls first), so every page sorted its whole match. The id makes ties follow the index too.
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "payouts_user_requested_idx";--> statement-breakpoint
DROP INDEX "releases_user_submitted_idx";--> statement-breakpoint
DROP INDEX "releases_status_submitted_idx";--> statement-breakpoint
DROP INDEX "releases_submitted_idx";--> statement-breakpoint
DROP INDEX "store_reports_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_user_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_status_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_created_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_requested_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "releases_user_submitted_idx" ON "releases" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "releases_status_submitted_idx" ON "releases" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "releases_submitted_idx" ON "releases" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "store_reports_created_idx" ON "store_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_created_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_created_idx" ON "support_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");