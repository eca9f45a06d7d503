CREATE TABLE "track_artists" (
	"track_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "track_artists_track_id_artist_id_role_pk" PRIMARY KEY("track_id","artist_id","role"),
	CONSTRAINT "track_artists_role_check" CHECK (role in ('primary', 'featured', 'remixer'))
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "remixers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_artist_id_artist_profiles_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_artists_artist_idx" ON "track_artists" USING btree ("artist_id");--> statement-breakpoint
-- Tracks credit the workspace's profiles their names match (issue 35): a compilation track's own main
-- artist, then its featured artists in order. Names without a profile stay credits by name.
INSERT INTO "track_artists" ("track_id", "artist_id", "role", "position")
SELECT t."id", a."id", 'primary', 1
FROM "tracks" t
JOIN "releases" r ON r."id" = t."release_id"
JOIN "artist_profiles" a ON a."workspace_id" = r."user_id" AND lower(a."name") = lower(trim(t."artist_name"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "track_artists" ("track_id", "artist_id", "role", "position")
SELECT t."id", a."id", 'featured', min(f."ord")::int + 1
FROM "tracks" t
JOIN "releases" r ON r."id" = t."release_id"
CROSS JOIN LATERAL jsonb_array_elements_text(t."featured_artists") WITH ORDINALITY AS f("name", "ord")
JOIN "artist_profiles" a ON a."workspace_id" = r."user_id" AND lower(a."name") = lower(trim(f."name"))
GROUP BY t."id", a."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A compilation credits, as its main artists, the profiles its tracks credit as theirs (so a member
-- limited to one of them sees it).
INSERT INTO "release_artists" ("release_id", "artist_id", "role", "position")
SELECT t."release_id", ta."artist_id", 'primary', min(t."position")
FROM "track_artists" ta
JOIN "tracks" t ON t."id" = ta."track_id"
JOIN "releases" r ON r."id" = t."release_id"
WHERE ta."role" = 'primary' AND r."release_type" = 'compilation'
GROUP BY t."release_id", ta."artist_id"
ON CONFLICT DO NOTHING;
