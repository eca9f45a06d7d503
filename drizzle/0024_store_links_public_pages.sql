CREATE TABLE "release_link_stats" (
	"release_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"store" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_link_stats_release_id_day_kind_store_pk" PRIMARY KEY("release_id","day","kind","store"),
	CONSTRAINT "release_link_stats_kind_check" CHECK (kind in ('visit', 'click'))
);
--> statement-breakpoint
CREATE TABLE "store_links" (
	"release_id" uuid NOT NULL,
	"store" text NOT NULL,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_links_release_id_store_pk" PRIMARY KEY("release_id","store"),
	CONSTRAINT "store_links_source_check" CHECK (source in ('manual', 'spotify', 'apple'))
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "public_slug" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 10) NOT NULL;--> statement-breakpoint
ALTER TABLE "release_link_stats" ADD CONSTRAINT "release_link_stats_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_links" ADD CONSTRAINT "store_links_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_public_slug_key" ON "releases" USING btree ("public_slug");