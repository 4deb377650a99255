ALTER TABLE "survey_answer_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_response_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_answer_counts" DROP CONSTRAINT "survey_answer_counts_pk";
--> statement-breakpoint
ALTER TABLE "survey_answer_counts" ADD CONSTRAINT "survey_answer_counts_pk" PRIMARY KEY("survey_id","question_id","item_id","grain","bucket","shard");--> statement-breakpoint
ALTER TABLE "survey_response_counts" DROP CONSTRAINT "survey_response_counts_pk";
--> statement-breakpoint
ALTER TABLE "survey_response_counts" ADD CONSTRAINT "survey_response_counts_pk" PRIMARY KEY("survey_id","grain","bucket","shard");--> statement-breakpoint
-- The counts are kept in shards (R-RESP-16): a key's count is the sum of its rows. Erasing a response
-- lowers one existing row of each key it counted in (the lowest shard), which may go below zero
-- while the key's sum stays right. As before, only rows that exist are lowered: when a whole survey
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
    AND c."grain" = l.grain AND c."bucket" = l.bucket
    AND c."shard" = (SELECT min(m."shard") FROM "survey_answer_counts" m
      WHERE m."survey_id" = l."survey_id" AND m."question_id" = l."question_id" AND m."item_id" = l."item_id"
        AND m."grain" = l.grain AND m."bucket" = l.bucket);
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
  WHERE c."survey_id" = l."survey_id" AND c."grain" = l.grain AND c."bucket" = l.bucket
    AND c."shard" = (SELECT min(m."shard") FROM "survey_response_counts" m
      WHERE m."survey_id" = l."survey_id" AND m."grain" = l.grain AND m."bucket" = l.bucket);
  RETURN NULL;
END
$$;
