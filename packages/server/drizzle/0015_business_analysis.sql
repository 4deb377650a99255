CREATE TABLE "business_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"analysis" text NOT NULL,
	"kpi_count" integer NOT NULL,
	"survey_count" integer NOT NULL,
	"analyst" text NOT NULL,
	"created_by" integer,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_analyses_analyst_check" CHECK ("business_analyses"."analyst" in ('builtin', 'llm'))
);
--> statement-breakpoint
CREATE TABLE "business_analysis_claims" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_analyses" ADD CONSTRAINT "business_analyses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_analyses" ADD CONSTRAINT "business_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_analysis_claims" ADD CONSTRAINT "business_analysis_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_analyses_organization_idx" ON "business_analyses" USING btree ("organization_id","generated_at","id");