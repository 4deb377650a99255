-- Issue 26, surveys in several languages (R-SURV-16): the extra languages a survey may be answered in
-- and its translations by stable text key. Defaults keep every survey as it was: Dutch only.
ALTER TABLE "surveys" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;