import type { Question, QuestionAnswerRow, QuestionDetail, QuestionTrendPoint } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import type { AnswerableQuestion, AnswerItem } from '@loop/core/surveys/model';
import { QUESTION_ITEM_ID } from '@loop/core/surveys/model';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRow, surveyAnswers } from '../db/schema';
import { invalidInput } from '../http/apiError';
import { answerText, matchingItemKeys, searchWords } from './answerText';
import { dateTargets, monthValues, numberTargets, numberValues } from './numberValues';
import { withDayCounts } from './resultRollups';
import { matching } from './resultsFilterSql';
import type { DayFilter, Period } from './resultsRange';
import {
  containsPattern,
  foldedText,
  isoTimestamp,
  periodFilter,
  periodSeries,
  queryRows,
  withinDays,
} from './resultsSql';
import { latestTexts, otherTexts, textTargets } from './resultTexts';
import {
  type CountRow,
  otherTargets,
  questionResult,
  respondentsWhoSaw,
  submissionDays,
  surveyPeriod,
} from './surveyResults';

export const ANSWERS_PAGE_SIZE_DEFAULT = 50;
export const ANSWERS_PAGE_SIZE_MAX = 200;
const PAGE_MAX = 1_000_000;

export const ANSWER_PAGING_MESSAGES = {
  page: 'De parameter "page" moet een geheel getal van 1 of meer zijn.',
  pageSize: `De parameter "page_size" moet een geheel getal van 1 tot en met ${ANSWERS_PAGE_SIZE_MAX} zijn.`,
} as const;

export interface AnswerQuery {
  readonly q: string;
  readonly page: number;
  readonly pageSize: number;
}

/** `q`, `page` and `page_size` of the question page; a bad number is a 400 naming it. */
export function parseAnswerQuery(query: {
  readonly q?: string;
  readonly page?: string;
  readonly page_size?: string;
}): AnswerQuery {
  const fields: Record<string, string> = {};
  const whole = (raw: string | undefined, fallback: number, max: number, field: string, message: string) => {
    if (raw === undefined || raw === '') return fallback;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 1 && value <= max)) fields[field] = message;
    return value;
  };
  const page = whole(query.page, 1, PAGE_MAX, 'page', ANSWER_PAGING_MESSAGES.page);
  const pageSize = whole(
    query.page_size,
    ANSWERS_PAGE_SIZE_DEFAULT,
    ANSWERS_PAGE_SIZE_MAX,
    'page_size',
    ANSWER_PAGING_MESSAGES.pageSize,
  );
  if (Object.keys(fields).length > 0) throw invalidInput(fields as FieldErrors);
  return { q: query.q?.trim() ?? '', page, pageSize };
}

/** Rows that count one answered response: the question's own row, or any row of a single choice. */
const answeredRow = (question: Question): SQL =>
  question.type === 'single_choice' || question.type === 'dropdown'
    ? sql`true`
    : sql`item_id = ${QUESTION_ITEM_ID}`;

/** The score of a period from its counts: Likert (all statements) and rating means, NPS as core computes it; else null. */
function scoreOf(question: Question): SQL {
  switch (question.type) {
    case 'likert':
      return sql`sum(num_value * n) filter (where item_id <> ${QUESTION_ITEM_ID})::float8
        / nullif(sum(n) filter (where item_id <> ${QUESTION_ITEM_ID}), 0)`;
    case 'rating':
      return sql`sum(num_value * n)::float8 / nullif(sum(n), 0)`;
    case 'nps':
      // round(numeric) rounds halves away from zero, as core's npsFromCounts does.
      return sql`round((coalesce(sum(n) filter (where num_value >= 9), 0) - coalesce(sum(n) filter (where num_value <= 6), 0))
        * 100.0 / nullif(sum(n), 0))::float8`;
    default:
      return sql`null::float8`;
  }
}

interface CountOrTrendRow {
  readonly kind: 'count' | 'trend';
  readonly period: string | null;
  readonly item_id: string | null;
  readonly num_value: number | null;
  readonly count: number;
  readonly score: number | null;
}

/**
 * One question's counts (as the summary's aggregate gives them) and its trend per bucket, in one
 * pass over its answers: they are counted per bucket, item and value, and both follow from those
 * rows. The period covers every submitted answer the filter lets through (it is the filter, or
 * else reaches from the first to the last submission), so the counts need no filter of their own.
 */
export async function questionCountsAndTrend(
  db: Queryable,
  surveyId: number,
  question: Question,
  period: Period,
  filter?: DayFilter,
): Promise<{ counts: CountRow[]; trend: QuestionTrendPoint[] }> {
  const days = {
    ...periodFilter(period),
    ...(filter?.responses === undefined ? {} : { responses: filter.responses }),
  };
  const rows = await withDayCounts(db, surveyId, days, question.id, (tx, counted) =>
    queryRows<CountOrTrendRow>(
      tx,
      sql`with base as (
          select date_trunc(${period.bucket}, day::timestamp)::date as period, item_id, num_value::int as num_value, n
          from (${counted}) as counted)
        select 'count' as kind, null as period, item_id, num_value, sum(n)::int as count, null::float8 as score
        from base group by item_id, num_value
        union all
        select 'trend', to_char(series.period, 'YYYY-MM-DD'), null, null, coalesce(stats.answered, 0)::int, stats.score
        from (${periodSeries(period)}) as series left join (
          select period, sum(n) filter (where ${answeredRow(question)}) as answered, ${scoreOf(question)} as score
          from base group by period) as stats on stats.period = series.period
        order by 1, 2`,
    ),
  );
  return {
    counts: rows
      .filter((row) => row.kind === 'count')
      .map((row) => ({
        question_id: question.id,
        item_id: row.item_id ?? '',
        num_value: row.num_value,
        count: row.count,
      })),
    trend: rows
      .filter((row) => row.kind === 'trend')
      .map((row) => ({ period: row.period ?? '', answered: row.count, score: row.score })),
  };
}

/**
 * Per search word, a condition on a response's rows of the question (`folded`: the row's text,
 * folded as core folds): a typed text (open answer, 'anders') contains it, or a chosen item's label does.
 */
function searchConditions(question: Question, q: string): SQL[] {
  return searchWords(q).map((word) => {
    // PostgreSQL text cannot hold a NUL, so no stored answer contains it (and it may not be sent).
    if (word.includes('\u0000')) return sql`false`;
    const keys = matchingItemKeys(question, word);
    const text = sql`coalesce(folded like ${containsPattern(word)}, false)`;
    if (keys.length === 0) return sql`bool_or(${text})`;
    const key = sql`(item_id || '|' || coalesce(num_value::text, ''))`;
    return sql`bool_or(${text} or ${key} in (${sql.join(
      keys.map((each) => sql`${each}`),
      sql`, `,
    )}))`;
  });
}

/** Named apart from the columns, so ORDER BY sorts the columns, not these texts. */
interface PageRow {
  readonly id: string;
  readonly at: string;
  readonly total?: number;
}

/**
 * One page of the responses that answered the question, newest first. Without a search every
 * answered response has exactly one row that marks it (core's `QUESTION_ITEM_ID` row, or the one
 * row of a single choice), so the page is read straight from the aggregate index and the total is
 * the question's `answered` (null here). A search looks at all of a response's rows, grouped per
 * response.
 */
async function answerPage(
  db: Queryable,
  where: SQL,
  question: Question,
  query: AnswerQuery,
): Promise<{ rows: PageRow[]; total: number | null }> {
  const window = sql`order by submitted_at desc, response_id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
  const conditions = searchConditions(question, query.q);
  if (conditions.length === 0) {
    const rows = await queryRows<PageRow>(
      db,
      sql`select response_id::text as id, ${isoTimestamp(sql`submitted_at`)} as at
        from survey_answers where ${where} and ${answeredRow(question)} ${window}`,
    );
    return { rows, total: null };
  }
  // Each text is folded once, whatever the number of words (translate walks its whole list per letter).
  const matches = sql`select response_id, max(submitted_at) as submitted_at
    from (select response_id, submitted_at, item_id, num_value, ${foldedText(sql`text_value`)} as folded
      from survey_answers where ${where}) as answers
    group by response_id having ${sql.join(conditions, sql` and `)}`;
  const rows = await queryRows<PageRow>(
    db,
    sql`select response_id::text as id, ${isoTimestamp(sql`submitted_at`)} as at,
        (count(*) over ())::int as total
      from (${matches}) as matches ${window}`,
  );
  if (rows.length > 0 || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page the window count has no row to ride on.
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${matches}) as matches`,
  );
  return { rows, total: counted?.total ?? 0 };
}

/**
 * All answers of one question, newest first, one row per response, paged and searched in SQL.
 * `total` is null without a search: then it is the question's `answered`.
 */
export async function questionAnswers(
  db: Queryable,
  surveyId: number,
  question: Question,
  filter: DayFilter,
  query: AnswerQuery,
): Promise<{ items: QuestionAnswerRow[]; total: number | null }> {
  const where = sql`survey_id = ${surveyId} and question_id = ${question.id} and submitted_at is not null
    and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}`;
  const page = await answerPage(db, where, question, query);
  if (page.rows.length === 0) return { items: [], total: page.total };
  // The page's rows by primary key (response id, question id).
  const stored = await db
    .select({
      responseId: surveyAnswers.responseId,
      item_id: surveyAnswers.itemId,
      num_value: surveyAnswers.numValue,
      text_value: surveyAnswers.textValue,
    })
    .from(surveyAnswers)
    .where(
      and(
        inArray(
          surveyAnswers.responseId,
          page.rows.map((row) => Number(row.id)),
        ),
        eq(surveyAnswers.questionId, question.id),
      ),
    );
  const itemsOf = new Map<number, AnswerItem[]>();
  for (const { responseId, ...item } of stored)
    itemsOf.set(responseId, [...(itemsOf.get(responseId) ?? []), item]);
  return {
    total: page.total,
    items: page.rows.map((row) => ({
      response_id: Number(row.id),
      submitted_at: row.at,
      text: answerText(question, itemsOf.get(Number(row.id)) ?? []),
    })),
  };
}

/**
 * GET /surveys/:id/questions/:questionId: the question's result, its trend and all its answers.
 * The page of answers needs nothing else, so it runs beside the period's bounds and the counts, as
 * does the count of the respondents and of those who saw the question.
 */
export async function loadQuestionDetail(
  db: Queryable,
  survey: SurveyRow,
  question: AnswerableQuestion,
  filter: DayFilter,
  query: AnswerQuery,
  now: Date,
): Promise<QuestionDetail> {
  const counted = (async () => {
    const period = surveyPeriod(survey, filter, await submissionDays(db, survey.id), now);
    return { period, ...(await questionCountsAndTrend(db, survey.id, question, period, filter)) };
  })();
  const [{ period, counts, trend }, answers, saw] = await Promise.all([
    counted,
    questionAnswers(db, survey.id, question, filter, query),
    respondentsWhoSaw(db, survey, question.id, filter),
  ]);
  const [texts, others, numbers, months] = await Promise.all([
    latestTexts(db, survey.id, filter, textTargets([question])),
    otherTexts(db, survey.id, filter, otherTargets([question], counts)),
    numberValues(db, survey.id, filter, numberTargets([question])),
    monthValues(db, survey.id, filter, dateTargets([question])),
  ]);
  const result = questionResult(question, counts, texts, others, saw.seen, numbers, months);
  return {
    survey_id: survey.id,
    question_id: question.id,
    type: question.type,
    result,
    respondents: saw.respondents,
    bucket: period.bucket,
    trend,
    answers: {
      items: answers.items,
      // Without a search every response that answered is listed: the result's count.
      total: answers.total ?? result.answered,
      page: query.page,
      page_size: query.pageSize,
    },
  };
}
