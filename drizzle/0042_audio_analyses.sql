CREATE TABLE "audio_analyses" (
	"sha256" text PRIMARY KEY NOT NULL,
	"levels" jsonb,
	"failure" text,
	"fingerprint" integer[],
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fingerprint_keys" (
	"key" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "fingerprint_keys_key_sha256_pk" PRIMARY KEY("key","sha256")
);
--> statement-breakpoint
ALTER TABLE "fingerprint_keys" ADD CONSTRAINT "fingerprint_keys_sha256_audio_analyses_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."audio_analyses"("sha256") ON DELETE cascade ON UPDATE no action;