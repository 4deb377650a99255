import type { KpiState, Question } from '@loop/core';
import {
  KPI_METRICS,
  type SurveyPeriodCounts,
  surveyMetricOf,
  surveyMetricValue,
  surveySourceState,
} from '@loop/core/kpis';
import { type Period, periodOf } from '@loop/core/periods';
import type { CountsByValue } from '@loop/core/surveys/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';
import type { AnswerRow, BoardRows, ResponseRow, ValueRow } from './boardData';
import { financeValues } from './financeSource';
import { withLatestRounds } from './kpiRounds';
import type { KpiCardSource, KpiRecord } from './kpiStore';
import {
  type ComputeDeps,
  type ComputedValues,
  firstDay,
  grainOf,
  lastDay,
  NO_VALUES,
  type ValueRequest,
} from './kpiValueRequests';

export type { ComputeDeps, ComputedValues, ValueRequest } from './kpiValueRequests';

/**
 * The values of many KPIs over their periods, in a few statements whatever the number of KPIs:
 * one for every manual value wanted, two for the survey-sourced KPIs' counts (answers and
 * responses, summed per period in SQL from the per-week and per-month counts, never the answers)
 * plus one for the surveys' personal links, and one per grain for finance. The board reads the
 * same rows in one statement of its own (boardData.ts) and turns them into values here too.
 */

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

/** The first day of a period of the KPI's kind, the way the SQL writes it: 'YYYY-MM-DD'. */
const startsOf = (periods: readonly Period[]): Map<string, string> =>
  new Map(periods.map((period) => [period.start, period.key]));

/**
 * A period's first day as SQL computes it from a bucket: a week's is its Monday, a month's its
 * first, a quarter's and a year's the first of their first month.
 */
const periodStartOf = (kind: SQL, bucket: SQL): SQL =>
  sql`to_char(case ${kind} when 'quarter' then date_trunc('quarter', ${bucket}) when 'year' then date_trunc('year', ${bucket})
    else ${bucket} end, 'YYYY-MM-DD')`;

/** Manual values as value rows. */
function manualValuesOf(request: ValueRequest, rows: readonly ValueRow[]): ReadonlyMap<string, number> {
  const wanted = new Set(request.periods.map((period) => period.key));
  const values = new Map<string, number>();
  for (const [, period, value] of rows) if (wanted.has(period)) values.set(period, Number(value));
  return values;
}

/** A survey KPI's values from its answer and response rows (summed per period start). */
function surveyValuesOf(
  request: ValueRequest,
  question: Question | null,
  answers: readonly AnswerRow[],
  responses: readonly ResponseRow[],
  personalLinks: number,
): ReadonlyMap<string, number> {
  const metric = surveyMetricOf(request.kpi.source);
  if (metric === null) return NO_VALUES;
  const keys = startsOf(request.periods);
  const counts = new Map<
    string,
    { values: Record<number, number>; completed: number; completedPersonal: number }
  >();
  const entryOf = (start: string) => {
    const key = keys.get(start);
    if (key === undefined) return null;
    let entry = counts.get(key);
    if (entry === undefined) {
      entry = { values: {}, completed: 0, completedPersonal: 0 };
      counts.set(key, entry);
    }
    return entry;
  };
  for (const [, start, ...byValue] of answers) {
    const entry = entryOf(start);
    if (entry === null) continue;
    byValue.forEach((count, value) => {
      entry.values[value] = (entry.values[value] ?? 0) + Number(count);
    });
  }
  for (const [, start, completed, completedPersonal] of responses) {
    const entry = entryOf(start);
    if (entry === null) continue;
    entry.completed += Number(completed);
    entry.completedPersonal += Number(completedPersonal);
  }
  const values = new Map<string, number>();
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
  return values;
}

/** Survey KPIs' states against their surveys' current questions (cached by content version). */
async function surveyStates(
  deps: ComputeDeps,
  requests: readonly ValueRequest[],
): Promise<Map<number, { readonly state: KpiState; readonly question: Question | null }>> {
  const versions = new Map<number, number>();
  for (const { kpi } of requests)
    if (kpi.source.survey_id !== null && kpi.survey !== null)
      versions.set(kpi.source.survey_id, kpi.survey.version);
  const questionLists = new Map(
    await Promise.all(
      [...versions].map(
        async ([id, version]) => [id, await deps.questions.get(deps.db, id, version)] as const,
      ),
    ),
  );
  return new Map(
    requests.map(({ kpi }) => {
      const { source, survey } = kpi;
      const questions =
        source.survey_id === null || survey === null ? null : (questionLists.get(source.survey_id) ?? null);
      const state = surveySourceState(source, questions === null ? null : { questions });
      return [kpi.id, { state, question: questions?.find((each) => each.id === source.question_id) ?? null }];
    }),
  );
}

const needsAnswers = (kpi: KpiCardSource): boolean =>
  KPI_METRICS[surveyMetricOf(kpi.source) ?? 'completed_responses'].question !== null;

/** Manual KPIs: their stored values in the wanted periods, in one statement. */
async function manualRows(db: Queryable, requests: readonly ValueRequest[]): Promise<ValueRow[]> {
  const wanted = requests
    .filter((request) => request.periods.length > 0)
    .map((request) => ({ k: request.kpi.id, f: request.periods[0]?.key, t: request.periods.at(-1)?.key }));
  if (wanted.length === 0) return [];
  const rows = await queryRows<{ kpi_id: number; period: string; value: number }>(
    db,
    sql`select v.kpi_id, v.period, v.value::float8 as value
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(k int, f text, t text)
      join kpi_values v on v.kpi_id = w.k and v.period between w.f and w.t`,
  );
  return rows.map((row) => [Number(row.kpi_id), row.period, Number(row.value)] as const);
}

/** Survey KPIs' answer and response rows per period start, and their surveys' personal links. */
async function surveyRows(db: Queryable, requests: readonly ValueRequest[]) {
  const want = (request: ValueRequest) => ({
    k: request.kpi.id,
    s: request.kpi.source.survey_id,
    q: request.kpi.source.question_id,
    i: request.kpi.source.statement_id ?? '',
    g: grainOf(request),
    p: request.kpi.periodKind,
    f: firstDay(request),
    t: lastDay(request),
  });
  const answerWants = requests.filter((request) => needsAnswers(request.kpi)).map(want);
  const responseWants = requests.filter((request) => !needsAnswers(request.kpi)).map(want);
  const linkSurveys = [
    ...new Set(
      requests
        .filter((request) => request.kpi.source.metric === 'response_rate')
        .map((request) => request.kpi.source.survey_id),
    ),
  ];
  const wants = (list: unknown[]) =>
    sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as w(k int, s int, q text, i text, g text, p text, f date, t date)`;
  const [answers, responses, links] = await Promise.all([
    answerWants.length === 0
      ? []
      : queryRows<{ row: AnswerRow }>(
          db,
          sql`select json_build_array(w.k, p.start, sum(c.c0), sum(c.c1), sum(c.c2),
              sum(c.c3), sum(c.c4), sum(c.c5), sum(c.c6), sum(c.c7), sum(c.c8), sum(c.c9), sum(c.c10)) as row
            from ${wants(answerWants)}
            join survey_answer_counts c on c.survey_id = w.s and c.question_id = w.q and c.item_id = w.i
              and c.grain = w.g and c.bucket between w.f and w.t
            cross join lateral (select ${periodStartOf(sql`w.p`, sql`c.bucket`)} as start) p
            group by w.k, p.start`,
        ),
    responseWants.length === 0
      ? []
      : queryRows<{ row: ResponseRow }>(
          db,
          sql`select json_build_array(w.k, p.start, sum(c.completed), sum(c.completed_personal)) as row
            from ${wants(responseWants)}
            join survey_response_counts c on c.survey_id = w.s and c.grain = w.g and c.bucket between w.f and w.t
            cross join lateral (select ${periodStartOf(sql`w.p`, sql`c.bucket`)} as start) p
            group by w.k, p.start`,
        ),
    linkSurveys.length === 0
      ? []
      : queryRows<{ survey_id: number; links: number }>(
          db,
          sql`select survey_id, sum(personal_links)::int as links from survey_response_counts
            where grain = 'month'
              and survey_id = any (array(select jsonb_array_elements_text(${JSON.stringify(linkSurveys)}::jsonb)::int))
            group by survey_id`,
        ),
  ]);
  return {
    answers: answers.map((each) => each.row),
    responses: responses.map((each) => each.row),
    links: new Map(links.map((row) => [Number(row.survey_id), Number(row.links)])),
  };
}

/** Values of every request from rows already read (by the board's statement or the queries here). */
async function valuesFromRows(
  deps: ComputeDeps,
  organizationId: number,
  requests: readonly ValueRequest[],
  rows: {
    readonly values: readonly ValueRow[];
    readonly answers: readonly AnswerRow[];
    readonly responses: readonly ResponseRow[];
    readonly links: ReadonlyMap<number, number>;
  },
): Promise<Map<number, ComputedValues>> {
  const bySource = (type: KpiRecord['source']['type']) =>
    requests.filter((request) => request.kpi.source.type === type);
  const [states, fromFinance] = await Promise.all([
    surveyStates(deps, bySource('survey')),
    bySource('finance').length === 0
      ? new Map<number, ComputedValues>()
      : financeValues(deps.db, organizationId, bySource('finance')),
  ]);
  const values = groupBy(rows.values, (row) => Number(row[0]));
  const answers = groupBy(rows.answers, (row) => Number(row[0]));
  const responses = groupBy(rows.responses, (row) => Number(row[0]));
  const result = new Map<number, ComputedValues>(fromFinance);
  for (const request of requests) {
    const { id, source } = request.kpi;
    if (source.type === 'manual')
      result.set(id, { state: 'ok', values: manualValuesOf(request, values.get(id) ?? []) });
    if (source.type !== 'survey') continue;
    const checked = states.get(id);
    if (checked === undefined || checked.state !== 'ok') {
      result.set(id, { state: checked?.state ?? 'ok', values: NO_VALUES });
      continue;
    }
    result.set(id, {
      state: 'ok',
      values: surveyValuesOf(
        request,
        checked.question,
        answers.get(id) ?? [],
        responses.get(id) ?? [],
        rows.links.get(source.survey_id ?? 0) ?? 0,
      ),
    });
  }
  await withLatestRounds(deps.db, requests, states, result);
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
  const surveys = bySource('survey').filter(
    (request) => request.kpi.survey !== null && request.periods.length > 0,
  );
  const [values, counted] = await Promise.all([
    manualRows(deps.db, bySource('manual')),
    surveys.length === 0
      ? { answers: [], responses: [], links: new Map<number, number>() }
      : surveyRows(deps.db, surveys),
  ]);
  return valuesFromRows(deps, organizationId, requests, { values, ...counted });
}

/** The values of the board's KPIs from the board's own rows (boardData.ts). */
export function boardValues(
  deps: ComputeDeps,
  organizationId: number,
  requests: readonly ValueRequest[],
  rows: BoardRows,
): Promise<Map<number, ComputedValues>> {
  return valuesFromRows(deps, organizationId, requests, rows);
}

/**
 * The state of KPIs (lists, a KPI's page): survey KPIs against their survey's questions, finance
 * KPIs by whether the organisation has finance records (over the running period).
 */
export async function kpiStates(
  deps: ComputeDeps,
  organizationId: number,
  kpis: readonly KpiRecord[],
  today: string,
): Promise<Map<number, KpiState>> {
  const requests = kpis
    .filter((kpi) => kpi.source.type !== 'manual')
    .map((kpi) => ({ kpi, periods: [periodOf(kpi.periodKind, today)] }));
  const [states, finance] = await Promise.all([
    surveyStates(
      deps,
      requests.filter((request) => request.kpi.source.type === 'survey'),
    ),
    financeValues(
      deps.db,
      organizationId,
      requests.filter((request) => request.kpi.source.type === 'finance'),
    ),
  ]);
  return new Map(
    kpis.map((kpi) => [kpi.id, states.get(kpi.id)?.state ?? finance.get(kpi.id)?.state ?? 'ok']),
  );
}
