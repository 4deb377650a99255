import type { KpiCard, KpiComparison, KpiDirection, KpiHeading, KpiPoint } from '../contract';
import { type Period, previousPeriod } from '../periods';
import {
  kpiStatus,
  kpiTrend,
  relativeChange,
  type TargetPlan,
  targetFor,
  trendAssessment,
  trendDirection,
} from './kpiStatus';

/** A KPI's periods as points, cards and comparisons, from its values per period key. */

/** What the series need of a KPI: its direction and targets. */
export interface KpiPlan extends TargetPlan {
  readonly direction: KpiDirection;
}

/** Values per period key; a period without one is missing. */
export type ValuesByPeriod = ReadonlyMap<string, number>;

/** One period with its value, target and status. */
export function kpiPoint(plan: KpiPlan, period: Period, value: number | null): KpiPoint {
  const target = targetFor(plan, period.key);
  return {
    period: period.key,
    start: period.start,
    end: period.end,
    value,
    target: target?.target ?? null,
    warning: target?.warning ?? null,
    status: kpiStatus(plan.direction, value, target),
  };
}

/** Points for periods, oldest first. */
export const kpiPoints = (plan: KpiPlan, periods: readonly Period[], values: ValuesByPeriod): KpiPoint[] =>
  periods.map((period) => kpiPoint(plan, period, values.get(period.key) ?? null));

/**
 * A board card: the sparkline over `periods` (oldest first, up to the running one), the newest of
 * them with a value as the current one, and its trend against the period right before it, which
 * may lie before the sparkline (`values` should hold it: ask for one period more).
 */
export function kpiCard(
  heading: KpiHeading,
  plan: KpiPlan,
  periods: readonly Period[],
  values: ValuesByPeriod,
): KpiCard {
  const points = kpiPoints(plan, periods, values);
  const sparkline = points.map(({ period, value, status }) => ({ period, value, status }));
  let currentIndex = -1;
  for (let i = sparkline.length - 1; i >= 0; i--) {
    if (sparkline[i]?.value !== null) {
      currentIndex = i;
      break;
    }
  }
  if (currentIndex < 0) return { kpi: heading, current: null, trend: null, sparkline };
  const current = points[currentIndex] as KpiPoint;
  const before = previousPeriod(periods[currentIndex] as Period);
  const previous = values.get(before.key);
  return {
    kpi: heading,
    current,
    trend:
      previous === undefined
        ? null
        : kpiTrend(plan.direction, { period: before.key, value: previous }, current.value as number),
    sparkline,
  };
}

/** Point `a` against point `b` (a − b) for the comparison of two periods. */
export function comparePoints(
  direction: KpiDirection,
  a: KpiPoint,
  b: KpiPoint,
): Pick<KpiComparison['items'][number], 'change' | 'relative_change' | 'assessment'> {
  if (a.value === null || b.value === null) return { change: null, relative_change: null, assessment: null };
  const move = trendDirection(b.value, a.value);
  const change = move === 'flat' ? 0 : a.value - b.value;
  return {
    change,
    relative_change: relativeChange(b.value, move === 'flat' ? b.value : a.value),
    assessment: trendAssessment(direction, move),
  };
}

// --- The board's choice ---------------------------------------------------------------------------

/** KPIs on one board at most: what the board endpoint computes in one request. */
export const KPI_BOARD_MAX = 100;

export const KPI_BOARD_MESSAGES = {
  tooMany: `Er passen hoogstens ${KPI_BOARD_MAX} KPI's op het bord.`,
  duplicate: 'Elke KPI staat maar één keer op het bord.',
  unknown: "Kies alleen KPI's van je organisatie.",
} as const;

/** A board choice checked against the organisation's KPIs; a refusal names its reason. */
export function checkBoardChoice(
  ids: readonly number[],
  existing: ReadonlySet<number>,
): { readonly ok: true; readonly value: number[] } | { readonly ok: false; readonly reason: string } {
  if (ids.length > KPI_BOARD_MAX) return { ok: false, reason: KPI_BOARD_MESSAGES.tooMany };
  if (new Set(ids).size !== ids.length) return { ok: false, reason: KPI_BOARD_MESSAGES.duplicate };
  if (ids.some((id) => !existing.has(id))) return { ok: false, reason: KPI_BOARD_MESSAGES.unknown };
  return { ok: true, value: [...ids] };
}

/**
 * The KPIs a member's board shows, in order: their own choice when they made one, else the
 * organisation's default, else every KPI, oldest first. KPIs deleted since a choice was made drop
 * out; at most KPI_BOARD_MAX.
 */
export function boardKpiIds(
  personal: readonly number[] | null,
  organisationDefault: readonly number[] | null,
  existingOldestFirst: readonly number[],
): { readonly ids: number[]; readonly personal: boolean } {
  const existing = new Set(existingOldestFirst);
  const keep = (ids: readonly number[]) =>
    [...new Set(ids)].filter((id) => existing.has(id)).slice(0, KPI_BOARD_MAX);
  if (personal !== null) return { ids: keep(personal), personal: true };
  if (organisationDefault !== null) return { ids: keep(organisationDefault), personal: false };
  return { ids: existingOldestFirst.slice(0, KPI_BOARD_MAX), personal: false };
}
