-- Issue 26, caps and quotas (R-SURV-21, R-SURV-22): a survey's cap on submitted responses and its quotas,
-- and the submitted responses each quota counted (written with the submission under the survey row's lock).
-- Defaults keep every survey as it was: no cap, no quotas.
CREATE TABLE "survey_quota_members" (
	"survey_id" integer NOT NULL,
	"quota_id" text NOT NULL,
	"response_id" bigint NOT NULL,
	CONSTRAINT "survey_quota_members_pk" PRIMARY KEY("survey_id","quota_id","response_id")
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "max_responses" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "quotas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_quota_members" ADD CONSTRAINT "survey_quota_members_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_quota_members" ADD CONSTRAINT "survey_quota_members_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_quota_members_response_idx" ON "survey_quota_members" USING btree ("response_id");