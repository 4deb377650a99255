-- Issue 26, translation gaps (R-SURV-27): a survey template carries the extra languages and their
-- translations of the survey it was saved from, and a survey made from it starts with them.
-- Defaults keep every template as it was: no extra languages, no translations.
ALTER TABLE "survey_templates" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;