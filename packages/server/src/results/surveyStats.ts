import type { QuestionTiming, SurveySummary } from '@loop/core';
import { MIN_TIMING_RESPONDENTS } from '@loop/core/surveys/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveyResponses } from '../db/schema';
import { questionTimings } from '../responses/questionTimings';
import { isoTimestamp } from './resultsSql';

/** What one survey's responses add to GET /surveys/:id. */
export interface SurveyStats {
  /** Submitted responses. */
  readonly responseCount: number;
  /** Median seconds per question, for questions with at least `MIN_TIMING_RESPONDENTS` respondents. */
  readonly timings: Readonly<Record<string, QuestionTiming>>;
}

/** A survey without responses (a new draft, a copy). */
export const NO_SURVEY_STATS: SurveyStats = { responseCount: 0, timings: {} };

/**
 * The submitted responses and observed question times of a survey. The timings are the ones the
 * answering page's estimate uses (`questionTimings`), so editor, preview and respondents agree;
 * questions with fewer respondents than the estimate trusts are left out.
 */
export async function loadSurveyStats(db: Queryable, surveyId: number): Promise<SurveyStats> {
  const [counted, timings] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.status, 'completed'))),
    questionTimings(db, surveyId),
  ]);
  return {
    responseCount: counted[0]?.count ?? 0,
    timings: Object.fromEntries(
      Object.entries(timings).filter(([, timing]) => timing.respondents >= MIN_TIMING_RESPONDENTS),
    ),
  };
}

/** The response columns of a row of GET /surveys. */
export type ResponseSummary = Pick<
  SurveySummary,
  'response_count' | 'invited_count' | 'response_rate' | 'last_response_at'
>;

export const NO_RESPONSES: ResponseSummary = {
  response_count: 0,
  invited_count: 0,
  response_rate: null,
  last_response_at: null,
};

/** The response columns of a page of surveys, in one grouped query over their responses. */
export async function responseSummaries(
  db: Queryable,
  surveyIds: readonly number[],
): Promise<Map<number, ResponseSummary>> {
  if (surveyIds.length === 0) return new Map();
  const completed = sql`${surveyResponses.status} = 'completed'`;
  const personal = sql`${surveyResponses.kind} = 'personal'`;
  const rows = await db
    .select({
      surveyId: surveyResponses.surveyId,
      completed: sql<number>`count(*) filter (where ${completed})::int`,
      invited: sql<number>`count(*) filter (where ${personal})::int`,
      completedPersonal: sql<number>`count(*) filter (where ${personal} and ${completed})::int`,
      lastResponseAt: sql<
        string | null
      >`${isoTimestamp(sql`max(${surveyResponses.completedAt}) filter (where ${completed})`)}`,
    })
    .from(surveyResponses)
    .where(inArray(surveyResponses.surveyId, [...surveyIds]))
    .groupBy(surveyResponses.surveyId);
  return new Map(
    rows.map((row) => [
      row.surveyId,
      {
        response_count: row.completed,
        invited_count: row.invited,
        response_rate: row.invited > 0 ? row.completedPersonal / row.invited : null,
        last_response_at: row.lastResponseAt,
      },
    ]),
  );
}
