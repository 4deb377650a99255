import type { QuestionTiming } from '@loop/core';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';

/**
 * The median seconds respondents who submitted took per question, computed in the database from
 * each response's `question_seconds`. Only submitted responses count: a respondent halfway has only
 * part of their time.
 */
export async function questionTimings(
  db: Queryable,
  surveyId: number,
): Promise<Record<string, QuestionTiming>> {
  const medians = db
    .$with('medians', {
      questionId: sql<string>`question_id`.as('question_id'),
      median: sql<number>`median`.mapWith(Number).as('median'),
      respondents: sql<number>`respondents`.mapWith(Number).as('respondents'),
    })
    .as(sql`
      select t.key as question_id,
             percentile_cont(0.5) within group (order by t.value::int) as median,
             count(*)::int as respondents
      from survey_responses r, jsonb_each_text(r.question_seconds) t
      where r.survey_id = ${surveyId} and r.status = 'completed'
      group by t.key`);
  const rows = await db.with(medians).select().from(medians);
  return Object.fromEntries(
    rows.map((row) => [
      row.questionId,
      { median_seconds: Number(row.median), respondents: Number(row.respondents) },
    ]),
  );
}

const TTL_MS = 5 * 60_000;
const CAPACITY = 1000;

/**
 * Timings per survey for the respondent's time estimate, kept for a few minutes: a median moves
 * slowly, and a page load should not scan every timing of a survey with many responses.
 */
export class QuestionTimingsCache {
  readonly #entries = new Map<
    number,
    { readonly at: number; readonly timings: Record<string, QuestionTiming> }
  >();

  constructor(private readonly clock: Clock) {}

  async get(db: Queryable, surveyId: number): Promise<Record<string, QuestionTiming>> {
    const now = this.clock.now().getTime();
    const cached = this.#entries.get(surveyId);
    if (cached !== undefined && now - cached.at < TTL_MS) return cached.timings;
    const timings = await questionTimings(db, surveyId);
    this.#entries.delete(surveyId);
    this.#entries.set(surveyId, { at: now, timings });
    if (this.#entries.size > CAPACITY) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return timings;
  }
}
