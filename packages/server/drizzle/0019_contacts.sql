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
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_organization_idx" ON "contact_imports" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "contact_imports_running_idx" ON "contact_imports" USING btree ("state") WHERE "contact_imports"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "contact_segments_organization_name_unique" ON "contact_segments" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_organization_email_unique" ON "contacts" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_organization_name_idx" ON "contacts" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_organization_company_idx" ON "contacts" USING btree ("organization_id",lower("company"),"id");--> statement-breakpoint
CREATE INDEX "contacts_organization_city_idx" ON "contacts" USING btree ("organization_id",lower("city"),"id");--> statement-breakpoint
CREATE INDEX "contacts_organization_created_idx" ON "contacts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_organization_updated_idx" ON "contacts" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
-- Contacts are built (list, search, segments, CSV import and export), so the plan text of 'core' may
-- name them; invitations to contacts are not built yet and stay unnamed (planTexts.test.ts).
UPDATE "features"
SET "description" = '<p>Alles om <strong>feedback te verzamelen en te bekijken</strong>, met elk abonnement.</p><ul><li>Surveys maken, leeg of vanuit een sjabloon, met Likert-, keuze-, NPS- en beoordelingsvragen en open vragen</li><li>Een tijdsinschatting per survey, bijgesteld met de tijd die respondenten er echt over doen</li><li>Delen via een publieke link of persoonlijke links; respondenten antwoorden zonder account</li><li>Resultaten per vraag met grafieken, ook per periode</li><li>Antwoorden exporteren als CSV, per respondent bekijken en wissen, met een bewaartermijn per survey</li><li>Contacten: je adressenlijst, te zoeken en te filteren op tags en kenmerken, met opgeslagen selecties (segmenten), importeren en exporteren als CSV, en een contact in één keer helemaal wissen</li><li>Een KPI-bord op je dashboard: je KPI''s met doel, status en verloop, zelf bijgehouden of berekend uit je surveys (zoals de NPS)</li><li>Samenwerken met collega''s, elk met een eigen rol</li></ul>'
WHERE "key" = 'core';
