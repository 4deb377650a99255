import type { QuestionTiming } from '@loop/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { surveyQuestionTimes, surveyResponses } from '../db/schema';

/**
 * The median seconds respondents who submitted took per question, computed in the database. Only
 * submitted responses count: a respondent halfway has only part of their time.
 */
export async function questionTimings(
  db: Queryable,
  surveyId: number,
): Promise<Record<string, QuestionTiming>> {
  const rows = await db
    .select({
      questionId: surveyQuestionTimes.questionId,
      median:
        sql<number>`percentile_cont(0.5) within group (order by ${surveyQuestionTimes.seconds})`.mapWith(
          Number,
        ),
      respondents: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(surveyQuestionTimes)
    .innerJoin(
      surveyResponses,
      and(eq(surveyResponses.id, surveyQuestionTimes.responseId), eq(surveyResponses.status, 'completed')),
    )
    .where(eq(surveyQuestionTimes.surveyId, surveyId))
    .groupBy(surveyQuestionTimes.questionId);
  return Object.fromEntries(
    rows.map((row) => [row.questionId, { median_seconds: row.median, respondents: row.respondents }]),
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
