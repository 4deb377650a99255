ALTER TABLE "contact_imports" ADD COLUMN "file_duplicates" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "duplicate_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_file_duplicates_check" CHECK ("contact_imports"."file_duplicates" in ('first', 'last'));--> statement-breakpoint
CREATE TABLE "geocoder_outage" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"retry_at" timestamp with time zone NOT NULL,
	CONSTRAINT "geocoder_outage_single_check" CHECK ("geocoder_outage"."id" = 1)
);
