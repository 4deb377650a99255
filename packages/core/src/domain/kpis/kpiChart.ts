import type { KpiDirection, KpiPoint, KpiUnit } from '../contract';
import { formatEurosShort, formatNumber, MONTHS_SHORT, NO_VALUE } from '../format';
import { type PeriodKind, parsePeriodKey } from '../periods';
import { lineRuns } from '../surveys/results';
import { periodKeyName } from './kpiBoardView';
import { KPI_STATUS_VIEWS, type StatusView } from './kpiStatus';
import { formatDuration, formatKpiValue } from './kpiValues';

/**
 * The history chart of one KPI as geometry and texts: values as a line or as columns, the target
 * as a (stepped, when targets differ per period) line, and the warning band between each target
 * and its warning value. Positions are percentages of the plot: x from the left, y from the top,
 * so the web component draws them in a stretched SVG and places dots and labels in HTML.
 */

/** Axis labels under a series at most (evenly spread), so they never overlap on a phone. */
const AXIS_LABELS_MAX = 4;
/** Up to this many periods a marker carries its status symbol; beyond, markers are small dots. */
const SYMBOL_MARKERS_MAX = 24;
/** Gridlines the scale aims for. */
const TICKS_AIMED = 4;

/** A gridline: its value, label and height from the bottom of the plot (0–100). */
export interface KpiTick {
  readonly value: number;
  readonly label: string;
  readonly position: number;
}

/** One period of the chart. */
export interface KpiChartPoint {
  readonly period: string;
  /** 'maart 2026'. */
  readonly name: string;
  /** 'mrt. ’26', 'W5 ’26', 'Q1 ’26', '2026'; the year only where it changes between labels. */
  readonly axisLabel: string;
  readonly showLabel: boolean;
  /** Centre of the period's slot, 0–100 from the left. */
  readonly x: number;
  /** The value's height, 0–100 from the top; null without a value. */
  readonly y: number | null;
  readonly valueText: string;
  readonly targetText: string;
  readonly warningText: string;
  readonly status: StatusView;
  /** The column from the zero line (or the plot's bottom) to the value, 0–100 from the top. */
  readonly column: { readonly top: number; readonly height: number } | null;
}

/** A horizontal stretch over consecutive periods with the same target (and band edge). */
export interface KpiTargetSegment {
  readonly x1: number;
  readonly x2: number;
  /** The target line, 0–100 from the top. */
  readonly y: number;
  /** The band's other edge (the warning value), or null without a band. */
  readonly bandY: number | null;
}

export interface KpiChartView {
  readonly points: readonly KpiChartPoint[];
  /** Runs of consecutive values, each drawn as one polyline. */
  readonly lines: readonly (readonly { readonly x: number; readonly y: number }[])[];
  readonly targets: readonly KpiTargetSegment[];
  readonly ticks: readonly KpiTick[];
  /** Width of one period's slot in percent. */
  readonly slot: number;
  /** Whether markers are wide enough apart to carry the status symbol (else small dots). */
  readonly symbols: boolean;
  readonly hasValues: boolean;
  /** The targets in one sentence: 'Doel: 40%, risico tot 30%.' or that they differ per period. */
  readonly targetSummary: string;
}

/** The finest step: values have at most four decimals. */
const STEP_MIN = 1e-4;

/** The step between gridlines: 1, 2, 2.5 or 5 times a power of ten, at least `minimum`. */
export function niceStep(span: number, minimum = 0): number {
  const rough = Math.max(span / TICKS_AIMED, minimum, STEP_MIN);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = factor * magnitude;
    if (step >= rough - 1e-12 * magnitude) return Math.max(step, minimum);
  }
  return 10 * magnitude;
}

/** Smallest step per unit: whole euros (values are cents), whole seconds, else anything. */
const MIN_STEP: Readonly<Record<KpiUnit, number>> = { euro: 100, duration: 1, percentage: 0, number: 0 };

/**
 * The scale of a chart holding `values` (values, targets, band edges): round gridlines around
 * them, zero included when columns are drawn (a column starts at zero), percentages within 0–100.
 */
export function kpiScale(
  unit: KpiUnit,
  values: readonly number[],
  withZero: boolean,
): { readonly min: number; readonly max: number; readonly step: number } {
  const finite = values.filter(Number.isFinite);
  let low = finite.length === 0 ? 0 : Math.min(...finite);
  let high = finite.length === 0 ? 1 : Math.max(...finite);
  if (withZero) {
    low = Math.min(low, 0);
    high = Math.max(high, 0);
  }
  if (high === low) {
    const pad = Math.max(Math.abs(high) * 0.1, MIN_STEP[unit], 1);
    high += pad;
    if (!withZero || low !== 0) low -= pad;
  }
  const step = niceStep(high - low, MIN_STEP[unit]);
  let min = Math.floor(low / step + 1e-9) * step;
  let max = Math.ceil(high / step - 1e-9) * step;
  if (unit === 'percentage') {
    min = Math.max(0, min);
    max = Math.min(100, Math.max(max, min + step));
  }
  return { min, max, step };
}

/** A gridline's label: shorter than a value ('€ 1.500' rather than '€ 1.500,00'). */
export function tickLabel(unit: KpiUnit, value: number): string {
  switch (unit) {
    case 'euro':
      return formatEurosShort(value / 100);
    case 'percentage':
      return `${formatNumber(value)}%`;
    case 'duration':
      return formatDuration(value);
    case 'number':
      return formatNumber(value);
  }
}

/**
 * 'mrt. ’26', 'W5 ’26', 'Q1 ’26', '2026': short enough for the axis; without the year ('mrt.',
 * 'W5', 'Q1') where the label before it already said it, so four fit under a phone's chart.
 */
export function axisLabelOf(kind: PeriodKind, key: string, withYear = true): string {
  const period = parsePeriodKey(kind, key);
  if (period === null) return key;
  const year = key.slice(0, 4);
  if (kind === 'year') return year;
  const part =
    kind === 'month'
      ? MONTHS_SHORT[Number(key.slice(5)) - 1]
      : kind === 'week'
        ? `W${Number(key.slice(6))}`
        : key.slice(5);
  return withYear ? `${part} '${year.slice(2)}` : `${part}`;
}

/** The targets in words, for the chart's legend and screen readers. */
function targetSummaryOf(unit: KpiUnit, direction: KpiDirection, points: readonly KpiPoint[]): string {
  const withTarget = points.filter((point) => point.target !== null);
  if (withTarget.length === 0) return 'Geen doel ingesteld.';
  const first = withTarget[0] as KpiPoint;
  const same = withTarget.every((point) => point.target === first.target && point.warning === first.warning);
  const partial = withTarget.length < points.length ? ' Niet elke periode heeft een doel.' : '';
  if (!same) return `Het doel verschilt per periode; zie de tabel.${partial}`;
  const target = formatKpiValue(unit, first.target);
  const band =
    first.warning === null
      ? ''
      : `, risico ${direction === 'higher' ? 'tot' : 'vanaf'} ${formatKpiValue(unit, first.warning)}`;
  return `Doel: ${target}${band} (${direction === 'higher' ? 'hoger is beter' : 'lager is beter'}).${partial}`;
}

/** The chart of one KPI's points (oldest first) as a line (`columns` false) or as columns. */
export function kpiChart(
  heading: { readonly unit: KpiUnit; readonly direction: KpiDirection; readonly period_kind: PeriodKind },
  points: readonly KpiPoint[],
  columns: boolean,
): KpiChartView {
  const { unit } = heading;
  const drawn: number[] = [];
  for (const point of points)
    for (const value of [point.value, point.target, point.warning]) if (value !== null) drawn.push(value);
  const scale = kpiScale(unit, drawn, columns);
  const span = scale.max - scale.min;
  const yOf = (value: number) => ((scale.max - Math.min(scale.max, Math.max(scale.min, value))) / span) * 100;
  const count = points.length;
  const slot = count === 0 ? 100 : 100 / count;
  const every = Math.max(1, Math.ceil(count / AXIS_LABELS_MAX));
  const zero = yOf(0);

  const views: KpiChartPoint[] = points.map((point, index) => {
    const y = point.value === null ? null : yOf(point.value);
    return {
      period: point.period,
      name: periodKeyName(heading.period_kind, point.period),
      axisLabel: axisLabelOf(
        heading.period_kind,
        point.period,
        index < every || points[index - every]?.period.slice(0, 4) !== point.period.slice(0, 4),
      ),
      showLabel: index % every === 0,
      x: (index + 0.5) * slot,
      y,
      valueText: formatKpiValue(unit, point.value),
      targetText: point.target === null ? NO_VALUE : formatKpiValue(unit, point.target),
      warningText: point.warning === null ? NO_VALUE : formatKpiValue(unit, point.warning),
      status: KPI_STATUS_VIEWS[point.status],
      column: y === null ? null : { top: Math.min(y, zero), height: Math.abs(zero - y) },
    };
  });

  const lines = lineRuns(views);

  const targets: KpiTargetSegment[] = [];
  points.forEach((point, index) => {
    if (point.target === null) return;
    const segment = {
      x1: index * slot,
      x2: (index + 1) * slot,
      y: yOf(point.target),
      bandY: point.warning === null ? null : yOf(point.warning),
    };
    const last = targets.at(-1);
    if (last !== undefined && last.x2 === segment.x1 && last.y === segment.y && last.bandY === segment.bandY)
      targets[targets.length - 1] = { ...last, x2: segment.x2 };
    else targets.push(segment);
  });

  const ticks: KpiTick[] = [];
  for (let value = scale.min; value <= scale.max + scale.step * 1e-9; value += scale.step) {
    const rounded = Math.round(value / scale.step) * scale.step;
    ticks.push({
      value: rounded,
      label: tickLabel(unit, rounded),
      position: ((rounded - scale.min) / span) * 100,
    });
  }

  return {
    points: views,
    lines,
    targets,
    ticks,
    slot,
    symbols: count <= SYMBOL_MARKERS_MAX,
    hasValues: lines.length > 0,
    targetSummary: targetSummaryOf(unit, heading.direction, points),
  };
}
