CREATE TABLE "daily_stream_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"isrc" text DEFAULT '' NOT NULL,
	"store" text NOT NULL,
	"country" text NOT NULL,
	"day" date NOT NULL,
	"streams" bigint DEFAULT 0 NOT NULL,
	"listeners" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_stream_facts_non_negative" CHECK (streams >= 0 and listeners >= 0 and revenue_paise >= 0)
);
--> statement-breakpoint
ALTER TABLE "daily_stream_facts" ADD CONSTRAINT "daily_stream_facts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_stream_facts_key" ON "daily_stream_facts" USING btree ("release_id","isrc","store","country","day");--> statement-breakpoint
CREATE INDEX "daily_stream_facts_release_day_idx" ON "daily_stream_facts" USING btree ("release_id","day");