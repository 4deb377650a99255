import type {
  AnalyticsOverview,
  PeriodCount,
  StatementScore,
  SurveyResponseRate,
  SurveyStatus,
  TrendPoint,
} from '@loop/core';
import { logDateOf } from '@loop/core/logs';
import { effectiveStatus } from '@loop/core/surveys/model';
import { rankStatements } from '@loop/core/surveys/results';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { daysWithin } from './resultRollups';
import { addDays, type DayFilter, type Period, periodOf } from './resultsRange';
import { amsterdamDay, isoTimestamp, periodFilter, periodSeries, queryRows, withinDays } from './resultsSql';
import { rolledDays, rolledValues, surveyMarks } from './rolledAnalytics';

/**
 * The organisation-wide overview of /analytics, aggregated in the database. Which questions are
 * NPS or Likert (and a Likert question's number of points and statement texts) is read from the
 * surveys' `questions` JSON with `jsonb_array_elements`, inside the same queries, so no answer and
 * no question list passes through Node.
 */

/** Statements need this many answers before they may be called best or worst. */
export const STATEMENT_MIN_ANSWERS = 3;
/** Without a filter and without responses, the overview shows the last 30 days. */
const EMPTY_PERIOD_DAYS = 30;

/**
 * The surveys /analytics is about: the organisation's published ones, open or closed. Drafts do not
 * count at all. '/new-survey' makes a draft the moment a template (or 'Lege survey') is picked, so
 * every template someone looked at was counted under 'Surveys', and the personal links prepared for
 * a draft under 'Persoonlijke links' (lowering 'Responspercentage', though nobody can answer a
 * draft). The screen's labels speak of surveys that collect responses: 'Open surveys', 'Reacties',
 * 'Respons per survey' (which already left drafts out), so a draft is none of them. Templates live
 * in `survey_templates` and never enter these queries. The queries over the organisation's
 * submitted responses need no such condition: a draft has none (it cannot be answered, and a
 * survey goes back to draft only without submitted responses).
 */
const countedSurveys = (alias: SQL, organizationId: number): SQL =>
  sql`${alias}.organization_id = ${organizationId} and ${alias}.status <> 'draft'`;

/** The NPS and Likert questions of the organisation's counted surveys, read from their `questions` JSON. */
const scoredQuestions = (organizationId: number): SQL =>
  sql`select s.id as survey_id, s.title as survey_title, q.value->>'id' as question_id,
      q.value->>'type' as type, coalesce((q.value->'settings'->>'points')::int, 0) as points,
      q.value->'settings'->'statements' as statements
    from surveys s cross join lateral jsonb_array_elements(s.questions) as q(value)
    where ${countedSurveys(sql`s`, organizationId)} and q.value->>'type' in ('nps', 'likert')`;

interface SurveyRow {
  readonly survey_id: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly close_at: string | null;
  readonly completed: number;
  readonly invited: number;
  readonly completed_personal: number;
  readonly last_response_at: string | null;
}

/**
 * Per counted survey: submitted within the days, personal links, last submission. Submissions come
 * from the rollups (rolledAnalytics.ts); personal links are the submitted ones among them and those
 * not submitted (an index range per survey), the last submission a backward index lookup.
 */
function surveyRates(db: Queryable, organizationId: number, filter: DayFilter) {
  return queryRows<SurveyRow>(
    db,
    sql`with marks as (${surveyMarks(countedSurveys(sql`s`, organizationId), sql`s.title, s.status, ${isoTimestamp(sql`s.close_at`)} as close_at`)}),
        days as (${rolledDays()})
      select marks.survey_id, marks.title, marks.status, marks.close_at,
        coalesce(sum(days.completed) filter (where ${daysWithin(filter)}), 0)::int as completed,
        (coalesce(sum(days.completed_personal), 0) + (select count(*) from survey_responses r
          where r.survey_id = marks.survey_id and r.status in ('pending', 'in_progress') and r.kind = 'personal'))::int as invited,
        coalesce(sum(days.completed_personal) filter (where ${daysWithin(filter)}), 0)::int as completed_personal,
        (select ${isoTimestamp(sql`max(r.completed_at)`)} from survey_responses r
          where r.survey_id = marks.survey_id and r.status = 'completed' and ${withinDays(sql`r.completed_at`, filter)}) as last_response_at
      from marks left join days on days.survey_id = marks.survey_id
      group by marks.survey_id, marks.title, marks.status, marks.close_at`,
  );
}

/** The days of the organisation's first and last submitted response. */
async function responseDays(db: Queryable, organizationId: number) {
  const [row] = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select ${amsterdamDay(sql`min(completed_at)`)} as first, ${amsterdamDay(sql`max(completed_at)`)} as last
      from survey_responses where organization_id = ${organizationId} and status = 'completed'`,
  );
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/** Submitted responses of the organisation per bucket, every bucket present. */
function responsesOverTime(db: Queryable, organizationId: number, period: Period): Promise<PeriodCount[]> {
  return queryRows<PeriodCount>(
    db,
    sql`with marks as (${surveyMarks(sql`s.organization_id = ${organizationId}`)}),
        counts as (
          select date_trunc(${period.bucket}, day::timestamp)::date as period, sum(completed)::int as count
          from (${rolledDays()}) as days
          where ${daysWithin(periodFilter(period))}
          group by 1)
      select to_char(series.period, 'YYYY-MM-DD') as period, coalesce(counts.count, 0)::int as count
      from (${periodSeries(period)}) as series left join counts on counts.period = series.period
      order by series.period`,
  );
}

/** One row of the scores statement: a trend point (`nps`, `likert`) or a statement (`statement`). */
interface ScoreRow {
  readonly kind: 'nps' | 'likert' | 'statement';
  readonly period: string | null;
  readonly answered: number;
  readonly score: number | null;
  readonly survey_id: number | null;
  readonly survey_title: string | null;
  readonly question_id: string | null;
  readonly statement_id: string | null;
  readonly text: string | null;
  readonly points: number | null;
  readonly mean: number | null;
}

/**
 * The NPS trend, the Likert trend and the statement scores in one statement over one pass of the
 * answers: the NPS and Likert answers of the period are first counted per question, item and
 * bucket (`base`: count, sum, promoters, detractors), and every figure is computed from those few
 * rows. NPS is rounded in SQL as core rounds it (`round(numeric)`: halves away from zero); a Likert
 * answer scaled to 0–100 is (point − 1) × 100 / (points − 1), so per group the sum of scaled
 * answers is (sum − count) × 100 / (points − 1).
 */
async function scores(db: Queryable, organizationId: number, period: Period) {
  const series = periodSeries(period);
  const trendOf = (kind: 'nps' | 'likert', score: SQL) => sql`
    select ${kind} as kind, to_char(series.period, 'YYYY-MM-DD') as period, coalesce(t.answered, 0)::int as answered,
      t.score, null::int as survey_id, null as survey_title, null as question_id, null as statement_id,
      null as text, null::int as points, null::float8 as mean
    from (${series}) as series left join (
      select b.period, sum(b.n)::int as answered, (${score})::float8 as score
      from base b join questions q on q.survey_id = b.survey_id and q.question_id = b.question_id
      where q.type = ${kind} group by b.period) as t on t.period = series.period`;
  const rows = await queryRows<ScoreRow>(
    db,
    sql`with questions as (${scoredQuestions(organizationId)}),
      marks as (${surveyMarks(sql`s.id in (select survey_id from questions)`)}),
      base as (
        select v.survey_id, v.question_id, v.item_id, date_trunc(${period.bucket}, v.day::timestamp)::date as period,
          sum(v.n) as n, sum(v.num_value * v.n) as total,
          coalesce(sum(v.n) filter (where v.num_value >= 9), 0) as promoters,
          coalesce(sum(v.n) filter (where v.num_value <= 6), 0) as detractors
        from (${rolledValues(period)}) as v
        group by 1, 2, 3, 4)
      ${trendOf('nps', sql`round((sum(b.promoters) - sum(b.detractors)) * 100.0 / sum(b.n))`)}
      union all
      ${trendOf('likert', sql`sum((b.total - b.n) * 100.0 / (q.points - 1)) / sum(b.n)`)}
      union all
      select 'statement', null, c.answered, ((c.mean - 1) * 100.0 / (q.points - 1))::float8, q.survey_id,
        q.survey_title, q.question_id, st.value->>'id', st.value->>'text', q.points, c.mean
      from (
        select b.survey_id, b.question_id, b.item_id, sum(b.n)::int as answered,
          (sum(b.total) / sum(b.n))::float8 as mean
        from base b join questions q on q.survey_id = b.survey_id and q.question_id = b.question_id
        where q.type = 'likert'
        group by b.survey_id, b.question_id, b.item_id
        having sum(b.n) >= ${STATEMENT_MIN_ANSWERS}) as c
      join questions q on q.survey_id = c.survey_id and q.question_id = c.question_id
      cross join lateral jsonb_array_elements(q.statements) as st(value)
      where st.value->>'id' = c.item_id
      order by 1, 2`,
  );
  const trendPoints = (kind: 'nps' | 'likert'): TrendPoint[] =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ period: row.period as string, answered: row.answered, score: row.score }));
  const statements = rows
    .filter((row) => row.kind === 'statement')
    .map(
      (row): StatementScore => ({
        survey_id: row.survey_id as number,
        survey_title: row.survey_title as string,
        question_id: row.question_id as string,
        statement_id: row.statement_id as string,
        text: row.text as string,
        points: row.points as 5 | 7,
        answered: row.answered,
        mean: row.mean as number,
        score: row.score as number,
      }),
    );
  return { nps: trendPoints('nps'), likert: trendPoints('likert'), statements };
}

/** GET /analytics: the organisation's responses, NPS and Likert trends, rates and statements. */
export async function loadAnalytics(
  db: Queryable,
  organizationId: number,
  filter: DayFilter,
  now: Date,
): Promise<AnalyticsOverview> {
  const today = logDateOf(now);
  const days = await responseDays(db, organizationId);
  const period = periodOf(filter, days, {
    opened: days.first === null ? addDays(today, 1 - EMPTY_PERIOD_DAYS) : days.first,
    today,
  });
  const [rates, overTime, { nps, likert, statements }] = await Promise.all([
    surveyRates(db, organizationId, filter),
    responsesOverTime(db, organizationId, period),
    scores(db, organizationId, period),
  ]);
  // A survey open past its close date counts as closed, as everywhere else.
  const statusOf = (row: SurveyRow) => effectiveStatus(row.status, row.close_at, now);
  const isOpen = (row: SurveyRow) => statusOf(row) === 'open';
  const surveys: SurveyResponseRate[] = rates
    .filter((row) => row.completed > 0 || isOpen(row))
    .sort(
      (a, b) =>
        (b.last_response_at ?? '').localeCompare(a.last_response_at ?? '') || b.survey_id - a.survey_id,
    )
    .map((row) => ({
      survey_id: row.survey_id,
      title: row.title,
      status: statusOf(row),
      completed: row.completed,
      invited: row.invited,
      response_rate: row.invited > 0 ? row.completed_personal / row.invited : null,
      last_response_at: row.last_response_at,
    }));
  const sum = (pick: (row: SurveyRow) => number) => rates.reduce((total, row) => total + pick(row), 0);
  const invited = sum((row) => row.invited);
  // Best and worst never share a statement (core's rankStatements: at most half of them each).
  const { best, worst } = rankStatements(statements);
  return {
    bucket: period.bucket,
    totals: {
      surveys: rates.length,
      open_surveys: rates.filter(isOpen).length,
      completed: sum((row) => row.completed),
      invited,
      response_rate: invited > 0 ? sum((row) => row.completed_personal) / invited : null,
    },
    responses_over_time: overTime,
    nps_trend: nps,
    likert_trend: likert,
    surveys,
    best_statements: best,
    worst_statements: worst,
  };
}
