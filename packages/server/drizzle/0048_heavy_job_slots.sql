CREATE TABLE "heavy_job_slots" (
	"organization_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "heavy_job_slots_organization_id_slot_pk" PRIMARY KEY("organization_id","slot")
);
--> statement-breakpoint
ALTER TABLE "heavy_job_slots" ADD CONSTRAINT "heavy_job_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;