import type { Question, ValueCounts } from '@loop/core';
import { QUESTION_ITEM_ID } from '@loop/core/surveys/model';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { matching } from './resultsFilterSql';
import type { DayFilter } from './resultsRange';
import { queryRows, withinDays } from './resultsSql';

/**
 * The answers of number questions per distinct number (R-SURV-24): stored as text (a smallint
 * holds neither 40000 nor 2.5), counted per text, so core's `numberSummary` computes the median,
 * quartiles and histogram from exact counts.
 */

export const NO_NUMBERS: ReadonlyMap<string, ValueCounts> = new Map();

/** The number questions among `questions`, whose answers `numberValues` counts. */
export const numberTargets = (questions: readonly Question[]): string[] =>
  questions.filter((question) => question.type === 'number').map((question) => question.id);

/** Per number question: how many submitted answers within the days gave each number. */
export async function numberValues(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  questionIds: readonly string[],
): Promise<ReadonlyMap<string, ValueCounts>> {
  if (questionIds.length === 0) return NO_NUMBERS;
  const rows = await queryRows<{ question_id: string; value: string; count: number }>(
    db,
    sql`select question_id, text_value as value, count(*)::int as count
      from survey_answers
      where survey_id = ${surveyId} and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}
        and question_id in (${sql.join(
          questionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and item_id = ${QUESTION_ITEM_ID} and text_value is not null
      group by question_id, text_value`,
  );
  const found = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const counts = found.get(row.question_id) ?? {};
    counts[row.value] = (counts[row.value] ?? 0) + row.count;
    found.set(row.question_id, counts);
  }
  return found;
}

/** The date questions among `questions`, whose answers `monthValues` counts per month. */
export const dateTargets = (questions: readonly Question[]): string[] =>
  questions.filter((question) => question.type === 'date').map((question) => question.id);

/** Per date question: how many submitted answers within the days fell in each month ('2026-03'). */
export async function monthValues(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  questionIds: readonly string[],
): Promise<ReadonlyMap<string, ValueCounts>> {
  if (questionIds.length === 0) return NO_NUMBERS;
  const rows = await queryRows<{ question_id: string; value: string; count: number }>(
    db,
    sql`select question_id, left(text_value, 7) as value, count(*)::int as count
      from survey_answers
      where survey_id = ${surveyId} and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}
        and question_id in (${sql.join(
          questionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and item_id = ${QUESTION_ITEM_ID} and text_value is not null
      group by question_id, left(text_value, 7)`,
  );
  const found = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const counts = found.get(row.question_id) ?? {};
    counts[row.value] = (counts[row.value] ?? 0) + row.count;
    found.set(row.question_id, counts);
  }
  return found;
}
