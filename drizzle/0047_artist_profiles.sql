CREATE TABLE "artist_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"bio" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"new_to_stores" boolean DEFAULT false NOT NULL,
	"spotify_artist_uri" text,
	"apple_music_artist_id" text,
	"app_key_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_artists" (
	"release_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "release_artists_release_id_artist_id_role_pk" PRIMARY KEY("release_id","artist_id","role"),
	CONSTRAINT "release_artists_role_check" CHECK (role in ('primary', 'featured', 'remixer'))
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "artist_scope" uuid[];--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD CONSTRAINT "artist_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_profiles_workspace_name_idx" ON "artist_profiles" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "release_artists_artist_idx" ON "release_artists" USING btree ("artist_id");--> statement-breakpoint
-- Each distinct artist name a workspace typed on its releases becomes a profile of that workspace
-- (names equal but for case are one artist), credited as the main artist of those releases. Compilations
-- ("Various Artists") are credited per track, not as a profile.
INSERT INTO "artist_profiles" ("workspace_id", "name", "created_at")
SELECT r."user_id", min(trim(r."artist_name")), min(r."created_at")
FROM "releases" r
WHERE r."user_id" IS NOT NULL AND trim(r."artist_name") <> '' AND r."release_type" <> 'compilation'
GROUP BY r."user_id", lower(trim(r."artist_name"));--> statement-breakpoint
INSERT INTO "release_artists" ("release_id", "artist_id", "role", "position")
SELECT r."id", a."id", 'primary', 1
FROM "releases" r
JOIN "artist_profiles" a ON a."workspace_id" = r."user_id" AND lower(a."name") = lower(trim(r."artist_name"))
WHERE r."release_type" <> 'compilation';
