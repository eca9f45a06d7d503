CREATE TABLE "release_link_visitors" (
	"release_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"store" text DEFAULT '' NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "release_link_visitors_release_id_day_kind_store_visitor_pk" PRIMARY KEY("release_id","day","kind","store","visitor")
);
--> statement-breakpoint
ALTER TABLE "release_link_visitors" ADD CONSTRAINT "release_link_visitors_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;