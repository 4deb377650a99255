import type { Kpi, KpiHeading, KpiState, Question } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { isoDay } from '@loop/core/format';
import type { KpiPlan } from '@loop/core/kpis';
import type { BoardResponseCache, KpiValuesCache } from './boardCache';
import { findKpi, type KpiCardSource, type KpiRecord } from './kpiStore';
import type { ComputeDeps } from './kpiValueRequests';

/**
 * What the KPI routes do, as functions of their deps that answer values or refusals: the routes
 * parse, call one of these and map a refusal to its HTTP status (kpiRoutes.ts). This file holds
 * what they share; the use-cases are by sub-area: definitions (kpiDefinitionUseCases.ts), values
 * and their CSV (kpiValueUseCases.ts), the board (kpiBoardUseCases.ts), and history, comparison
 * and drill-down (kpiAnalysisUseCases.ts).
 */

export const KPI_ERRORS = {
  notFound: 'KPI niet gevonden.',
  valueNotFound: 'Voor deze periode is geen waarde ingevuld.',
  computed: (source: 'survey' | 'finance') =>
    `Deze KPI rekent zijn waarden uit ${source === 'survey' ? 'een survey' : 'de financiën'}; alleen handmatige KPI's krijgen ingevoerde of geïmporteerde waarden.`,
  periodKindFixed:
    'Deze KPI heeft al waarden: de periode en de eenheid blijven zoals ze zijn. Verwijder eerst de waarden, of maak een nieuwe KPI.',
  periods: 'Kies 2 tot en met 36 perioden.',
  day: 'Vul een geldige datum in (JJJJ-MM-DD).',
  range: 'De einddatum ligt voor de begindatum.',
  rangeTooLong: 'Kies een bereik van hoogstens 10 jaar.',
  ids: "Geef KPI-ids als getallen met komma's, hoogstens 100.",
  unknownIds: "Kies alleen KPI's van je organisatie.",
} as const;

/** The board's periods when the query names none, and the most it shows (and a drill-down's default). */
export const BOARD_PERIODS_DEFAULT = 12;
export const BOARD_PERIODS_MAX = 36;

export type KpiRefusalCode = 'not_found' | 'invalid' | 'conflict';

export interface KpiRefusal {
  readonly ok: false;
  readonly code: KpiRefusalCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
}

export type KpiResult<T> = { readonly ok: true; readonly value: T } | KpiRefusal;

export const ok = <T>(value: T): KpiResult<T> => ({ ok: true, value });
export const refuse = (code: KpiRefusalCode, detail: string, fields?: FieldErrors): KpiRefusal =>
  fields === undefined ? { ok: false, code, detail } : { ok: false, code, detail, fields };
export const invalid = (fields: FieldErrors): KpiRefusal =>
  refuse('invalid', Object.values(fields)[0] ?? 'Controleer de ingevulde gegevens.', fields);

export interface KpiDeps extends ComputeDeps {
  readonly now: () => Date;
  /** Values the board computed, kept while their inputs are unchanged. */
  readonly boardCache: KpiValuesCache;
  /** Whole board answers, serialised, kept while the board's index is unchanged. */
  readonly boardResponses: BoardResponseCache;
  /** The organisation's surveys by id, with their questions (null: not the organisation's). */
  readonly survey: (
    organizationId: number,
    surveyId: number,
  ) => Promise<{ readonly questions: readonly Question[] } | null>;
}

/** Today in the Netherlands, 'YYYY-MM-DD'. */
export const todayOf = (deps: Pick<KpiDeps, 'now'>): string => isoDay(deps.now());

export const planOf = (kpi: KpiCardSource): KpiPlan => ({
  direction: kpi.direction,
  target: kpi.target,
  warning: kpi.warning,
  period_targets: kpi.periodTargets,
});

/** What a card or a list row names of a KPI. */
export const headingOf = (kpi: KpiCardSource, state: KpiState): KpiHeading => ({
  id: kpi.id,
  name: kpi.name,
  unit: kpi.unit,
  direction: kpi.direction,
  period_kind: kpi.periodKind,
  owner: kpi.owner,
  source: { ...kpi.source, survey_title: kpi.survey?.title ?? null },
  state,
});

/** The wire form of a KPI. */
export const toWireKpi = (kpi: KpiRecord, state: KpiState): Kpi => ({
  ...headingOf(kpi, state),
  description: kpi.description,
  target: kpi.target,
  warning: kpi.warning,
  period_targets: kpi.periodTargets,
  created_at: kpi.createdAt.toISOString(),
  updated_at: kpi.updatedAt.toISOString(),
});

/** A KPI of the organisation, or the refusal every route gives for another organisation's id. */
export async function kpiOf(
  deps: Pick<KpiDeps, 'db'>,
  organizationId: number,
  id: number | null,
): Promise<KpiResult<KpiRecord>> {
  const kpi = id === null ? null : await findKpi(deps.db, organizationId, id);
  return kpi === null ? refuse('not_found', KPI_ERRORS.notFound) : ok(kpi);
}

/**
 * A check the caller makes once the KPI is known to be the organisation's and before anything
 * else (the plan's feature), so another organisation's KPI is a 404 before a 403. It may throw.
 */
export type KpiGate = () => Promise<void>;

const NO_GATE: KpiGate = async () => {};

/** The organisation's KPI of `id`, its gate passed; the not-found refusal otherwise. */
export async function gatedKpi(
  deps: Pick<KpiDeps, 'db'>,
  organizationId: number,
  id: number | null,
  gate: KpiGate = NO_GATE,
): Promise<KpiResult<KpiRecord>> {
  const found = await kpiOf(deps, organizationId, id);
  if (found.ok) await gate();
  return found;
}
