import { logDateOf } from '@loop/core/logs';
import { logicHidesQuestions } from '@loop/core/surveys/results';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { matching } from './resultsFilterSql';
import { type DayFilter, type Period, periodOf } from './resultsRange';
import { amsterdamDay, queryRows, withinDays } from './resultsSql';

/** Who saw a question, and the period of a survey's results (its first and last submission). */

/**
 * For one question's page: the submitted responses within the days and how many of them saw the
 * question, in one count over the survey's submitted responses (an index-only count for a survey
 * without rules, where all of them saw it).
 */
export async function respondentsWhoSaw(
  db: Queryable,
  survey: SurveyRow,
  questionId: string,
  filter: DayFilter,
): Promise<{ readonly respondents: number; readonly seen: number }> {
  const hides = logicHidesQuestions(survey.logic);
  const [row] = await queryRows<{ respondents: number; unseen: number }>(
    db,
    sql`select count(*)::int as respondents,
        ${hides ? sql`count(*) filter (where ${questionId} = any(unseen_question_ids))::int` : sql`0`} as unseen
      from survey_responses
      where survey_id = ${survey.id} and status = 'completed' and ${withinDays(sql`completed_at`, filter)}${matching(sql`id`, filter)}`,
  );
  const respondents = row?.respondents ?? 0;
  return { respondents, seen: respondents - (row?.unseen ?? 0) };
}

/** The days of a survey's first and last submission (two index lookups). */
export async function submissionDays(
  db: Queryable,
  surveyId: number,
): Promise<{ readonly first: string | null; readonly last: string | null }> {
  const [row] = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select ${amsterdamDay(sql`min(completed_at)`)} as first, ${amsterdamDay(sql`max(completed_at)`)} as last
      from survey_responses where survey_id = ${surveyId} and status = 'completed'`,
  );
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/** The period of a survey's series: the filter, else its first to last submission, else opened..today. */
export function surveyPeriod(
  survey: SurveyRow,
  filter: DayFilter,
  days: { readonly first: string | null; readonly last: string | null },
  now: Date,
): Period {
  return periodOf(filter, days, {
    opened: logDateOf(survey.publishedAt ?? survey.createdAt),
    today: logDateOf(now),
  });
}
