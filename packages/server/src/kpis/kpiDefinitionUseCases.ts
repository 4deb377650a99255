import type { Kpi, KpiInput } from '@loop/core';
import { KPI_SOURCE_TYPES } from '@loop/core';
import { KPI_MESSAGES, validateKpiInput } from '@loop/core/kpis';
import { PERIOD_KINDS } from '@loop/core/periods';
import { parseId } from '../db/database';
import { kpiStates } from './kpiComputation';
import { deleteKpi, findKpi, insertKpi, isMember, type KpiRecord, listKpis, updateKpi } from './kpiStore';
import {
  invalid,
  KPI_ERRORS,
  type KpiDeps,
  type KpiResult,
  kpiOf,
  ok,
  refuse,
  todayOf,
  toWireKpi,
} from './kpiUseCases';
import { hasStoredValues } from './kpiValueStore';

/** KPI definitions: list, create, read, replace and delete, as functions of their deps (no HTTP). */

/** Checks a definition against core's rules, the survey it names and the owner's membership. */
async function checkDefinition(
  deps: KpiDeps,
  organizationId: number,
  input: KpiInput,
): Promise<KpiResult<KpiInput>> {
  const survey =
    input.source.type === 'survey' && input.source.survey_id !== null
      ? await deps.survey(organizationId, input.source.survey_id)
      : null;
  const checked = validateKpiInput(input, { survey });
  const ownerKnown = input.owner_id === null || (await isMember(deps.db, organizationId, input.owner_id));
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
  if (!ownerKnown) fields.owner_id = KPI_MESSAGES.owner;
  if (!checked.ok || !ownerKnown) return invalid(fields);
  return ok(checked.value);
}

/** The wire form of one KPI with its state. */
async function wireKpi(deps: KpiDeps, kpi: KpiRecord): Promise<Kpi> {
  const states = await kpiStates(deps, kpi.organizationId, [kpi], todayOf(deps));
  return toWireKpi(kpi, states.get(kpi.id) ?? 'ok');
}

export async function createKpi(
  deps: KpiDeps,
  organizationId: number,
  input: KpiInput,
): Promise<KpiResult<Kpi>> {
  const checked = await checkDefinition(deps, organizationId, input);
  if (!checked.ok) return checked;
  const id = await insertKpi(deps.db, organizationId, checked.value, deps.now());
  const kpi = await findKpi(deps.db, organizationId, id);
  if (kpi === null) throw new Error('A KPI just made is gone');
  return ok(await wireKpi(deps, kpi));
}

export async function getKpi(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
): Promise<KpiResult<Kpi>> {
  const found = await kpiOf(deps, organizationId, id);
  return found.ok ? ok(await wireKpi(deps, found.value)) : found;
}

/** Replaces a definition; its period kind and unit stay while it has stored values. */
export async function replaceKpi(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  input: KpiInput,
): Promise<KpiResult<Kpi>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  const checked = await checkDefinition(deps, organizationId, input);
  if (!checked.ok) return checked;
  const kpi = found.value;
  const reshaped = checked.value.period_kind !== kpi.periodKind || checked.value.unit !== kpi.unit;
  if (reshaped && (await hasStoredValues(deps.db, kpi.id)))
    return refuse('conflict', KPI_ERRORS.periodKindFixed);
  if (!(await updateKpi(deps.db, organizationId, kpi.id, checked.value, deps.now())))
    return refuse('not_found', KPI_ERRORS.notFound);
  const updated = await findKpi(deps.db, organizationId, kpi.id);
  return updated === null ? refuse('not_found', KPI_ERRORS.notFound) : ok(await wireKpi(deps, updated));
}

/** The filters of the KPI list, as the query gives them. */
export interface KpiListQuery {
  readonly q?: string;
  readonly source?: string;
  readonly period_kind?: string;
  readonly owner_id?: string;
}

const LIST_MESSAGES = {
  source: 'Kies als bron manual, survey of finance.',
  periodKind: 'Kies als periode week, month, quarter of year.',
  ownerId: 'Geef een geldig id van een lid.',
} as const;

/** A page of the organisation's KPIs, by name, filtered; each with its state. */
export async function listKpiPage(
  deps: KpiDeps,
  organizationId: number,
  query: KpiListQuery,
  page: { readonly limit: number; readonly offset: number },
): Promise<KpiResult<{ items: Kpi[]; total: number }>> {
  const { q, source, period_kind: periodKind, owner_id: ownerId } = query;
  const fields: Record<string, string> = {};
  if (source !== undefined && !(KPI_SOURCE_TYPES as readonly string[]).includes(source))
    fields.source = LIST_MESSAGES.source;
  if (periodKind !== undefined && !(PERIOD_KINDS as readonly string[]).includes(periodKind))
    fields.period_kind = LIST_MESSAGES.periodKind;
  const owner = ownerId === undefined ? null : parseId(ownerId);
  if (ownerId !== undefined && owner === null) fields.owner_id = LIST_MESSAGES.ownerId;
  if (Object.keys(fields).length > 0) return invalid(fields);
  const { rows, total } = await listKpis(deps.db, organizationId, {
    q: q?.trim() === '' || q === undefined ? null : q.trim(),
    source: (source ?? null) as Kpi['source']['type'] | null,
    periodKind: (periodKind ?? null) as Kpi['period_kind'] | null,
    ownerId: owner,
    limit: page.limit,
    offset: page.offset,
  });
  const states = await kpiStates(deps, organizationId, rows, todayOf(deps));
  return ok({ items: rows.map((kpi) => toWireKpi(kpi, states.get(kpi.id) ?? 'ok')), total });
}

/** Deletes a KPI with all its values; it leaves every board. Answers the KPI deleted. */
export async function removeKpi(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
): Promise<KpiResult<KpiRecord>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  if (!(await deleteKpi(deps.db, organizationId, found.value.id)))
    return refuse('not_found', KPI_ERRORS.notFound);
  return found;
}
