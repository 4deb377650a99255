-- 'Reactie 3': a per-survey number for each submitted response, given once and never reused, so a
-- number someone wrote down keeps meaning the same response after others are erased. Numbers are
-- given where responses are read (respondents/responseOrdinals.ts), never on the answering path;
-- `surveys.last_response_ordinal` is the last number handed out. The unique index is partial, so a
-- response that is saved or submitted (ordinal still null) writes no entry in it.
ALTER TABLE "survey_responses" ADD COLUMN "ordinal" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "last_response_ordinal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "survey_responses" AS r SET "ordinal" = n.ordinal
FROM (
  SELECT id, row_number() OVER (PARTITION BY survey_id ORDER BY completed_at, id) AS ordinal
  FROM "survey_responses" WHERE status = 'completed'
) AS n
WHERE r.id = n.id;--> statement-breakpoint
UPDATE "surveys" AS s SET "last_response_ordinal" = m.last
FROM (SELECT survey_id, max(ordinal) AS last FROM "survey_responses" WHERE ordinal IS NOT NULL GROUP BY survey_id) AS m
WHERE s.id = m.survey_id;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_ordinal_unique" ON "survey_responses" USING btree ("survey_id","ordinal") WHERE "survey_responses"."ordinal" is not null;
