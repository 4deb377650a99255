-- Seconds per question move onto the response row, and answers lose their per-row foreign key
-- (see schema.ts): both halve what a submission writes. Existing seconds are carried over.
ALTER TABLE "survey_responses" ADD COLUMN "question_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "survey_responses" r SET "question_seconds" = t.seconds
FROM (
  SELECT "response_id", jsonb_object_agg("question_id", "seconds") AS seconds
  FROM "survey_question_times" GROUP BY "response_id"
) t
WHERE r."id" = t."response_id";--> statement-breakpoint
DROP TABLE "survey_question_times" CASCADE;--> statement-breakpoint
ALTER TABLE "survey_answers" DROP CONSTRAINT "survey_answers_response_id_survey_responses_id_fk";--> statement-breakpoint
-- What the foreign key's ON DELETE CASCADE did, once per statement instead of a check per inserted answer.
DELETE FROM "survey_answers" a WHERE NOT EXISTS (SELECT 1 FROM "survey_responses" r WHERE r."id" = a."response_id");--> statement-breakpoint
CREATE FUNCTION "survey_responses_delete_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "survey_answers" a USING gone WHERE a."response_id" = gone."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "survey_responses_delete_answers" AFTER DELETE ON "survey_responses"
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "survey_responses_delete_answers"();
