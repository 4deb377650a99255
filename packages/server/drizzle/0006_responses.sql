CREATE TABLE "survey_answers" (
	"response_id" bigint NOT NULL,
	"survey_id" integer NOT NULL,
	"question_id" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"num_value" smallint,
	"text_value" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "survey_answers_response_id_question_id_item_id_pk" PRIMARY KEY("response_id","question_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "survey_question_times" (
	"response_id" bigint NOT NULL,
	"survey_id" integer NOT NULL,
	"question_id" text NOT NULL,
	"seconds" integer NOT NULL,
	CONSTRAINT "survey_question_times_response_id_question_id_pk" PRIMARY KEY("response_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"respondent_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"saved_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "survey_responses_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "survey_responses_kind_check" CHECK ("survey_responses"."kind" in ('public', 'personal')),
	CONSTRAINT "survey_responses_status_check" CHECK ("survey_responses"."status" in ('pending', 'in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "public_token" text;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_question_times" ADD CONSTRAINT "survey_question_times_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_aggregate_idx" ON "survey_answers" USING btree ("survey_id","submitted_at","question_id","item_id","num_value");--> statement-breakpoint
CREATE INDEX "survey_question_times_survey_idx" ON "survey_question_times" USING btree ("survey_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_respondent_key_unique" ON "survey_responses" USING btree ("survey_id","respondent_key");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_status_idx" ON "survey_responses" USING btree ("survey_id","status","completed_at");--> statement-breakpoint
CREATE INDEX "survey_responses_organization_completed_idx" ON "survey_responses" USING btree ("organization_id","completed_at");--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_public_token_unique" UNIQUE("public_token");