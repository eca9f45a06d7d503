-- Issue 36 (decision 044): a report's checked rows are copied into a table of their own
-- (store_report_load_<report>), which becomes a new month's partition whole; the shared staging table
-- they went through before is no longer used.
DROP TABLE "store_report_rows" CASCADE;