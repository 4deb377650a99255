import type { QuestionTiming } from '@loop/core';
import { MIN_TIMING_RESPONDENTS } from '@loop/core/surveys/model';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';

/**
 * The median seconds per question are taken over a survey's newest submitted responses, at most
 * this many. A median of 100 respondents is as good an estimate of whole minutes as one of 100,000,
 * and follows the survey as it is now; the bound keeps the cost per survey flat: expanding every
 * response's seconds made the survey list 13 times slower (PostgreSQL, a page of 25 surveys with
 * 31,336 responses: 37 ms → 500 ms) and one survey of 100,000 responses cost about a second.
 */
export const TIMING_SAMPLE = 100;

/**
 * The median seconds respondents who submitted took per question, computed in the database from
 * the `question_seconds` of the newest `TIMING_SAMPLE` submitted responses. Only submitted
 * responses count: a respondent halfway has only part of their time.
 */
export async function questionTimings(
  db: Queryable,
  surveyId: number,
): Promise<Record<string, QuestionTiming>> {
  return (await questionTimingsOf(db, [surveyId])).get(surveyId) ?? {};
}

interface TimingRow {
  readonly survey_id: number;
  readonly question_id: string;
  readonly median: number;
  readonly respondents: number;
}

/**
 * `questionTimings` of several surveys in one grouped statement (a page of the survey list), so a
 * row of the list and the survey itself get their medians from the same SQL. Per survey the newest
 * submitted responses come from `survey_responses_survey_status_idx` read backwards. Surveys
 * without submitted timings are left out of the map.
 */
export async function questionTimingsOf(
  db: Queryable,
  surveyIds: readonly number[],
): Promise<Map<number, Record<string, QuestionTiming>>> {
  const found = new Map<number, Record<string, QuestionTiming>>();
  if (surveyIds.length === 0) return found;
  const ids = sql.join(
    surveyIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await queryRows<TimingRow>(
    db,
    sql`select s.id as survey_id, t.key as question_id,
        percentile_cont(0.5) within group (order by t.value::int)::float8 as median,
        count(*)::int as respondents
      from unnest(array[${ids}]) as s(id)
      cross join lateral (
        select question_seconds from survey_responses
        where survey_id = s.id and status = 'completed'
        order by completed_at desc
        limit ${TIMING_SAMPLE}) as r
      cross join lateral jsonb_each_text(r.question_seconds) as t
      group by s.id, t.key`,
  );
  for (const row of rows) {
    const surveyId = Number(row.survey_id);
    const timings = found.get(surveyId) ?? {};
    timings[row.question_id] = { median_seconds: Number(row.median), respondents: Number(row.respondents) };
    found.set(surveyId, timings);
  }
  return found;
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

/** A survey as the list knows it: its submitted responses' count and last moment. */
export interface SubmissionState {
  readonly surveyId: number;
  readonly completed: number;
  readonly lastCompletedAt: string | null;
}

const MEMO_CAPACITY = 10_000;

/**
 * The survey list's medians, kept per survey for as long as its submitted responses are the ones
 * they were computed from. The list already counts each survey's submitted responses and their last
 * moment; a new submission raises the last moment and an erased one lowers the count, so an entry
 * whose count and last moment still match is exactly what the database would compute now (no
 * time-to-live, never stale: the list and GET /surveys/:id always agree). Only surveys whose
 * responses changed are computed, together in one statement, so a list whose surveys got no new
 * responses costs no more than before the list had medians.
 */
export class QuestionTimingsMemo {
  readonly #entries = new Map<
    number,
    SubmissionState & { readonly timings: Readonly<Record<string, QuestionTiming>> }
  >();

  /** `compute` is `questionTimingsOf`; tests count its calls. */
  constructor(private readonly compute: typeof questionTimingsOf = questionTimingsOf) {}

  async get(
    db: Queryable,
    surveys: readonly SubmissionState[],
  ): Promise<Map<number, Readonly<Record<string, QuestionTiming>>>> {
    const found = new Map<number, Readonly<Record<string, QuestionTiming>>>();
    const changed: SubmissionState[] = [];
    for (const survey of surveys) {
      const entry = this.#entries.get(survey.surveyId);
      // Below the minimum no question can have enough respondents: the default estimate holds.
      if (survey.completed < MIN_TIMING_RESPONDENTS) found.set(survey.surveyId, {});
      else if (
        entry !== undefined &&
        entry.completed === survey.completed &&
        entry.lastCompletedAt === survey.lastCompletedAt
      )
        found.set(survey.surveyId, entry.timings);
      else changed.push(survey);
    }
    if (changed.length === 0) return found;
    const computed = await this.compute(
      db,
      changed.map((survey) => survey.surveyId),
    );
    for (const survey of changed) {
      const timings = computed.get(survey.surveyId) ?? {};
      found.set(survey.surveyId, timings);
      this.#entries.delete(survey.surveyId);
      this.#entries.set(survey.surveyId, { ...survey, timings });
    }
    while (this.#entries.size > MEMO_CAPACITY) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return found;
  }
}
