-- Issue 16: contacts. Their search runs LIKE '%word%' on a trigram index (pg_trgm: trusted since
-- PostgreSQL 13, so a database owner may create it; PGlite loads it as a contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"state" text NOT NULL,
	"on_duplicate" text NOT NULL,
	"row_count" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_imports_state_check" CHECK ("contact_imports"."state" in ('running', 'done', 'failed')),
	CONSTRAINT "contact_imports_duplicate_check" CHECK ("contact_imports"."on_duplicate" in ('update', 'skip'))
);
--> statement-breakpoint
CREATE TABLE "contact_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_stats" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"contact_count" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"street" text,
	"house_number" text,
	"postcode" text,
	"city" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"position_source" text,
	"unsubscribed_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"name_key" text NOT NULL,
	"email_key" text NOT NULL,
	"company_key" text NOT NULL,
	"city_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_language_check" CHECK ("contacts"."language" in ('nl', 'en', 'de', 'fr')),
	CONSTRAINT "contacts_position_check" CHECK (("contacts"."latitude" is null and "contacts"."longitude" is null and "contacts"."position_source" is null) or
          ("contacts"."latitude" between -90 and 90 and "contacts"."longitude" between -180 and 180 and
           "contacts"."position_source" in ('geocoder', 'manual')))
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_segments" ADD CONSTRAINT "contact_segments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_stats" ADD CONSTRAINT "contact_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_organization_idx" ON "contact_imports" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "contact_imports_running_idx" ON "contact_imports" USING btree ("state") WHERE "contact_imports"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "contact_segments_organization_name_unique" ON "contact_segments" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_organization_email_unique" ON "contacts" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_organization_name_idx" ON "contacts" USING btree ("organization_id","name_key","id","search_text");--> statement-breakpoint
CREATE INDEX "contacts_organization_email_idx" ON "contacts" USING btree ("organization_id","email_key","id");--> statement-breakpoint
CREATE INDEX "contacts_organization_company_idx" ON "contacts" USING btree ("organization_id","company_key","id");--> statement-breakpoint
CREATE INDEX "contacts_organization_city_idx" ON "contacts" USING btree ("organization_id","city_key","id");--> statement-breakpoint
CREATE INDEX "contacts_organization_created_idx" ON "contacts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_organization_updated_idx" ON "contacts" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");
--> statement-breakpoint
-- contact_stats follows every statement on contacts: inserted and deleted rows change the count,
-- and every change raises the version (the list's cache of filter counts keys on it).
CREATE OR REPLACE FUNCTION "contacts_stats_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_stats" AS s ("organization_id", "contact_count", "version")
  SELECT "organization_id", count(*), 1 FROM added GROUP BY 1 ORDER BY 1
  ON CONFLICT ("organization_id") DO UPDATE
    SET "contact_count" = s."contact_count" + excluded."contact_count", "version" = s."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_stats_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_stats" s SET "contact_count" = s."contact_count" - g."removed", "version" = s."version" + 1
  FROM (SELECT "organization_id", count(*) AS "removed" FROM removed GROUP BY 1) g
  WHERE s."organization_id" = g."organization_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_stats_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_stats" s SET "version" = s."version" + 1
  FROM (SELECT DISTINCT "organization_id" FROM changed) g
  WHERE s."organization_id" = g."organization_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_stats_insert" AFTER INSERT ON "contacts"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "contacts_stats_insert"();--> statement-breakpoint
CREATE TRIGGER "contacts_stats_delete" AFTER DELETE ON "contacts"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "contacts_stats_delete"();--> statement-breakpoint
CREATE TRIGGER "contacts_stats_update" AFTER UPDATE ON "contacts"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "contacts_stats_update"();
--> statement-breakpoint
-- Contacts are built (list, search, segments, CSV import and export), so the plan text of 'core' may
-- name them; invitations to contacts are not built yet and stay unnamed (planTexts.test.ts).
UPDATE "features"
SET "description" = '<p>Alles om <strong>feedback te verzamelen en te bekijken</strong>, met elk abonnement.</p><ul><li>Surveys maken, leeg of vanuit een sjabloon, met Likert-, keuze-, NPS- en beoordelingsvragen en open vragen</li><li>Een tijdsinschatting per survey, bijgesteld met de tijd die respondenten er echt over doen</li><li>Delen via een publieke link of persoonlijke links; respondenten antwoorden zonder account</li><li>Resultaten per vraag met grafieken, ook per periode</li><li>Antwoorden exporteren als CSV, per respondent bekijken en wissen, met een bewaartermijn per survey</li><li>Contacten: je adressenlijst, te zoeken en te filteren op tags en kenmerken, met opgeslagen selecties (segmenten), importeren en exporteren als CSV, en een contact in één keer helemaal wissen</li><li>Een KPI-bord op je dashboard: je KPI''s met doel, status en verloop, zelf bijgehouden of berekend uit je surveys (zoals de NPS)</li><li>Samenwerken met collega''s, elk met een eigen rol</li></ul>'
WHERE "key" = 'core';
