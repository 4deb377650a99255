import {
  type CountsByValue,
  type FinancePeriodTotals,
  financeMetricOf,
  financeMetricValue,
  KPI_METRICS,
  type KpiState,
  type Period,
  periodOf,
  type Question,
  type SurveyPeriodCounts,
  surveyMetricOf,
  surveyMetricValue,
  surveySourceState,
} from '@loop/core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { CountGrain } from '../db/schema';
import type { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import { queryRows } from '../results/resultsSql';
import { financeTotals } from './financeSource';
import type { KpiRecord } from './kpiStore';

/**
 * The values of many KPIs over their periods, in a few statements whatever the number of KPIs:
 * one for every manual value wanted, two for every survey-sourced KPI's counts (answers and
 * responses, from the per-week and per-month counts, never the answers) plus one for the surveys'
 * personal links, and one per grain for finance. Quarters and years add up months; a week's counts
 * are its own.
 */

/** A KPI and the periods (of its kind, oldest first) whose values are wanted. */
export interface ValueRequest {
  readonly kpi: KpiRecord;
  readonly periods: readonly Period[];
}

/** What a KPI's source gave: whether it could compute, and the periods that have a value. */
export interface ComputedValues {
  readonly state: KpiState;
  readonly values: ReadonlyMap<string, number>;
}

export interface ComputeDeps {
  readonly db: Queryable;
  /** The surveys' questions by content version (the answering routes' cache). */
  readonly questions: SurveyQuestionsCache;
}

const grainOf = (request: ValueRequest): CountGrain => (request.kpi.periodKind === 'week' ? 'week' : 'month');
const firstDay = (request: ValueRequest): string => request.periods[0]?.start ?? '';
const lastDay = (request: ValueRequest): string => request.periods.at(-1)?.end ?? '';

/** The period of the request's kind a bucket (its first day) lies in, if it is one of the request's. */
function periodKeyOf(request: ValueRequest, bucket: string, wanted: ReadonlySet<string>): string | null {
  const key = periodOf(request.kpi.periodKind, bucket).key;
  return wanted.has(key) ? key : null;
}

const NO_VALUES: ReadonlyMap<string, number> = new Map();

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return groups;
}

/** Manual KPIs: their stored values in the wanted periods, in one statement. */
async function manualValues(
  db: Queryable,
  requests: readonly ValueRequest[],
): Promise<Map<number, Map<string, number>>> {
  const byKpi = new Map<number, Map<string, number>>(requests.map((request) => [request.kpi.id, new Map()]));
  const wanted = requests
    .filter((request) => request.periods.length > 0)
    .map((request) => ({ k: request.kpi.id, f: request.periods[0]?.key, t: request.periods.at(-1)?.key }));
  if (wanted.length === 0) return byKpi;
  const rows = await queryRows<{ kpi_id: number; period: string; value: number }>(
    db,
    sql`select v.kpi_id, v.period, v.value::float8 as value
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(k int, f text, t text)
      join kpi_values v on v.kpi_id = w.k and v.period between w.f and w.t`,
  );
  for (const row of rows) byKpi.get(Number(row.kpi_id))?.set(row.period, Number(row.value));
  return byKpi;
}

type CountRow = { k: number; bucket: string } & Record<`c${number}`, number>;

/** Survey KPIs: their state against the survey's questions, and their values from the counts. */
async function surveyValues(
  deps: ComputeDeps,
  requests: readonly ValueRequest[],
): Promise<Map<number, ComputedValues>> {
  const result = new Map<number, ComputedValues>();
  if (requests.length === 0) return result;
  const surveysOf = new Map<number, number>();
  for (const { kpi } of requests)
    if (kpi.source.survey_id !== null && kpi.survey !== null)
      surveysOf.set(kpi.source.survey_id, kpi.survey.version);
  const questionLists = new Map(
    await Promise.all(
      [...surveysOf].map(
        async ([id, version]) => [id, await deps.questions.get(deps.db, id, version)] as const,
      ),
    ),
  );

  const live: Array<{ request: ValueRequest; question: Question | null }> = [];
  for (const request of requests) {
    const { source, survey } = request.kpi;
    const questions =
      source.survey_id === null || survey === null ? null : (questionLists.get(source.survey_id) ?? null);
    const state = surveySourceState(source, questions === null ? null : { questions });
    if (state !== 'ok') {
      result.set(request.kpi.id, { state, values: NO_VALUES });
      continue;
    }
    const question = questions?.find((each) => each.id === source.question_id) ?? null;
    live.push({ request, question });
  }
  if (live.length === 0) return result;

  const answerWants = live
    .filter(
      ({ request }) =>
        KPI_METRICS[surveyMetricOf(request.kpi.source) ?? 'completed_responses'].question !== null,
    )
    .map(({ request }) => ({
      k: request.kpi.id,
      s: request.kpi.source.survey_id,
      q: request.kpi.source.question_id,
      i: request.kpi.source.statement_id ?? '',
      g: grainOf(request),
      f: firstDay(request),
      t: lastDay(request),
    }));
  const responseWants = live
    .filter(({ request }) => KPI_METRICS[surveyMetricOf(request.kpi.source) ?? 'nps'].question === null)
    .map(({ request }) => ({
      k: request.kpi.id,
      s: request.kpi.source.survey_id,
      g: grainOf(request),
      f: firstDay(request),
      t: lastDay(request),
    }));
  const linkSurveys = [...new Set(responseWants.map((want) => want.s))];

  const [answerRows, responseRows, linkRows] = await Promise.all([
    answerWants.length === 0
      ? []
      : queryRows<CountRow>(
          deps.db,
          sql`select w.k, to_char(c.bucket, 'YYYY-MM-DD') as bucket,
              c.c0, c.c1, c.c2, c.c3, c.c4, c.c5, c.c6, c.c7, c.c8, c.c9, c.c10
            from jsonb_to_recordset(${JSON.stringify(answerWants)}::jsonb) as w(k int, s int, q text, i text, g text, f date, t date)
            join survey_answer_counts c on c.survey_id = w.s and c.question_id = w.q and c.item_id = w.i
              and c.grain = w.g and c.bucket between w.f and w.t`,
        ),
    responseWants.length === 0
      ? []
      : queryRows<{ k: number; bucket: string; completed: number; completed_personal: number }>(
          deps.db,
          sql`select w.k, to_char(c.bucket, 'YYYY-MM-DD') as bucket, c.completed, c.completed_personal
            from jsonb_to_recordset(${JSON.stringify(responseWants)}::jsonb) as w(k int, s int, g text, f date, t date)
            join survey_response_counts c on c.survey_id = w.s and c.grain = w.g and c.bucket between w.f and w.t`,
        ),
    linkSurveys.length === 0
      ? []
      : queryRows<{ survey_id: number; links: number }>(
          deps.db,
          sql`select survey_id, sum(personal_links)::int as links from survey_response_counts
            where grain = 'month'
              and survey_id = any (array(select jsonb_array_elements_text(${JSON.stringify(linkSurveys)}::jsonb)::int))
            group by survey_id`,
        ),
  ]);
  const links = new Map(linkRows.map((row) => [Number(row.survey_id), Number(row.links)]));
  const answersOf = groupBy(answerRows, (row) => Number(row.k));
  const responsesOf = groupBy(responseRows, (row) => Number(row.k));

  for (const { request, question } of live) {
    const wanted = new Set(request.periods.map((period) => period.key));
    const counts = new Map<
      string,
      { values: Record<number, number>; completed: number; completedPersonal: number }
    >();
    const countsOf = (key: string) => {
      let entry = counts.get(key);
      if (entry === undefined) {
        entry = { values: {}, completed: 0, completedPersonal: 0 };
        counts.set(key, entry);
      }
      return entry;
    };
    const id = request.kpi.id;
    for (const row of answersOf.get(id) ?? []) {
      const key = periodKeyOf(request, row.bucket, wanted);
      if (key === null) continue;
      const entry = countsOf(key);
      for (let value = 0; value <= 10; value++)
        entry.values[value] = (entry.values[value] ?? 0) + Number(row[`c${value}`]);
    }
    for (const row of responsesOf.get(id) ?? []) {
      const key = periodKeyOf(request, row.bucket, wanted);
      if (key === null) continue;
      const entry = countsOf(key);
      entry.completed += Number(row.completed);
      entry.completedPersonal += Number(row.completed_personal);
    }
    const metric = surveyMetricOf(request.kpi.source);
    const values = new Map<string, number>();
    if (metric !== null) {
      const personalLinks = links.get(request.kpi.source.survey_id ?? 0) ?? 0;
      for (const period of request.periods) {
        const entry = counts.get(period.key);
        const periodCounts: SurveyPeriodCounts = {
          values: (entry?.values ?? {}) as CountsByValue,
          completed: entry?.completed ?? 0,
          completedPersonal: entry?.completedPersonal ?? 0,
          personalLinks,
        };
        const value = surveyMetricValue(metric, question, request.kpi.source.statement_id, periodCounts);
        if (value !== null) values.set(period.key, value);
      }
    }
    result.set(id, { state: 'ok', values });
  }
  return result;
}

/** Finance KPIs: the records' income and costs per period; 'no_finance_data' without records. */
async function financeValues(
  db: Queryable,
  organizationId: number,
  requests: readonly ValueRequest[],
): Promise<Map<number, ComputedValues>> {
  const result = new Map<number, ComputedValues>();
  const grains = [...new Set(requests.filter((request) => request.periods.length > 0).map(grainOf))];
  const totalsByGrain = new Map(
    await Promise.all(
      grains.map(async (grain) => {
        const range = requests.filter((request) => grainOf(request) === grain && request.periods.length > 0);
        const days = [...range.map(firstDay), ...range.map(lastDay)].sort();
        const from = days[0] as string;
        const to = days.at(-1) as string;
        return [grain, await financeTotals(db, organizationId, grain, from, to)] as const;
      }),
    ),
  );
  for (const request of requests) {
    const totals = totalsByGrain.get(grainOf(request));
    const metric = financeMetricOf(request.kpi.source);
    if (request.periods.length === 0 || totals === undefined || metric === null) {
      result.set(request.kpi.id, { state: 'ok', values: NO_VALUES });
      continue;
    }
    if (totals === null) {
      result.set(request.kpi.id, { state: 'no_finance_data', values: NO_VALUES });
      continue;
    }
    const wanted = new Set(request.periods.map((period) => period.key));
    const byPeriod = new Map<string, { incomeCents: number; costCents: number }>();
    for (const [bucket, sums] of totals) {
      const key = periodKeyOf(request, bucket, wanted);
      if (key === null) continue;
      const entry = byPeriod.get(key) ?? { incomeCents: 0, costCents: 0 };
      byPeriod.set(key, {
        incomeCents: entry.incomeCents + sums.incomeCents,
        costCents: entry.costCents + sums.costCents,
      });
    }
    const values = new Map<string, number>();
    for (const period of request.periods) {
      const sums: FinancePeriodTotals = byPeriod.get(period.key) ?? { incomeCents: 0, costCents: 0 };
      const value = financeMetricValue(metric, sums);
      if (value !== null) values.set(period.key, value);
    }
    result.set(request.kpi.id, { state: 'ok', values });
  }
  return result;
}

/** The values of every request, by KPI id, each source's statements running side by side. */
export async function computeKpiValues(
  deps: ComputeDeps,
  organizationId: number,
  requests: readonly ValueRequest[],
): Promise<Map<number, ComputedValues>> {
  const bySource = (type: KpiRecord['source']['type']) =>
    requests.filter((request) => request.kpi.source.type === type);
  const manual = bySource('manual');
  const [stored, fromSurveys, fromFinance] = await Promise.all([
    manualValues(deps.db, manual),
    surveyValues(deps, bySource('survey')),
    bySource('finance').length === 0
      ? new Map<number, ComputedValues>()
      : financeValues(deps.db, organizationId, bySource('finance')),
  ]);
  const result = new Map<number, ComputedValues>([...fromSurveys, ...fromFinance]);
  for (const request of manual)
    result.set(request.kpi.id, { state: 'ok', values: stored.get(request.kpi.id) ?? NO_VALUES });
  return result;
}

/**
 * The state of KPIs (lists, a KPI's page): survey KPIs against their survey's questions, finance
 * KPIs by whether the organisation has finance records; computed over the running period only.
 */
export async function kpiStates(
  deps: ComputeDeps,
  organizationId: number,
  kpis: readonly KpiRecord[],
  today: string,
): Promise<Map<number, KpiState>> {
  const computed = await computeKpiValues(
    deps,
    organizationId,
    kpis
      .filter((kpi) => kpi.source.type !== 'manual')
      .map((kpi) => ({ kpi, periods: [periodOf(kpi.periodKind, today)] })),
  );
  return new Map(kpis.map((kpi) => [kpi.id, computed.get(kpi.id)?.state ?? 'ok']));
}
