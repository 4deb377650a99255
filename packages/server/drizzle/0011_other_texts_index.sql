-- Issue 13: the results group and count the 'anders, namelijk' texts of a question in SQL. This
-- partial index holds only those rows (item '_other'), text included, so the grouping is an
-- index-only scan instead of a walk over all of a survey's answers. The texts are at most 500
-- characters (OTHER_TEXT_MAX_LENGTH), well inside a btree entry's limit.
CREATE INDEX "survey_answers_other_texts_idx" ON "survey_answers" USING btree ("survey_id","question_id","submitted_at","text_value") WHERE "survey_answers"."item_id" = '_other';