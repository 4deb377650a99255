-- Issue 27, pulse rounds (R-ROUND-1 to R-ROUND-8): a survey's round schedule (every N weeks or months
-- to a segment or all contacts), its rounds (at most one scheduled per survey; claimed with
-- FOR UPDATE SKIP LOCKED so each goes once), and the round on invitations and personal-link responses.
-- The invitation's unique index now holds per survey, contact and round (round 0: a send of its own),
-- so every existing invitation keeps its place. Defaults keep every survey as it was: no rounds.
CREATE TABLE "survey_round_schedules" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"interval_unit" text NOT NULL,
	"interval_count" smallint NOT NULL,
	"segment_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_round_schedules_unit_check" CHECK ("survey_round_schedules"."interval_unit" in ('week', 'month')),
	CONSTRAINT "survey_round_schedules_count_check" CHECK ("survey_round_schedules"."interval_count" between 1 and 12),
	CONSTRAINT "survey_round_schedules_state_check" CHECK ("survey_round_schedules"."state" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "survey_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_rounds_state_check" CHECK ("survey_rounds"."state" in ('scheduled', 'sent', 'skipped', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "survey_invitations_survey_contact_unique";--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "survey_round_schedules" ADD CONSTRAINT "survey_round_schedules_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_round_schedules" ADD CONSTRAINT "survey_round_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rounds" ADD CONSTRAINT "survey_rounds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rounds" ADD CONSTRAINT "survey_rounds_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_rounds_survey_number_unique" ON "survey_rounds" USING btree ("survey_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_rounds_one_scheduled" ON "survey_rounds" USING btree ("survey_id") WHERE "survey_rounds"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "survey_rounds_due_idx" ON "survey_rounds" USING btree ("due_at") WHERE "survey_rounds"."state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_round_id_survey_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."survey_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_responses_round_idx" ON "survey_responses" USING btree ("round_id") WHERE "survey_responses"."round_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_survey_contact_unique" ON "survey_invitations" USING btree ("survey_id","contact_id",coalesce("round_id", 0)) WHERE "survey_invitations"."cancelled_at" is null;