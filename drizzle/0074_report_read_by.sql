-- Issue 36 (decision 046): which way a report's rows were read, PostgreSQL's COPY or the server row by row.
ALTER TABLE "store_reports" ADD COLUMN "read_by" text;--> statement-breakpoint
ALTER TABLE "store_reports" ADD CONSTRAINT "store_reports_read_by_check" CHECK (read_by in ('database', 'server'));