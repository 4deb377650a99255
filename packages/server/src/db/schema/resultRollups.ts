import { date, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { surveys } from './surveys';

// ───────────────────────── Result rollups (issue 29) ─────────────────────────

/**
 * A survey's submitted answers counted per Europe/Amsterdam day of submission, question, item and
 * value (R-RES-11): what the results' `GROUP BY question_id, item_id, num_value` over the answers
 * gives, kept per day so a period still adds up from whole days. It covers the answers submitted
 * before the survey's mark (`survey_result_marks`); those submitted since are counted live. Made
 * and moved on by a background job (results/resultRollups.ts), never by the answering statement;
 * lowered by the trigger that deletes an erased response's answers. `num_value` is null for the
 * rows without a value (answered marks, texts, 'anders'): the key treats nulls as equal.
 */
export const surveyResultRollups = pgTable(
  'survey_result_rollups',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    questionId: text('question_id').notNull(),
    itemId: text('item_id').notNull(),
    numValue: smallint('num_value'),
    count: integer('count').notNull(),
  },
  (t) => [
    unique('survey_result_rollups_key')
      .on(t.surveyId, t.day, t.questionId, t.itemId, t.numValue)
      .nullsNotDistinct(),
  ],
);

/** How far a survey's rollup reaches: every answer submitted before `covered_until` is in it. */
export const surveyResultMarks = pgTable('survey_result_marks', {
  surveyId: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  coveredUntil: timestamptz('covered_until').notNull(),
});

/**
 * A survey's submitted responses per Europe/Amsterdam day of submission, and how many of them came
 * through a personal link: the results' counts, rates and series, kept like `survey_result_rollups`
 * (same mark, same job, same trigger).
 */
export const surveyResultDays = pgTable(
  'survey_result_days',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    completed: integer('completed').notNull(),
    completedPersonal: integer('completed_personal').notNull(),
  },
  (t) => [primaryKey({ name: 'survey_result_days_pk', columns: [t.surveyId, t.day] })],
);
