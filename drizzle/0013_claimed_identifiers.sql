CREATE TABLE "media_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_audit_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"release_id" uuid,
	"user_id" text,
	"code" text,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_stream_facts" DROP CONSTRAINT "daily_stream_facts_release_id_releases_id_fk";
--> statement-breakpoint
ALTER TABLE "issued_identifiers" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_owner_idx" ON "media_files" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "daily_stream_facts" ADD CONSTRAINT "daily_stream_facts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_identifiers" ADD CONSTRAINT "issued_identifiers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_identifiers_release_idx" ON "issued_identifiers" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "jobs_owner_running_idx" ON "jobs" USING btree ("owner_id") WHERE status = 'running';--> statement-breakpoint
-- Claims for data written before codes were claimed on submission: the claimer is the release's owner;
-- a code on several releases goes to the delivered one first, then to the earliest submitted.
UPDATE "issued_identifiers" i SET "owner_id" = r."user_id" FROM "releases" r WHERE r."id" = i."release_id";
--> statement-breakpoint
-- A UPC-A is the EAN-13 with a leading zero: claims are kept in that one form, so nobody can claim
-- the other spelling of a code that is already held.
UPDATE "issued_identifiers" i SET "code" = '0' || i."code"
WHERE i."kind" = 'upc' AND length(i."code") = 12
  AND NOT EXISTS (SELECT 1 FROM "issued_identifiers" o WHERE o."code" = '0' || i."code");
--> statement-breakpoint
INSERT INTO "issued_identifiers" ("code", "kind", "release_id", "owner_id", "assigned")
SELECT DISTINCT ON (lpad(r."upc_ean", 13, '0')) lpad(r."upc_ean", 13, '0'), 'upc', r."id", r."user_id", false
FROM "releases" r
WHERE r."upc_ean" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "issued_identifiers" i WHERE i."code" = lpad(r."upc_ean", 13, '0'))
ORDER BY lpad(r."upc_ean", 13, '0'), (r."status" IN ('live', 'taken_down')) DESC, r."submitted_at", r."id";
--> statement-breakpoint
INSERT INTO "issued_identifiers" ("code", "kind", "release_id", "track_id", "owner_id", "assigned")
SELECT DISTINCT ON (t."isrc") t."isrc", 'isrc', r."id", t."id", r."user_id", false
FROM "tracks" t JOIN "releases" r ON r."id" = t."release_id"
WHERE t."isrc" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "issued_identifiers" i WHERE i."code" = t."isrc")
ORDER BY t."isrc", (r."status" IN ('live', 'taken_down')) DESC, r."submitted_at", t."position";
--> statement-breakpoint
-- The audit: earnings already posted to a release that did not hold its code or never went to stores.
-- Reported for an admin to review (Admin → Reports → Check royalties); nothing is moved automatically.
INSERT INTO "royalty_audit_findings" ("kind", "release_id", "user_id", "code", "revenue_paise", "detail")
SELECT 'release_not_entitled', r."id", r."user_id", r."upc_ean", sum(f."revenue_paise"),
  format('Store earnings of %s paise were credited to release "%s" (%s), which %s.',
    sum(f."revenue_paise"), r."title", r."status",
    CASE WHEN r."status" NOT IN ('live', 'taken_down') THEN 'never went to stores'
         ELSE format('does not hold UPC %s', coalesce(r."upc_ean", '(none)')) END)
FROM "daily_stream_facts" f JOIN "releases" r ON r."id" = f."release_id"
WHERE r."status" NOT IN ('live', 'taken_down') OR r."upc_ean" IS NULL
  OR NOT EXISTS (
    SELECT 1 FROM "issued_identifiers" i WHERE i."code" = lpad(r."upc_ean", 13, '0') AND i."release_id" = r."id")
GROUP BY r."id";
--> statement-breakpoint
INSERT INTO "royalty_audit_findings" ("kind", "release_id", "user_id", "code", "revenue_paise", "detail")
SELECT 'isrc_not_entitled', r."id", r."user_id", f."isrc", sum(f."revenue_paise"),
  format('Store earnings of %s paise for ISRC %s were credited to release "%s", which does not hold that ISRC.',
    sum(f."revenue_paise"), f."isrc", r."title")
FROM "daily_stream_facts" f JOIN "releases" r ON r."id" = f."release_id"
WHERE f."isrc" <> ''
  AND NOT EXISTS (SELECT 1 FROM "issued_identifiers" i WHERE i."code" = f."isrc" AND i."release_id" = r."id")
GROUP BY r."id", f."isrc";
