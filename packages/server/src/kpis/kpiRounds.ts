import type { KpiState, Question } from '@loop/core';
import { isoDay } from '@loop/core/format';
import { KPI_METRICS, surveyMetricOf, surveyMetricValue } from '@loop/core/kpis';
import type { CountsByValue } from '@loop/core/surveys/model';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import type { ComputedValues, ValueRequest } from './kpiValueRequests';

interface SentRound {
  readonly id: number;
  readonly surveyId: number;
  /** The Dutch day the round went out. */
  readonly day: string;
}

interface RoundCounts {
  values: Record<number, number>;
  completed: number;
  links: number;
}

/**
 * Survey KPIs of a survey that runs in pulse rounds take the latest round (R-ROUND-8): a period's
 * value is the figure of the newest round sent on or before the period's last day, counted from that
 * round's own responses (a response answering an older round late does not move it), with the same
 * scoring as every survey KPI. Periods before the first round keep their value from the counts.
 * One query finds the sent rounds; only when there are any, two more read their responses and the
 * KPIs' answers, bounded by the rounds (their responses through `survey_responses_round_idx`).
 */
export async function withLatestRounds(
  db: Queryable,
  requests: readonly ValueRequest[],
  states: ReadonlyMap<number, { readonly state: KpiState; readonly question: Question | null }>,
  result: Map<number, ComputedValues>,
): Promise<void> {
  const surveyRequests = requests.filter(
    (request) => request.kpi.source.type === 'survey' && states.get(request.kpi.id)?.state === 'ok',
  );
  const surveyIds = [...new Set(surveyRequests.map((request) => request.kpi.source.survey_id ?? 0))];
  if (surveyIds.length === 0) return;
  const rounds = (
    await queryRows<{ id: number; survey_id: number; sent_at: string }>(
      db,
      sql`select id, survey_id, ${isoTimestamp(sql`sent_at`)} as sent_at from survey_rounds
          where state = 'sent' and survey_id = any (array(select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)::int))
          order by sent_at, id`,
    )
  ).map(
    (row): SentRound => ({
      id: Number(row.id),
      surveyId: Number(row.survey_id),
      day: isoDay(new Date(row.sent_at)),
    }),
  );
  if (rounds.length === 0) return;
  const counts = await roundCounts(db, rounds, surveyRequests);
  for (const request of surveyRequests) {
    const surveyRounds = rounds.filter((round) => round.surveyId === request.kpi.source.survey_id);
    const metric = surveyMetricOf(request.kpi.source);
    if (surveyRounds.length === 0 || metric === null) continue;
    const before = result.get(request.kpi.id);
    const values = new Map(before?.values ?? []);
    for (const period of request.periods) {
      const latest = surveyRounds.filter((round) => round.day <= period.end).at(-1);
      if (latest === undefined) continue;
      const counted = counts.get(`${request.kpi.id}:${latest.id}`) ?? counts.get(`-:${latest.id}`);
      const base = counts.get(`-:${latest.id}`);
      const value = surveyMetricValue(
        metric,
        states.get(request.kpi.id)?.question ?? null,
        request.kpi.source.statement_id,
        {
          values: (counted?.values ?? {}) as CountsByValue,
          completed: base?.completed ?? 0,
          completedPersonal: base?.completed ?? 0,
          personalLinks: base?.links ?? 0,
        },
      );
      if (value === null) values.delete(period.key);
      else values.set(period.key, value);
    }
    result.set(request.kpi.id, { state: before?.state ?? 'ok', values });
  }
}

/** Per round ('-:<round>'): submitted responses and links; per KPI and round ('<kpi>:<round>'): its answers by value. */
async function roundCounts(
  db: Queryable,
  rounds: readonly SentRound[],
  requests: readonly ValueRequest[],
): Promise<Map<string, RoundCounts>> {
  const ids = JSON.stringify(rounds.map((round) => round.id));
  const roundIds = sql`array(select jsonb_array_elements_text(${ids}::jsonb)::int)`;
  const wants = requests
    .filter(
      (request) => KPI_METRICS[surveyMetricOf(request.kpi.source) ?? 'completed_responses'].question !== null,
    )
    .map((request) => ({
      k: request.kpi.id,
      q: request.kpi.source.question_id,
      i: request.kpi.source.statement_id ?? '',
    }));
  const [responses, answers] = await Promise.all([
    queryRows<{ round_id: number; completed: number; links: number }>(
      db,
      sql`select round_id, count(*) filter (where status = 'completed')::int as completed, count(*)::int as links
          from survey_responses where round_id = any (${roundIds}) group by round_id`,
    ),
    wants.length === 0
      ? []
      : queryRows<{ k: number; round_id: number; value: number; count: number }>(
          db,
          sql`select w.k, p.round_id, a.num_value as value, count(*)::int as count
              from jsonb_to_recordset(${JSON.stringify(wants)}::jsonb) as w(k int, q text, i text)
              join survey_responses p on p.round_id = any (${roundIds}) and p.status = 'completed'
              join survey_answers a on a.response_id = p.id and a.question_id = w.q and a.item_id = w.i
              where a.num_value is not null
              group by w.k, p.round_id, a.num_value`,
        ),
  ]);
  const counts = new Map<string, RoundCounts>();
  const entry = (key: string) => {
    let found = counts.get(key);
    if (found === undefined) {
      found = { values: {}, completed: 0, links: 0 };
      counts.set(key, found);
    }
    return found;
  };
  for (const row of responses) {
    const each = entry(`-:${row.round_id}`);
    each.completed = Number(row.completed);
    each.links = Number(row.links);
  }
  for (const row of answers) {
    const each = entry(`${row.k}:${row.round_id}`);
    each.values[Number(row.value)] = Number(row.count);
  }
  return counts;
}
