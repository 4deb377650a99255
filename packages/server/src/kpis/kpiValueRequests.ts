import type { KpiState } from '@loop/core';
import type { Period } from '@loop/core/periods';
import type { Queryable } from '../db/database';
import type { CountGrain } from '../db/schema';
import type { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import type { KpiCardSource } from './kpiStore';

/** What the computation of KPI values asks and answers (kpiComputation.ts, financeSource.ts). */

/** A KPI and the periods (of its kind, oldest first) whose values are wanted. */
export interface ValueRequest {
  readonly kpi: KpiCardSource;
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

export const grainOf = (request: ValueRequest): CountGrain =>
  request.kpi.periodKind === 'week' ? 'week' : 'month';
export const firstDay = (request: ValueRequest): string => request.periods[0]?.start ?? '';
export const lastDay = (request: ValueRequest): string => request.periods.at(-1)?.end ?? '';

export const NO_VALUES: ReadonlyMap<string, number> = new Map();
