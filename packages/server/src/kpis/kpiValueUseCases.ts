import {
  fileNameDate,
  fileNamePart,
  type KpiImportReport,
  type KpiImportRequest,
  type KpiValue,
} from '@loop/core';
import { checkNote, importSummary, KPI_MESSAGES, kpiCsv, kpiValueProblem, readKpiCsv } from '@loop/core/kpis';
import { type Period, type PeriodKind, parsePeriodKey } from '@loop/core/periods';
import { exportRows } from './kpiAnalysisUseCases';
import type { KpiRecord } from './kpiStore';
import {
  gatedKpi,
  invalid,
  KPI_ERRORS,
  type KpiDeps,
  type KpiGate,
  type KpiRefusal,
  type KpiResult,
  kpiOf,
  ok,
  refuse,
  todayOf,
} from './kpiUseCases';
import {
  compareWithStored,
  deleteValue,
  importValues,
  storedValuesBetween,
  storedValuesPage,
  toWireValue,
  writeValue,
} from './kpiValueStore';

/**
 * A manual KPI's values: listed, entered, deleted, imported from CSV and exported as CSV, as
 * functions of their deps (no HTTP). Every one takes the KPI's id and answers not found for another
 * organisation's KPI first.
 */

/** A period key of the KPI's kind that has begun, or the refusal naming the field. */
function periodFor(kind: PeriodKind, key: string, today: string): KpiResult<Period> {
  const period = parsePeriodKey(kind, key);
  if (period === null) return invalid({ period: KPI_MESSAGES.periodKey(kind, key) });
  if (period.start > today) return invalid({ period: KPI_MESSAGES.periodFuture });
  return ok(period);
}

/** A manual KPI, or the refusal for a computed one. */
function manualOnly(kpi: KpiRecord): KpiRefusal | null {
  return kpi.source.type === 'manual' ? null : refuse('conflict', KPI_ERRORS.computed(kpi.source.type));
}

/**
 * A page of the KPI's entered and imported values, newest period first. `page` is read only once
 * the KPI is found (a bad page of another organisation's KPI is still a 404); what it gives beside
 * `limit` and `offset` comes back with the page.
 */
export async function listKpiValues<P extends { readonly limit: number; readonly offset: number }>(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  page: () => P,
): Promise<KpiResult<{ items: KpiValue[]; total: number } & Omit<P, 'limit' | 'offset'>>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  const { limit, offset, ...rest } = page();
  const { rows, total } = await storedValuesPage(deps.db, found.value.id, limit, offset);
  return ok({ ...rest, items: rows.map(toWireValue), total });
}

/** Enters or replaces a manual KPI's value for a period that has begun, in one transaction. */
export async function enterValue(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  periodKey: string,
  input: { readonly value: number; readonly note: string },
  userId: number,
): Promise<KpiResult<KpiValue>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  const kpi = found.value;
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const period = periodFor(kpi.periodKind, periodKey, todayOf(deps));
  const fields: Record<string, string> = period.ok ? {} : { ...period.fields };
  const problem = kpiValueProblem(kpi.unit, input.value);
  if (problem !== null) fields.value = `Waarde: ${problem}.`;
  const note = checkNote(input.note);
  if (!note.ok) fields.note = note.reason;
  if (!period.ok || problem !== null || !note.ok) return invalid(fields);
  await deps.db.transaction((tx) =>
    writeValue(tx, {
      kpiId: kpi.id,
      period: period.value.key,
      value: input.value,
      note: note.value,
      origin: 'manual',
      userId,
      now: deps.now(),
    }),
  );
  const [stored] = await storedValuesBetween(deps.db, kpi.id, period.value.key, period.value.key);
  if (stored === undefined) throw new Error('KPI value not stored');
  return ok(toWireValue(stored));
}

/** Deletes a manual KPI's value of a period, in one transaction; not found when it has none. */
export async function removeValue(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  periodKey: string,
): Promise<KpiResult<KpiRecord>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  const kpi = found.value;
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const period = parsePeriodKey(kpi.periodKind, periodKey);
  if (period === null || !(await deps.db.transaction((tx) => deleteValue(tx, kpi.id, period.key))))
    return refuse('not_found', KPI_ERRORS.valueNotFound);
  return found;
}

/**
 * Imports a manual KPI's values from CSV text: every line checked (core's `readKpiCsv`), every
 * refused one reported with its number and reason. With a refused line nothing is stored unless
 * `skip_invalid`; `dry_run` stores nothing either way. One statement, so never half.
 */
export async function importKpiValues(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  request: KpiImportRequest,
  userId: number,
  gate?: KpiGate,
): Promise<KpiResult<KpiImportReport>> {
  const found = await gatedKpi(deps, organizationId, id, gate);
  if (!found.ok) return found;
  const kpi = found.value;
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const read = readKpiCsv(request.csv, { unit: kpi.unit, periodKind: kpi.periodKind, today: todayOf(deps) });
  if (!read.ok) return invalid({ csv: read.detail });
  // Only a value that differs from the stored one (or is new) counts and is written: importing an
  // unchanged export again reports 0 changes (docs/decisions/kpis.md, 'KPI values as CSV').
  const { present, unchanged } = await compareWithStored(deps.db, kpi.id, read.accepted);
  const changes = read.accepted.filter((line) => !unchanged.has(line.period));
  const created = changes.filter((line) => !present.has(line.period)).length;
  const updated = changes.length - created;
  const stored =
    !request.dry_run && (read.refused.length === 0 || request.skip_invalid) && read.accepted.length > 0;
  if (stored && changes.length > 0)
    await importValues(deps.db, { kpiId: kpi.id, lines: changes, userId, now: deps.now() });
  const counts = { created, updated, unchanged: unchanged.size };
  return ok({
    stored,
    lines: read.lines,
    ...counts,
    refused: read.refused,
    summary: importSummary({ stored, dryRun: request.dry_run, ...counts, refused: read.refused.length }),
  });
}

/** A KPI's values as a CSV file for a Dutch Excel (the range as the drill-down's); the import reads it back. */
export async function exportKpiValues(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  query: { readonly from?: string; readonly to?: string },
  gate?: KpiGate,
): Promise<KpiResult<{ readonly fileName: string; readonly csv: string; readonly rows: number }>> {
  const found = await gatedKpi(deps, organizationId, id, gate);
  if (!found.ok) return found;
  const kpi = found.value;
  const rows = await exportRows(deps, kpi, query);
  if (!rows.ok) return rows;
  const fileName = `kpi-${kpi.id}-${fileNamePart(kpi.name, 'waarden')}-${fileNameDate(deps.now())}.csv`;
  return ok({ fileName, csv: kpiCsv(kpi.unit, rows.value), rows: rows.value.length });
}
