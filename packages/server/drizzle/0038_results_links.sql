-- Issue 27, a results page to share (R-SHARE-1 to R-SHARE-8): read-only results links of a survey, each
-- with its chosen questions, period, open-answers choice and optional password (argon2id hash). Only the
-- token's SHA-256 is stored; a revoked link keeps its row with `revoked_at`. Who made a link is in the
-- audit log (survey.results_link_created), not here.
CREATE TABLE "survey_results_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"question_ids" jsonb NOT NULL,
	"period_from" date,
	"period_to" date,
	"open_answers" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "survey_results_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "survey_results_links" ADD CONSTRAINT "survey_results_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_results_links" ADD CONSTRAINT "survey_results_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_results_links_survey_idx" ON "survey_results_links" USING btree ("survey_id");