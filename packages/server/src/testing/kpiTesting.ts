import type { Kpi, KpiInput, KpiSourceInput } from '@loop/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestTeam } from './teams';
import { api, type TestContext } from './testApp';

/** A manual source: the values are entered. */
export const MANUAL_SOURCE: KpiSourceInput = {
  type: 'manual',
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
};

/** A sound definition: monthly revenue in euro, higher is better, target € 10.000 with a band to € 8.000. */
export const kpiInput = (overrides: Partial<KpiInput> = {}): KpiInput => ({
  name: 'Omzet per maand',
  description: 'Alle omzet inclusief btw.',
  unit: 'euro',
  direction: 'higher',
  period_kind: 'month',
  target: 1_000_000,
  warning: 800_000,
  period_targets: [],
  owner_id: null,
  source: MANUAL_SOURCE,
  ...overrides,
});

/** A call of a team member (the owner unless another token is given) under /api/v1. */
export const teamCall = (
  ctx: Pick<TestContext, 'app'>,
  team: TestTeam,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  token = team.owner.token,
): Promise<LightMyRequestResponse> =>
  api(ctx.app, method, path, { token, headers: team.headers, ...(payload === undefined ? {} : { payload }) });

/** Creates a KPI through the API and fails loudly when that does not give 201. */
export async function createKpi(
  ctx: Pick<TestContext, 'app'>,
  team: TestTeam,
  overrides: Partial<KpiInput> = {},
): Promise<Kpi> {
  const response = await teamCall(ctx, team, 'POST', '/kpis', kpiInput(overrides));
  if (response.statusCode !== 201)
    throw new Error(`KPI not created: ${response.statusCode} ${response.body}`);
  return response.json<Kpi>();
}
