-- Issue 27, alerts on new responses (R-ALERT-1..R-ALERT-8): a member's choice per survey, a survey's condition
-- alerts and its Slack or Teams channel (address encrypted), the submitted responses whose alerts are still to be
-- made (written by the submission's own statement), and the channel's delivery queue. surveys.alerts tells the
-- answering routes whether a survey has alerts at all; it defaults to false, so every survey stays as it was.
CREATE TABLE "alert_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"reference" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_webhook_deliveries_state_check" CHECK ("alert_webhook_deliveries"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "response_alert_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"response_id" bigint NOT NULL,
	"survey_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_alert_members" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"conditions" boolean DEFAULT false NOT NULL,
	"last_digest_day" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_alert_members_pk" PRIMARY KEY("survey_id","user_id"),
	CONSTRAINT "survey_alert_members_mode_check" CHECK ("survey_alert_members"."mode" in ('each', 'digest', 'none'))
);
--> statement-breakpoint
CREATE TABLE "survey_alerts" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_secret" text,
	"webhook_host" text,
	"webhook_kind" text,
	"webhook_send" text DEFAULT 'each' NOT NULL,
	"webhook_last_delivery_at" timestamp with time zone,
	"webhook_last_error" text,
	"webhook_last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_webhook_deliveries" ADD CONSTRAINT "alert_webhook_deliveries_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_alert_jobs" ADD CONSTRAINT "response_alert_jobs_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alert_members" ADD CONSTRAINT "survey_alert_members_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alert_members" ADD CONSTRAINT "survey_alert_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alert_members" ADD CONSTRAINT "survey_alert_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_webhook_deliveries_reference_key" ON "alert_webhook_deliveries" USING btree ("survey_id","reference");--> statement-breakpoint
CREATE INDEX "alert_webhook_deliveries_due_idx" ON "alert_webhook_deliveries" USING btree ("not_before","id") WHERE "alert_webhook_deliveries"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "alert_webhook_deliveries_lease_idx" ON "alert_webhook_deliveries" USING btree ("lease_until") WHERE "alert_webhook_deliveries"."state" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "response_alert_jobs_response_key" ON "response_alert_jobs" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "survey_alert_members_digest_idx" ON "survey_alert_members" USING btree ("last_digest_day") WHERE "survey_alert_members"."mode" = 'digest';