CREATE TABLE "survey_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"contact_id" integer,
	"response_id" bigint,
	"invitation_token_hash" text,
	"planned_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure" text,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"last_mail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitations_link_check" CHECK ("survey_invitations"."response_id" is null or "survey_invitations"."invitation_token_hash" is null)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_min_days_between" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "reminder_after_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "reminder_max" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "reminders_stopped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_survey_contact_unique" ON "survey_invitations" USING btree ("survey_id","contact_id") WHERE "survey_invitations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "survey_invitations_survey_idx" ON "survey_invitations" USING btree ("survey_id","id");--> statement-breakpoint
CREATE INDEX "survey_invitations_contact_idx" ON "survey_invitations" USING btree ("organization_id","contact_id","last_mail_at");--> statement-breakpoint
CREATE INDEX "survey_invitations_response_idx" ON "survey_invitations" USING btree ("response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_token_hash_unique" ON "survey_invitations" USING btree ("invitation_token_hash");--> statement-breakpoint
CREATE INDEX "survey_invitations_reminder_idx" ON "survey_invitations" USING btree ("last_mail_at") WHERE "survey_invitations"."cancelled_at" is null and "survey_invitations"."sent_at" is not null and "survey_invitations"."completed_at" is null;