CREATE TABLE "catalogue_import_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"workspace_id" text NOT NULL,
	"position" integer NOT NULL,
	"release_key" text NOT NULL,
	"first_line" integer NOT NULL,
	"title" text NOT NULL,
	"artist_name" text NOT NULL,
	"upc" text,
	"track_count" integer NOT NULL,
	"status" text NOT NULL,
	"findings" jsonb NOT NULL,
	"input" jsonb NOT NULL,
	"release_id" uuid,
	CONSTRAINT "catalogue_import_lines_status_check" CHECK (status in ('ok', 'warning', 'blocking', 'imported', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea",
	"file_bytes" integer NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"error" text,
	"ai_answer" text NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"tracks" integer DEFAULT 0 NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"blocking" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_format_check" CHECK (format in ('csv', 'ern')),
	CONSTRAINT "catalogue_imports_status_check" CHECK (status in ('checking', 'checked', 'importing', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_lines" ADD CONSTRAINT "catalogue_import_lines_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_lines" ADD CONSTRAINT "catalogue_import_lines_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_import_lines_position_key" ON "catalogue_import_lines" USING btree ("import_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_import_lines_key_idx" ON "catalogue_import_lines" USING btree ("workspace_id","release_key");--> statement-breakpoint
CREATE INDEX "catalogue_imports_workspace_idx" ON "catalogue_imports" USING btree ("workspace_id","created_at");