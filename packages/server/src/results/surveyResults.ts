import type {
  OpenAnswer,
  PeriodCount,
  Question,
  QuestionResult,
  ResponseStats,
  SurveyResults,
  ValueCounts,
} from '@loop/core';
import {
  type AnswerableQuestion,
  isAnswerable,
  OTHER_ITEM_ID,
  QUESTION_ITEM_ID,
  renumberQuestions,
} from '@loop/core/surveys/model';
import { logicHidesQuestions } from '@loop/core/surveys/results';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { dateTargets, monthValues, NO_NUMBERS, numberTargets, numberValues } from './numberValues';
import { withDayCounts } from './resultRollups';
import { matching } from './resultsFilterSql';
import { submissionDays, surveyPeriod } from './resultsPeriod';
import { type ResponseRow, rolledResponseRows } from './rolledResponses';

export { respondentsWhoSaw, submissionDays, surveyPeriod } from './resultsPeriod';

import type { DayFilter, Period } from './resultsRange';
import { bucketOf, isoTimestamp, periodSeries, queryRows, withinDays } from './resultsSql';
import {
  latestTexts,
  NO_OTHER_TEXTS,
  type OtherTexts,
  otherTexts,
  textKey,
  textTargets,
} from './resultTexts';

/**
 * The results of one survey, aggregated in the database: the counts per question, item and value
 * from the survey's rollup and the answers submitted since (resultRollups.ts; with a filter on
 * responses, one `GROUP BY` over its answers), one pass over its responses for the counts and rates,
 * and a few small queries (newest texts, the series; for a survey with rules, who did not see which
 * question). Node only shapes the counts into the wire
 * type; core's `scoring.ts` turns them into NPS, means and bars on the client.
 */

/** One group of the aggregate: how many submitted rows have this item and value. */
export interface CountRow {
  readonly question_id: string;
  readonly item_id: string;
  readonly num_value: number | null;
  readonly count: number;
}

/**
 * The counts of a survey's submitted answers (of one question, when given) within the days: the
 * days of its rollup and the answers since, counted live (resultRollups.ts, R-RES-11).
 */
export function answerCounts(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  questionId?: string,
): Promise<CountRow[]> {
  return withDayCounts(db, surveyId, filter, questionId, (tx, rows) =>
    queryRows<CountRow>(
      tx,
      sql`select question_id, item_id, num_value::int as num_value, sum(n)::int as count
        from (${rows}) as counted group by question_id, item_id, num_value`,
    ),
  );
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * A survey's response counts and rates, and its submissions per bucket: from its submissions per
 * day (rolledResponses.ts) or, with a filter on responses, in one pass over its responses
 * (`grouping sets`: per bucket, and all together). Submitted and started count within
 * the days; personal links handed out count all (a link has no day it belongs to). Every bucket
 * of the period is present; the period covers the filter, so its buckets hold every submission
 * the stats count.
 */
export async function responsesOverTime(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  period: Period,
): Promise<{ stats: ResponseStats; overTime: PeriodCount[] }> {
  const completedIn = sql`status = 'completed' and ${withinDays(sql`completed_at`, filter)}`;
  const rows =
    filter.responses === undefined
      ? await rolledResponseRows(db, surveyId, filter, period)
      : await queryRows<ResponseRow>(
          db,
          sql`with grouped as (
        select grouping(bucket) as total, bucket,
          count(*) filter (where ${completedIn})::int as completed,
          count(*) filter (where status = 'in_progress' and ${withinDays(sql`started_at`, filter)})::int as in_progress,
          count(*) filter (where kind = 'personal')::int as invited,
          count(*) filter (where kind = 'personal' and ${completedIn})::int as completed_personal,
          ${isoTimestamp(sql`max(completed_at) filter (where ${completedIn})`)} as last_response_at
        from (
          select status, kind, started_at, completed_at,
            case when ${completedIn} then ${bucketOf(period.bucket, sql`completed_at`)} end as bucket
          from survey_responses where survey_id = ${surveyId}${matching(sql`id`, filter)}) as responses
        group by grouping sets ((bucket), ()))
      select 'total' as kind, null as period, completed, in_progress, invited, completed_personal, last_response_at
      from grouped where total = 1
      union all
      select 'series', to_char(series.period, 'YYYY-MM-DD'), coalesce(grouped.completed, 0), 0, 0, 0, null
      from (${periodSeries(period)}) as series
      left join grouped on grouped.total = 0 and grouped.bucket = series.period
      order by 1 desc, 2`,
        );
  const total = rows.find((row) => row.kind === 'total');
  const completed = total?.completed ?? 0;
  const inProgress = total?.in_progress ?? 0;
  const invited = total?.invited ?? 0;
  return {
    stats: {
      completed,
      in_progress: inProgress,
      invited,
      response_rate: ratio(total?.completed_personal ?? 0, invited),
      completion_rate: ratio(completed, completed + inProgress),
      last_response_at: total?.last_response_at ?? null,
    },
    overTime: rows
      .filter((row) => row.kind === 'series')
      .map((row) => ({ period: row.period ?? '', count: row.completed })),
  };
}

/** Question id → submitted responses whose path did not show it. */
export type UnseenCounts = ReadonlyMap<string, number>;

const NONE_UNSEEN: UnseenCounts = new Map();

/**
 * Per question, how many submitted responses within the days did not see it (R-RES-6): one pass
 * over the survey's submitted responses that have unseen questions, their ids unnested and
 * counted. Only a survey whose rules can hide questions has any; for the others nothing is read
 * and every respondent saw every question.
 */
export async function unseenCounts(
  db: Queryable,
  survey: SurveyRow,
  filter: DayFilter,
): Promise<UnseenCounts> {
  if (!logicHidesQuestions(survey.logic)) return NONE_UNSEEN;
  const rows = await queryRows<{ question_id: string; count: number }>(
    db,
    sql`select unseen.question_id, count(*)::int as count
      from survey_responses, unnest(unseen_question_ids) as unseen(question_id)
      where survey_id = ${survey.id} and status = 'completed' and ${withinDays(sql`completed_at`, filter)}${matching(sql`id`, filter)}
        and cardinality(unseen_question_ids) > 0
      group by unseen.question_id`,
  );
  return new Map(rows.map((row) => [row.question_id, row.count]));
}

/** Choice questions whose 'anders, namelijk' someone used: their texts are worth grouping. */
export function otherTargets(questions: readonly Question[], counts: readonly CountRow[]): string[] {
  const used = new Set(
    counts.filter((row) => row.item_id === OTHER_ITEM_ID && row.count > 0).map((row) => row.question_id),
  );
  return questions
    .filter(
      (question) =>
        (question.type === 'single_choice' || question.type === 'multiple_choice') && used.has(question.id),
    )
    .map((question) => question.id);
}

/** Counts per value over `values`, every value present (0 when nobody chose it). */
function countsOver(values: readonly (string | number)[], count: (value: string) => number): ValueCounts {
  return Object.fromEntries(values.map((value) => [String(value), count(String(value))]));
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * One question's result from the aggregate's rows of that question. Answered responses are the
 * rows of the question's own item (core's `QUESTION_ITEM_ID`: one per answered likert, multiple
 * choice, open, NPS and rating question) or, for single choice, all its rows (exactly one each).
 * `seen`: the submitted responses whose path showed it (R-RES-6).
 */
export function questionResult(
  question: AnswerableQuestion,
  rows: readonly CountRow[],
  texts: ReadonlyMap<string, readonly OpenAnswer[]>,
  others: ReadonlyMap<string, OtherTexts>,
  seen: number,
  numbers: ReadonlyMap<string, ValueCounts> = NO_NUMBERS,
  months: ReadonlyMap<string, ValueCounts> = NO_NUMBERS,
): QuestionResult {
  const result = countedResult(question, rows, texts, others, numbers, months);
  // Nobody answers a question their path did not show (R-SURV-11); counted apart, the two could
  // still disagree for a response submitted between the two queries.
  return { ...result, seen_count: Math.max(seen, result.answered) };
}

function countedResult(
  question: AnswerableQuestion,
  rows: readonly CountRow[],
  texts: ReadonlyMap<string, readonly OpenAnswer[]>,
  others: ReadonlyMap<string, OtherTexts>,
  numbers: ReadonlyMap<string, ValueCounts>,
  months: ReadonlyMap<string, ValueCounts>,
): QuestionResult {
  const mine = rows.filter((row) => row.question_id === question.id);
  const total = (keep: (row: CountRow) => boolean) =>
    mine.filter(keep).reduce((sum, row) => sum + row.count, 0);
  const own = total((row) => row.item_id === QUESTION_ITEM_ID);
  const latest = (item_id: string) => [...(texts.get(textKey({ question_id: question.id, item_id })) ?? [])];
  // Set by questionResult.
  const seen_count = 0;
  switch (question.type) {
    case 'likert':
      return {
        question_id: question.id,
        type: 'likert',
        answered: own,
        seen_count,
        by_statement: Object.fromEntries(
          question.settings.statements.map((statement) => [
            statement.id,
            countsOver(range(1, question.settings.points), (value) =>
              total((row) => row.item_id === statement.id && String(row.num_value) === value),
            ),
          ]),
        ),
      };
    case 'nps':
    case 'rating': {
      const scores = question.type === 'nps' ? range(0, 10) : range(1, question.settings.scale);
      return {
        question_id: question.id,
        type: question.type,
        answered: own,
        seen_count,
        by_score: countsOver(scores, (value) =>
          total((row) => row.item_id === QUESTION_ITEM_ID && String(row.num_value) === value),
        ),
      };
    }
    case 'single_choice':
    case 'multiple_choice':
      return {
        question_id: question.id,
        type: question.type,
        answered: question.type === 'single_choice' ? total(() => true) : own,
        seen_count,
        by_option: countsOver(
          question.settings.options.map((option) => option.id),
          (id) => total((row) => row.item_id === id),
        ),
        other: total((row) => row.item_id === OTHER_ITEM_ID),
        other_texts: [...(others.get(question.id) ?? NO_OTHER_TEXTS).texts],
        other_text_count: (others.get(question.id) ?? NO_OTHER_TEXTS).count,
      };
    case 'open_short':
    case 'open_long':
      return {
        question_id: question.id,
        type: question.type,
        answered: own,
        seen_count,
        latest: latest(QUESTION_ITEM_ID),
      };
    case 'dropdown':
      // One row per answer, the option: counted as a single choice without 'anders'.
      return {
        question_id: question.id,
        type: 'dropdown',
        answered: total(() => true),
        seen_count,
        by_option: countsOver(
          question.settings.options.map((option) => option.id),
          (id) => total((row) => row.item_id === id),
        ),
        other: 0,
        other_texts: [],
        other_text_count: 0,
      };
    case 'ranking': {
      const positions = range(1, question.settings.options.length);
      return {
        question_id: question.id,
        type: 'ranking',
        answered: own,
        seen_count,
        by_position: Object.fromEntries(
          question.settings.options.map((option) => [
            option.id,
            countsOver(positions, (value) =>
              total((row) => row.item_id === option.id && String(row.num_value) === value),
            ),
          ]),
        ),
      };
    }
    case 'date':
      return {
        question_id: question.id,
        type: 'date',
        answered: own,
        seen_count,
        by_month: { ...(months.get(question.id) ?? {}) },
      };
    case 'number':
      return {
        question_id: question.id,
        type: 'number',
        answered: own,
        seen_count,
        by_value: { ...(numbers.get(question.id) ?? {}) },
      };
  }
}

/**
 * GET /surveys/:id/results. The period needs only the first and last submission (two index
 * lookups), so the answer counts and the responses with their series then run at the same time
 * (on PostgreSQL on two pool connections; PGlite queues them); the newest open texts and the
 * grouped 'anders' texts follow once the counts tell which 'anders' options were used.
 */
export async function loadSurveyResults(
  db: Queryable,
  survey: SurveyRow,
  filter: DayFilter,
  now: Date,
): Promise<SurveyResults> {
  const questions = renumberQuestions(survey.questions);
  const period = surveyPeriod(survey, filter, await submissionDays(db, survey.id), now);
  const [responses, counts, unseen] = await Promise.all([
    responsesOverTime(db, survey.id, filter, period),
    answerCounts(db, survey.id, filter),
    unseenCounts(db, survey, filter),
  ]);
  const respondents = responses.stats.completed;
  const [texts, others, numbers, months] = await Promise.all([
    latestTexts(db, survey.id, filter, textTargets(questions)),
    otherTexts(db, survey.id, filter, otherTargets(questions, counts)),
    numberValues(db, survey.id, filter, numberTargets(questions)),
    monthValues(db, survey.id, filter, dateTargets(questions)),
  ]);
  return {
    survey_id: survey.id,
    responses: responses.stats,
    bucket: period.bucket,
    over_time: responses.overTime,
    // A text block has no answers: it has no result either (R-SURV-23).
    questions: questions
      .filter(isAnswerable)
      .map((question) =>
        questionResult(
          question,
          counts,
          texts,
          others,
          respondents - (unseen.get(question.id) ?? 0),
          numbers,
          months,
        ),
      ),
  };
}
