-- Issue 26, surveys that adapt: a survey (and a template) keeps its logic beside its questions; a
-- response keeps the hidden fields its link carried, its language, the questions its path did not
-- show and the end screen it ended on. Every column has a default, so existing rows stay valid and
-- a survey without logic writes nothing more per response.
ALTER TABLE "survey_responses" ADD COLUMN "hidden_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "unseen_question_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "end_screen_id" text;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD COLUMN "logic" jsonb DEFAULT '{"rules":[],"end_screens":[],"hidden_fields":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "logic" jsonb DEFAULT '{"rules":[],"end_screens":[],"hidden_fields":[]}'::jsonb NOT NULL;