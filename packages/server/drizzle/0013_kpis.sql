-- Issue 14: KPIs (kpis, kpi_values, kpi_boards) and the survey counts per week and month that
-- survey-sourced KPIs read (survey_answer_counts, survey_response_counts), so a board never counts
-- answers. The answering statement adds to the counts as it submits (responses.ts); this migration
-- fills them from the answers already there and makes the trigger that deletes an erased
-- response's answers lower them too.
CREATE TABLE "kpi_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"kpi_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_values" (
	"kpi_id" integer NOT NULL,
	"period" text NOT NULL,
	"value" numeric(20, 4) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_values_pk" PRIMARY KEY("kpi_id","period"),
	CONSTRAINT "kpi_values_origin_check" CHECK ("kpi_values"."origin" in ('manual', 'import'))
);
--> statement-breakpoint
CREATE TABLE "kpis" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"direction" text NOT NULL,
	"period_kind" text NOT NULL,
	"target" numeric(20, 4),
	"warning" numeric(20, 4),
	"period_targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" integer,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_metric" text,
	"survey_id" integer,
	"question_id" text,
	"statement_id" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpis_unit_check" CHECK ("kpis"."unit" in ('number', 'percentage', 'euro', 'duration')),
	CONSTRAINT "kpis_direction_check" CHECK ("kpis"."direction" in ('higher', 'lower')),
	CONSTRAINT "kpis_period_kind_check" CHECK ("kpis"."period_kind" in ('week', 'month', 'quarter', 'year')),
	CONSTRAINT "kpis_source_type_check" CHECK ("kpis"."source_type" in ('manual', 'survey', 'finance'))
);
--> statement-breakpoint
CREATE TABLE "survey_answer_counts" (
	"survey_id" integer NOT NULL,
	"question_id" text NOT NULL,
	"item_id" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" date NOT NULL,
	"c0" integer DEFAULT 0 NOT NULL,
	"c1" integer DEFAULT 0 NOT NULL,
	"c2" integer DEFAULT 0 NOT NULL,
	"c3" integer DEFAULT 0 NOT NULL,
	"c4" integer DEFAULT 0 NOT NULL,
	"c5" integer DEFAULT 0 NOT NULL,
	"c6" integer DEFAULT 0 NOT NULL,
	"c7" integer DEFAULT 0 NOT NULL,
	"c8" integer DEFAULT 0 NOT NULL,
	"c9" integer DEFAULT 0 NOT NULL,
	"c10" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_answer_counts_pk" PRIMARY KEY("survey_id","question_id","item_id","grain","bucket"),
	CONSTRAINT "survey_answer_counts_grain_check" CHECK ("survey_answer_counts"."grain" in ('week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "survey_response_counts" (
	"survey_id" integer NOT NULL,
	"grain" text NOT NULL,
	"bucket" date NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_personal" integer DEFAULT 0 NOT NULL,
	"personal_links" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_response_counts_pk" PRIMARY KEY("survey_id","grain","bucket"),
	CONSTRAINT "survey_response_counts_grain_check" CHECK ("survey_response_counts"."grain" in ('week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "kpi_boards" ADD CONSTRAINT "kpi_boards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_boards" ADD CONSTRAINT "kpi_boards_membership_fk" FOREIGN KEY ("user_id","organization_id") REFERENCES "public"."memberships"("user_id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_values" ADD CONSTRAINT "kpi_values_kpi_id_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."kpis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_values" ADD CONSTRAINT "kpi_values_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer_counts" ADD CONSTRAINT "survey_answer_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response_counts" ADD CONSTRAINT "survey_response_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_boards_member_unique" ON "kpi_boards" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_boards_default_unique" ON "kpi_boards" USING btree ("organization_id") WHERE "kpi_boards"."user_id" is null;--> statement-breakpoint
CREATE INDEX "kpis_organization_idx" ON "kpis" USING btree ("organization_id","id");--> statement-breakpoint
-- The counts of what is already there (the same statement as rebuildSurveyCounts in surveyCounts.ts).
INSERT INTO "survey_answer_counts" ("survey_id", "question_id", "item_id", "grain", "bucket",
  "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10")
SELECT a."survey_id", a."question_id", a."item_id", g.grain, g.bucket,
  count(*) FILTER (WHERE a."num_value" = 0), count(*) FILTER (WHERE a."num_value" = 1),
  count(*) FILTER (WHERE a."num_value" = 2), count(*) FILTER (WHERE a."num_value" = 3),
  count(*) FILTER (WHERE a."num_value" = 4), count(*) FILTER (WHERE a."num_value" = 5),
  count(*) FILTER (WHERE a."num_value" = 6), count(*) FILTER (WHERE a."num_value" = 7),
  count(*) FILTER (WHERE a."num_value" = 8), count(*) FILTER (WHERE a."num_value" = 9),
  count(*) FILTER (WHERE a."num_value" = 10)
FROM "survey_answers" a
CROSS JOIN LATERAL (VALUES
  ('week', date_trunc('week', a."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date),
  ('month', date_trunc('month', a."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date)) AS g(grain, bucket)
WHERE a."submitted_at" IS NOT NULL AND a."num_value" BETWEEN 0 AND 10
  AND EXISTS (SELECT 1 FROM "surveys" s WHERE s."id" = a."survey_id")
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "survey_response_counts" ("survey_id", "grain", "bucket", "completed", "completed_personal", "personal_links")
SELECT r."survey_id", g.grain, g.bucket, sum(g.completed), sum(g.completed_personal), sum(g.personal_links)
FROM "survey_responses" r
CROSS JOIN LATERAL (VALUES
  ('week', date_trunc('week', r."completed_at" AT TIME ZONE 'Europe/Amsterdam')::date, 1, (r."kind" = 'personal')::int, 0),
  ('month', date_trunc('month', r."completed_at" AT TIME ZONE 'Europe/Amsterdam')::date, 1, (r."kind" = 'personal')::int, 0),
  ('week', date_trunc('week', r."created_at" AT TIME ZONE 'Europe/Amsterdam')::date, 0, 0, (r."kind" = 'personal')::int),
  ('month', date_trunc('month', r."created_at" AT TIME ZONE 'Europe/Amsterdam')::date, 0, 0, (r."kind" = 'personal')::int)
) AS g(grain, bucket, completed, completed_personal, personal_links)
WHERE g.bucket IS NOT NULL AND (g.personal_links = 1 OR (g.completed = 1 AND r."status" = 'completed'))
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Erasing a response (or deleting a survey or organisation) deletes its answers, as before, and now
-- lowers the counts of what was submitted. Only rows that exist are lowered: when a whole survey
-- goes, its counts have gone with it by their foreign key.
CREATE OR REPLACE FUNCTION "survey_responses_delete_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH removed AS (
    DELETE FROM "survey_answers" a USING gone WHERE a."response_id" = gone."id"
    RETURNING a."survey_id", a."question_id", a."item_id", a."num_value", a."submitted_at"
  ), lowered AS (
    SELECT x."survey_id", x."question_id", x."item_id", g.grain, g.bucket,
      count(*) FILTER (WHERE x."num_value" = 0) AS c0, count(*) FILTER (WHERE x."num_value" = 1) AS c1,
      count(*) FILTER (WHERE x."num_value" = 2) AS c2, count(*) FILTER (WHERE x."num_value" = 3) AS c3,
      count(*) FILTER (WHERE x."num_value" = 4) AS c4, count(*) FILTER (WHERE x."num_value" = 5) AS c5,
      count(*) FILTER (WHERE x."num_value" = 6) AS c6, count(*) FILTER (WHERE x."num_value" = 7) AS c7,
      count(*) FILTER (WHERE x."num_value" = 8) AS c8, count(*) FILTER (WHERE x."num_value" = 9) AS c9,
      count(*) FILTER (WHERE x."num_value" = 10) AS c10
    FROM removed x
    CROSS JOIN LATERAL (VALUES
      ('week', date_trunc('week', x."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date),
      ('month', date_trunc('month', x."submitted_at" AT TIME ZONE 'Europe/Amsterdam')::date)) AS g(grain, bucket)
    WHERE x."submitted_at" IS NOT NULL AND x."num_value" BETWEEN 0 AND 10
    GROUP BY 1, 2, 3, 4, 5
  )
  UPDATE "survey_answer_counts" c SET
    "c0" = c."c0" - l.c0, "c1" = c."c1" - l.c1, "c2" = c."c2" - l.c2, "c3" = c."c3" - l.c3,
    "c4" = c."c4" - l.c4, "c5" = c."c5" - l.c5, "c6" = c."c6" - l.c6, "c7" = c."c7" - l.c7,
    "c8" = c."c8" - l.c8, "c9" = c."c9" - l.c9, "c10" = c."c10" - l.c10
  FROM lowered l
  WHERE c."survey_id" = l."survey_id" AND c."question_id" = l."question_id" AND c."item_id" = l."item_id"
    AND c."grain" = l.grain AND c."bucket" = l.bucket;
  UPDATE "survey_response_counts" c SET
    "completed" = c."completed" - l.completed,
    "completed_personal" = c."completed_personal" - l.completed_personal,
    "personal_links" = c."personal_links" - l.personal_links
  FROM (
    SELECT gone."survey_id", g.grain, g.bucket, sum(g.completed) AS completed,
      sum(g.completed_personal) AS completed_personal, sum(g.personal_links) AS personal_links
    FROM gone
    CROSS JOIN LATERAL (VALUES
      ('week', date_trunc('week', gone."completed_at" AT TIME ZONE 'Europe/Amsterdam')::date, 1, (gone."kind" = 'personal')::int, 0),
      ('month', date_trunc('month', gone."completed_at" AT TIME ZONE 'Europe/Amsterdam')::date, 1, (gone."kind" = 'personal')::int, 0),
      ('week', date_trunc('week', gone."created_at" AT TIME ZONE 'Europe/Amsterdam')::date, 0, 0, (gone."kind" = 'personal')::int),
      ('month', date_trunc('month', gone."created_at" AT TIME ZONE 'Europe/Amsterdam')::date, 0, 0, (gone."kind" = 'personal')::int)
    ) AS g(grain, bucket, completed, completed_personal, personal_links)
    WHERE g.bucket IS NOT NULL AND (g.personal_links = 1 OR (g.completed = 1 AND gone."status" = 'completed'))
    GROUP BY 1, 2, 3
  ) l
  WHERE c."survey_id" = l."survey_id" AND c."grain" = l.grain AND c."bucket" = l.bucket;
  RETURN NULL;
END
$$;
