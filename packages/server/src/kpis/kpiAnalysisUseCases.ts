import type { KpiComparison, KpiDrillDown, KpiDrillDownRow, KpiHistory } from '@loop/core';
import { formatTimestamp } from '@loop/core/format';
import { comparePoints, kpiPoint, kpiPoints } from '@loop/core/kpis';
import {
  calendarDay,
  lastPeriods,
  type Period,
  parsePeriodKey,
  periodName,
  periodOf,
  periodsBetween,
} from '@loop/core/periods';
import { computeKpiValues, type ValueRequest } from './kpiComputation';
import { type KpiRecord, organizationKpis } from './kpiStore';
import {
  BOARD_PERIODS_MAX,
  gatedKpi,
  headingOf,
  invalid,
  KPI_ERRORS,
  type KpiDeps,
  type KpiGate,
  type KpiResult,
  ok,
  planOf,
  todayOf,
  toWireKpi,
} from './kpiUseCases';
import { firstStoredPeriod, type StoredValue, storedValuesBetween } from './kpiValueStore';

/**
 * The KPIs over time, as functions of their deps (no HTTP): history over a range, two periods
 * compared, one KPI's drill-down and the rows of its CSV export. Ranges are checked here.
 */

/** Periods of one KPI's kind at most in a range: ten years of weeks. */
const RANGE_PERIODS_MAX = 530;

/** A day of a query, or the refusal naming the parameter. */
function dayParam(field: string, raw: string | undefined, fallback: string): KpiResult<string> {
  if (raw === undefined || raw === '') return ok(fallback);
  return calendarDay(raw) === null ? invalid({ [field]: KPI_ERRORS.day }) : ok(raw);
}

/** `ids` of a query: comma-separated KPI ids of the organisation, at most 100; null: all. */
function idsParam(raw: string | undefined, kpis: readonly KpiRecord[]): KpiResult<KpiRecord[]> {
  if (raw === undefined || raw.trim() === '') return ok([...kpis]);
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > 100 || parts.some((part) => !/^\d{1,9}$/.test(part)))
    return invalid({ ids: KPI_ERRORS.ids });
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi]));
  const chosen = [...new Set(parts.map(Number))].map((id) => byId.get(id));
  if (chosen.some((kpi) => kpi === undefined)) return invalid({ ids: KPI_ERRORS.unknownIds });
  return ok(chosen as KpiRecord[]);
}

/** A range of days, checked; by default the twelve months up to today. */
function rangeParams(
  query: { readonly from?: string; readonly to?: string },
  today: string,
): KpiResult<{ from: string; to: string }> {
  const to = dayParam('to', query.to, today);
  const from = dayParam('from', query.from, `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  if (!to.ok || !from.ok) return invalid({ ...(from.ok ? {} : from.fields), ...(to.ok ? {} : to.fields) });
  if (from.value > to.value) return invalid({ to: KPI_ERRORS.range });
  if (periodsBetween('week', from.value, to.value).length > RANGE_PERIODS_MAX)
    return invalid({ from: KPI_ERRORS.rangeTooLong });
  return ok({ from: from.value, to: to.value });
}

export async function loadHistory(
  deps: KpiDeps,
  organizationId: number,
  query: { readonly from?: string; readonly to?: string; readonly ids?: string },
): Promise<KpiResult<KpiHistory>> {
  const range = rangeParams(query, todayOf(deps));
  const kpis = await organizationKpis(deps.db, organizationId);
  const chosen = idsParam(query.ids, kpis);
  if (!range.ok) return range;
  if (!chosen.ok) return chosen;
  const requests: ValueRequest[] = chosen.value.map((kpi) => ({
    kpi,
    periods: periodsBetween(kpi.periodKind, range.value.from, range.value.to),
  }));
  const computed = await computeKpiValues(deps, organizationId, requests);
  return ok({
    from: range.value.from,
    to: range.value.to,
    items: requests.map(({ kpi, periods }) => {
      const result = computed.get(kpi.id);
      return {
        kpi: headingOf(kpi, result?.state ?? 'ok'),
        points: kpiPoints(planOf(kpi), periods, result?.values ?? new Map()),
      };
    }),
  });
}

export async function loadComparison(
  deps: KpiDeps,
  organizationId: number,
  query: { readonly a?: string; readonly b?: string; readonly ids?: string },
): Promise<KpiResult<KpiComparison>> {
  const today = todayOf(deps);
  const a = dayParam('a', query.a, today);
  const b = dayParam('b', query.b, `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  const kpis = await organizationKpis(deps.db, organizationId);
  const chosen = idsParam(query.ids, kpis);
  if (!a.ok || !b.ok) return invalid({ ...(a.ok ? {} : a.fields), ...(b.ok ? {} : b.fields) });
  if (!chosen.ok) return chosen;
  const requests: ValueRequest[] = chosen.value.map((kpi) => {
    const [first, second] = [periodOf(kpi.periodKind, a.value), periodOf(kpi.periodKind, b.value)];
    return {
      kpi,
      periods:
        first.key === second.key ? [first] : first.key < second.key ? [first, second] : [second, first],
    };
  });
  const computed = await computeKpiValues(deps, organizationId, requests);
  return ok({
    a: a.value,
    b: b.value,
    items: chosen.value.map((kpi) => {
      const result = computed.get(kpi.id);
      const values = result?.values ?? new Map<string, number>();
      const pointA = kpiPoint(
        planOf(kpi),
        periodOf(kpi.periodKind, a.value),
        values.get(periodOf(kpi.periodKind, a.value).key) ?? null,
      );
      const pointB = kpiPoint(
        planOf(kpi),
        periodOf(kpi.periodKind, b.value),
        values.get(periodOf(kpi.periodKind, b.value).key) ?? null,
      );
      return {
        kpi: headingOf(kpi, result?.state ?? 'ok'),
        a: pointA,
        b: pointB,
        ...comparePoints(kpi.direction, pointA, pointB),
      };
    }),
  });
}

/** The periods of a KPI's drill-down or export: the range asked, else its values' range, else the last 36. */
async function periodsOfRange(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
): Promise<KpiResult<{ from: string; to: string; periods: Period[] }>> {
  const today = todayOf(deps);
  let fallbackFrom = lastPeriods(kpi.periodKind, BOARD_PERIODS_MAX, today)[0]?.start ?? today;
  if (kpi.source.type === 'manual') {
    const first = await firstStoredPeriod(deps.db, kpi.id);
    const period = first === null ? null : parsePeriodKey(kpi.periodKind, first);
    if (period !== null && period.start < fallbackFrom) fallbackFrom = period.start;
  }
  const range = rangeParams(
    { from: query.from ?? fallbackFrom, ...(query.to === undefined ? {} : { to: query.to }) },
    today,
  );
  if (!range.ok) return range;
  return ok({ ...range.value, periods: periodsBetween(kpi.periodKind, range.value.from, range.value.to) });
}

/** One KPI's drill-down: `drillDownOf` for the organisation's KPI of `id`, its gate passed. */
export async function loadDrillDown(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  query: { readonly from?: string; readonly to?: string },
  gate?: KpiGate,
): Promise<KpiResult<KpiDrillDown>> {
  const found = await gatedKpi(deps, organizationId, id, gate);
  return found.ok ? drillDownOf(deps, found.value, query) : found;
}

/** Every period of the range with its value, target, status, note, who and where from; newest first. */
async function drillDownOf(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
): Promise<KpiResult<KpiDrillDown>> {
  const range = await periodsOfRange(deps, kpi, query);
  if (!range.ok) return range;
  const { periods } = range.value;
  const [computed, stored] = await Promise.all([
    computeKpiValues(deps, kpi.organizationId, [{ kpi, periods }]),
    kpi.source.type === 'manual' && periods.length > 0
      ? storedValuesBetween(deps.db, kpi.id, (periods[0] as Period).key, (periods.at(-1) as Period).key)
      : Promise.resolve([] as StoredValue[]),
  ]);
  const result = computed.get(kpi.id);
  const entries = new Map(stored.map((entry) => [entry.period, entry]));
  const rows: KpiDrillDownRow[] = kpiPoints(planOf(kpi), periods, result?.values ?? new Map())
    .map((point) => {
      const entry = entries.get(point.period);
      return {
        ...point,
        note: entry?.note ?? '',
        origin: kpi.source.type === 'manual' ? (entry?.origin ?? 'manual') : kpi.source.type,
        entered_by: entry?.enteredBy ?? null,
        entered_at: entry?.enteredAt.toISOString() ?? null,
      };
    })
    .reverse();
  return ok({ kpi: toWireKpi(kpi, result?.state ?? 'ok'), from: range.value.from, to: range.value.to, rows });
}

/** The rows of a KPI's CSV export: every period of the range that has a value, oldest first. */
export async function exportRows(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
) {
  const drillDown = await drillDownOf(deps, kpi, query);
  if (!drillDown.ok) return drillDown;
  return ok(
    drillDown.value.rows
      .filter((row) => row.value !== null)
      .reverse()
      .map((row) => ({
        period: row.period,
        periodName: periodName(parsePeriodKey(kpi.periodKind, row.period) as Period),
        value: row.value,
        target: row.target,
        status: row.status,
        note: row.note,
        enteredBy: row.entered_by?.name ?? null,
        enteredAt: row.entered_at === null ? null : formatTimestamp(row.entered_at, { seconds: false }),
      })),
  );
}
