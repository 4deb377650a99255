import { type OpenAnswerSummary, ok, type Question, type Result, SUMMARY_MIN_ANSWERS } from '@loop/core';
import { QUESTION_ITEM_ID } from '@loop/core/surveys/model';
import { SUMMARY_ANSWERS_MAX } from '@loop/core/surveys/summary';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { matching } from '../results/resultsFilterSql';
import type { DayFilter } from '../results/resultsRange';
import { queryRows, withinDays } from '../results/resultsSql';
import type { Analyst } from './analyst';
import { type AnalystRefusal, analystWithin } from './analystTime';
import { organisationPersonNames } from './personNames';

export interface SummaryDeps {
  readonly db: Queryable;
  readonly clock: Clock;
  readonly analyst: Analyst;
  /** How long the analyst may take (ANALYSIS_TIMEOUT_MS). */
  readonly timeoutMs: number;
}

/**
 * The texts of an open question's submitted answers within the days, newest first, at most
 * `SUMMARY_ANSWERS_MAX`, and how many there are in all: one query. A text the survey's retention
 * period wiped (`text_value` null) or a blank one is no answer to summarise.
 */
export async function openAnswerTexts(
  db: Queryable,
  surveyId: number,
  questionId: string,
  filter: DayFilter,
): Promise<{ readonly texts: string[]; readonly total: number }> {
  const rows = await queryRows<{ text: string; total: number }>(
    db,
    sql`select text_value as text, (count(*) over ())::int as total
      from survey_answers
      where survey_id = ${surveyId} and question_id = ${questionId} and item_id = ${QUESTION_ITEM_ID}
        and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}
        and text_value is not null and btrim(text_value) <> ''
      order by submitted_at desc, response_id desc
      limit ${SUMMARY_ANSWERS_MAX}`,
  );
  return { texts: rows.map((row) => row.text), total: rows[0]?.total ?? 0 };
}

/**
 * A summary of an open question's answers within the days (POST
 * /surveys/:id/questions/:questionId/summary): too few answers is an answer of its own (`too_few`,
 * no analyst asked); otherwise the analyst's themes within the time limit, with the names of the
 * survey's organisation's people to mask (R-PRIV-7). Nothing is stored: the answers change, and
 * the built-in summary takes a tenth of a second.
 */
export async function summariseOpenQuestion(
  deps: SummaryDeps,
  survey: { readonly id: number; readonly organizationId: number },
  question: Question,
  filter: DayFilter,
): Promise<Result<OpenAnswerSummary, AnalystRefusal>> {
  const surveyId = survey.id;
  const { texts, total } = await openAnswerTexts(deps.db, surveyId, question.id, filter);
  const about = {
    survey_id: surveyId,
    question_id: question.id,
    analyst: deps.analyst.kind,
    answers_total: total,
  };
  if (total < SUMMARY_MIN_ANSWERS) {
    return ok({
      ...about,
      answers_considered: total,
      themes: [],
      other_count: total,
      too_few: true,
      generated_at: deps.clock.now().toISOString(),
    });
  }
  const names = await organisationPersonNames(deps.db, survey.organizationId);
  const summary = await analystWithin(deps.timeoutMs, (signal) =>
    deps.analyst.summarise({ question: question.title, texts, names }, signal),
  );
  if (!summary.ok) return summary;
  const { considered, themes, other } = summary.value;
  return ok({
    ...about,
    answers_considered: considered,
    themes,
    other_count: other,
    too_few: considered < SUMMARY_MIN_ANSWERS,
    generated_at: deps.clock.now().toISOString(),
  });
}
