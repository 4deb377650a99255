import type { AnalysisDataPoints, Question, SurveyStatus } from '@loop/core';
import {
  type AnalysisInput,
  type FinanceFacts,
  type ItemCounts,
  type KpiFacts,
  kpiFacts,
  type SurveyFacts,
  surveyFacts,
} from '@loop/core/analysis';
import { isoDay } from '@loop/core/format';
import { lastPeriods, periodOf } from '@loop/core/periods';
import { effectiveStatus, renumberQuestions } from '@loop/core/surveys/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { financeTotals } from '../kpis/financeSource';
import { type ComputeDeps, computeKpiValues } from '../kpis/kpiComputation';
import { organizationKpis } from '../kpis/kpiStore';
import { queryRows } from '../results/resultsSql';
import { gatherRoundChanges } from './analysisRounds';
import { answerValueCounts } from './answerValues';
import { organisationPersonNames } from './personNames';

/**
 * What an analysis of an organisation is made from, gathered with aggregate SQL over the sums the
 * database keeps as data comes in, never over the answers themselves: KPI values through the KPI
 * feature's own computation (manual values, survey counts per period, finance month totals),
 * survey scores from `survey_answer_counts` and `survey_response_counts` (per survey, question,
 * item and month), finance from `finance_month_totals`; only number and date answers (and long
 * rankings' places), which those sums do not keep, are counted from the answers of just those
 * questions (answerValues.ts). A few statements whatever the number of answers; core turns the sums into facts (core `analysis/analysisInput.ts`).
 */

/** Periods of each KPI the analysis looks at (and one before, for the trend). */
export const ANALYSIS_KPI_PERIODS = 6;
/** Months of survey responses and finance results. */
export const ANALYSIS_MONTHS = 12;
/** At most this many KPIs (oldest first) and surveys (most recently answered first). */
export const ANALYSIS_KPIS_MAX = 200;
export const ANALYSIS_SURVEYS_MAX = 100;

const COUNT_COLUMNS = Array.from({ length: 11 }, (_, value) => `c${value}`);

/** The first days of the month windows: twelve months, the last three and the three before them. */
function monthWindows(today: string) {
  const months = lastPeriods('month', ANALYSIS_MONTHS, today);
  const start = (index: number) => (months.at(index) ?? periodOf('month', today)).start;
  return { months, first: start(0), recent: start(-3), previous: start(-6) };
}

/** The organisation's counted surveys with submitted responses, most recently answered first. */
interface SurveyRow {
  readonly id: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly close_at: string | null;
  readonly questions: Question[];
  readonly completed: number;
  readonly completed_personal: number;
  readonly personal_links: number;
  readonly months: Array<[string, number]> | null;
}

const answeredSurveys = (organizationId: number, first: string, limit: SQL) => sql`
  with sv as materialized (
    select id from surveys where organization_id = ${organizationId} and status <> 'draft'
  ), rc as (
    select c.survey_id, sum(c.completed)::int as completed, sum(c.completed_personal)::int as completed_personal,
      sum(c.personal_links)::int as personal_links,
      max(c.bucket) filter (where c.completed > 0) as last_bucket,
      json_agg(json_build_array(to_char(c.bucket, 'YYYY-MM'), c.completed) order by c.bucket)
        filter (where c.bucket >= ${first}::date) as months
    -- A month's count is the sum of its shards (R-RESP-16).
    from (
      select survey_id, bucket, sum(completed)::int as completed, sum(completed_personal)::int as completed_personal,
        sum(personal_links)::int as personal_links
      from survey_response_counts
      where grain = 'month' and survey_id in (select id from sv)
      group by survey_id, bucket) c
    group by c.survey_id
  )
  select s.id, s.title, s.status,
    to_char(s.close_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as close_at,
    s.questions, rc.completed, rc.completed_personal, rc.personal_links, rc.months
  from rc join surveys s on s.id = rc.survey_id
  where rc.completed > 0
  order by rc.last_bucket desc, s.id desc
  ${limit}`;

/**
 * Answers per value of the surveys' NPS questions, Likert statements, dropdown options and ranking
 * options (places up to ten): all time, recent, before.
 */
async function scoredItemCounts(
  db: Queryable,
  surveyIds: readonly number[],
  windows: { readonly recent: string; readonly previous: string },
): Promise<Map<number, ItemCounts[]>> {
  if (surveyIds.length === 0) return new Map();
  const sums = (filter: SQL | null) =>
    sql.join(
      COUNT_COLUMNS.map((column) =>
        filter === null
          ? sql`sum(c.${sql.raw(column)})::int`
          : sql`(sum(c.${sql.raw(column)}) filter (where ${filter}))::int`,
      ),
      sql`, `,
    );
  const recent = sql`c.bucket >= ${windows.recent}::date`;
  const previous = sql`c.bucket >= ${windows.previous}::date and c.bucket < ${windows.recent}::date`;
  const rows = await queryRows<{ row: [number, string, string, ...(number | null)[]] }>(
    db,
    sql`with q as (
        select s.id as survey_id, q.value->>'id' as question_id
        from surveys s cross join lateral jsonb_array_elements(s.questions) as q(value)
        where s.id = any (array(select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)::int))
          and q.value->>'type' in ('nps', 'likert', 'dropdown', 'ranking'))
      select json_build_array(c.survey_id, c.question_id, c.item_id, ${sums(null)}, ${sums(recent)},
          ${sums(previous)}) as row
      from survey_answer_counts c join q on q.survey_id = c.survey_id and q.question_id = c.question_id
      where c.grain = 'month'
      group by c.survey_id, c.question_id, c.item_id`,
  );
  const bySurvey = new Map<number, ItemCounts[]>();
  const countsOf = (values: readonly (number | null)[]) =>
    Object.fromEntries(values.map((count, value) => [value, Number(count ?? 0)]).filter(([, n]) => n !== 0));
  for (const { row } of rows) {
    const [surveyId, questionId, itemId, ...counts] = row;
    const item: ItemCounts = {
      questionId,
      itemId,
      overall: countsOf(counts.slice(0, 11)),
      recent: countsOf(counts.slice(11, 22)),
      previous: countsOf(counts.slice(22, 33)),
    };
    const list = bySurvey.get(Number(surveyId));
    if (list === undefined) bySurvey.set(Number(surveyId), [item]);
    else list.push(item);
  }
  return bySurvey;
}

async function gatherSurveys(db: Queryable, organizationId: number, today: string, now: Date) {
  const windows = monthWindows(today);
  const rows = await queryRows<SurveyRow>(
    db,
    answeredSurveys(organizationId, windows.first, sql`limit ${ANALYSIS_SURVEYS_MAX}`),
  );
  const questions = rows.map((row) => ({ id: row.id, questions: renumberQuestions(row.questions) }));
  const [items, values] = await Promise.all([
    scoredItemCounts(
      db,
      rows.map((row) => row.id),
      windows,
    ),
    answerValueCounts(db, questions, windows),
  ]);
  return rows.map((row, index): SurveyFacts => {
    const perMonth = new Map((row.months ?? []).map(([month, completed]) => [month, Number(completed)]));
    return surveyFacts({
      title: row.title,
      status: effectiveStatus(row.status, row.close_at, now),
      questions: questions[index]?.questions ?? [],
      completed: Number(row.completed),
      completedPersonal: Number(row.completed_personal),
      personalLinks: Number(row.personal_links),
      months: windows.months.map((period) => ({
        month: period.key,
        completed: perMonth.get(period.key) ?? 0,
      })),
      items: items.get(row.id) ?? [],
      values: values.get(row.id) ?? [],
    });
  });
}

async function gatherKpis(deps: ComputeDeps, organizationId: number, today: string): Promise<KpiFacts[]> {
  const kpis = (await organizationKpis(deps.db, organizationId)).slice(0, ANALYSIS_KPIS_MAX);
  const requests = kpis.map((kpi) => ({
    kpi,
    periods: lastPeriods(kpi.periodKind, ANALYSIS_KPI_PERIODS + 1, today),
  }));
  const computed = await computeKpiValues(deps, organizationId, requests);
  return requests.map(({ kpi, periods }) => {
    const result = computed.get(kpi.id);
    return kpiFacts(
      {
        name: kpi.name,
        unit: kpi.unit,
        direction: kpi.direction,
        periodKind: kpi.periodKind,
        target: kpi.target,
        warning: kpi.warning,
        periodTargets: kpi.periodTargets,
        source: kpi.source,
        surveyTitle: kpi.survey?.title ?? null,
        state: result?.state ?? 'ok',
      },
      periods,
      result?.values ?? new Map(),
    );
  });
}

async function gatherFinance(
  db: Queryable,
  organizationId: number,
  today: string,
): Promise<FinanceFacts | null> {
  const { months } = monthWindows(today);
  const first = months[0]?.start ?? today;
  const totals = await financeTotals(db, organizationId, 'month', first, today);
  if (totals === null) return null;
  return {
    months: months.map((period) => {
      const sums = totals.get(period.start);
      return { month: period.key, incomeCents: sums?.incomeCents ?? 0, costCents: sums?.costCents ?? 0 };
    }),
  };
}

/** Everything an analyst gets about the organisation, as of `now`. */
export async function gatherAnalysisInput(
  deps: ComputeDeps,
  organization: { readonly id: number; readonly name: string },
  now: Date,
): Promise<AnalysisInput> {
  const today = isoDay(now);
  const [kpis, surveys, finance, rounds, names] = await Promise.all([
    gatherKpis(deps, organization.id, today),
    gatherSurveys(deps.db, organization.id, today, now),
    gatherFinance(deps.db, organization.id, today),
    gatherRoundChanges(deps.db, organization.id, now),
    organisationPersonNames(deps.db, organization.id),
  ]);
  return {
    organization: organization.name,
    today,
    kpis,
    surveys,
    finance,
    ...(rounds.length > 0 ? { rounds } : {}),
    // Only for the language model's prompt to mask (R-PRIV-7); no analyst reports them.
    names,
  };
}

/** What an analysis made now would be based on: KPIs, and surveys with submitted responses. */
export async function analysisDataPoints(db: Queryable, organizationId: number): Promise<AnalysisDataPoints> {
  const [row] = await queryRows<{ kpis: number; surveys: number }>(
    db,
    sql`select (select count(*)::int from kpis where organization_id = ${organizationId}) as kpis,
      (select count(*)::int from (
        select c.survey_id from survey_response_counts c
        where c.grain = 'month'
          and c.survey_id in (select id from surveys where organization_id = ${organizationId} and status <> 'draft')
        group by c.survey_id having sum(c.completed) > 0) as answered) as surveys`,
  );
  return {
    kpis: Math.min(Number(row?.kpis ?? 0), ANALYSIS_KPIS_MAX),
    surveys: Math.min(Number(row?.surveys ?? 0), ANALYSIS_SURVEYS_MAX),
  };
}
