import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_MESSAGES,
  type BusinessAnalysisList,
  type BusinessAnalysisResponse,
  err,
  type LatestBusinessAnalysis,
  ok,
  type Result,
} from '@loop/core';
import type { Clock } from '../clock';
import { heartbeatEveryMs, LEASE_MS, startHeartbeat } from '../cluster/leaseHeartbeat';
import type { BusinessAnalysisRow } from '../db/schema';
import type { ComputeDeps } from '../kpis/kpiComputation';
import { analysisDataPoints, gatherAnalysisInput } from './analysisData';
import {
  claimAnalysisSlot,
  findAnalysis,
  findLatestAnalysis,
  insertAnalysis,
  listAnalyses,
  releaseAnalysisSlot,
  renewAnalysisSlot,
} from './analysisStore';
import type { Analyst } from './analyst';
import { analystWithin } from './analystTime';

export interface AnalysisDeps extends ComputeDeps {
  readonly clock: Clock;
  readonly analyst: Analyst;
  /** How long the analyst may take (ANALYSIS_TIMEOUT_MS). */
  readonly timeoutMs: number;
}

/** Why no analysis came: no data (400), one already running (409), too slow (504), the model (502). */
export type AnalysisRefusal = 'no_data' | 'busy' | 'timeout' | 'unreachable' | 'unusable';

export const REFUSAL_DETAILS: Readonly<Record<AnalysisRefusal, string>> = {
  no_data: ANALYSIS_MESSAGES.noData,
  busy: ANALYSIS_MESSAGES.busy,
  timeout: ANALYSIS_MESSAGES.timeout,
  unreachable: ANALYSIS_MESSAGES.llmUnreachable,
  unusable: ANALYSIS_MESSAGES.llmUnusable,
};

/**
 * The claim is a lease renewed by a heartbeat while the analysis runs (R-CLUSTER-5): should the
 * instance that holds it die, another may start one after LEASE_MS, not after the analyst's time limit.
 */
const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS);

interface Organization {
  readonly id: number;
  readonly name: string;
}

export const toWireAnalysis = (
  row: BusinessAnalysisRow,
  organization: Organization,
): BusinessAnalysisResponse => ({
  analysis: row.analysis,
  metadata: {
    organization: { name: organization.name },
    data_points: { kpis: row.kpiCount, surveys: row.surveyCount },
    generated_at: row.generatedAt.toISOString(),
  },
});

/**
 * Makes and stores an analysis of the organisation (R-ANALYSIS-8 POST /organization/business-analysis):
 * one at a time per organisation (a second request while one runs is refused, 'busy'), refused
 * without KPIs and without surveys with responses, within the time limit.
 */
export async function createBusinessAnalysis(
  deps: AnalysisDeps,
  organization: Organization,
  userId: number,
): Promise<Result<{ readonly id: number; readonly response: BusinessAnalysisResponse }, AnalysisRefusal>> {
  const token = randomUUID();
  const started = deps.clock.now();
  if (!(await claimAnalysisSlot(deps.db, organization.id, token, started, leaseFrom(started))))
    return err('busy', ANALYSIS_MESSAGES.busy);
  const heartbeat = startHeartbeat(
    () => renewAnalysisSlot(deps.db, organization.id, token, leaseFrom(deps.clock.now())),
    heartbeatEveryMs(LEASE_MS),
    () => {},
  );
  try {
    const input = await gatherAnalysisInput(deps, organization, started);
    if (input.kpis.length === 0 && input.surveys.length === 0)
      return err('no_data', ANALYSIS_MESSAGES.noData);
    const report = await analystWithin(deps.timeoutMs, (signal) => deps.analyst.analyse(input, signal));
    if (!report.ok) return err(report.error, REFUSAL_DETAILS[report.error]);
    const row = await insertAnalysis(deps.db, {
      organizationId: organization.id,
      analysis: report.value,
      dataPoints: { kpis: input.kpis.length, surveys: input.surveys.length },
      analyst: deps.analyst.kind,
      createdBy: userId,
      generatedAt: deps.clock.now(),
    });
    return ok({ id: row.id, response: toWireAnalysis(row, organization) });
  } finally {
    heartbeat.stop();
    await releaseAnalysisSlot(deps.db, organization.id, token);
  }
}

/** The organisation's analyses, newest first, and what one made now would be based on. */
export async function businessAnalysisList(
  deps: Pick<AnalysisDeps, 'db'>,
  organizationId: number,
): Promise<BusinessAnalysisList> {
  const [dataPoints, rows] = await Promise.all([
    analysisDataPoints(deps.db, organizationId),
    listAnalyses(deps.db, organizationId),
  ]);
  return {
    data_points: dataPoints,
    analyses: rows.map((row) => ({
      id: row.id,
      generated_at: row.generatedAt.toISOString(),
      data_points: { kpis: row.kpiCount, surveys: row.surveyCount },
    })),
  };
}

/** One stored analysis of the organisation; null for another organisation's or an unknown id. */
export async function storedBusinessAnalysis(
  deps: Pick<AnalysisDeps, 'db'>,
  organization: Organization,
  id: number | null,
): Promise<BusinessAnalysisResponse | null> {
  const row = id === null ? null : await findAnalysis(deps.db, organization.id, id);
  return row === null ? null : toWireAnalysis(row, organization);
}

/** The organisation's newest analysis with its id (GET /organization/business-analysis). */
export async function latestBusinessAnalysis(
  deps: Pick<AnalysisDeps, 'db'>,
  organization: Organization,
): Promise<LatestBusinessAnalysis> {
  const row = await findLatestAnalysis(deps.db, organization.id);
  return { latest: row === null ? null : { id: row.id, ...toWireAnalysis(row, organization) } };
}
