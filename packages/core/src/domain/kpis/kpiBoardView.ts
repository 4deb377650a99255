import type { Kpi, KpiCard, KpiHeading, KpiSparkPoint, KpiUnit } from '../contract';
import { type PeriodKind, parsePeriodKey, periodName } from '../periods';
import { KPI_METRICS, KPI_SOURCE_LABELS, KPI_STATE_TEXTS } from './kpiMetrics';
import { KPI_STATUS_VIEWS, type StatusView, type TrendView, trendView } from './kpiStatus';
import { formatKpiChange, formatKpiValue, formatRelativeChange } from './kpiValues';

/**
 * What a board card says, in Dutch, and how its sparkline is drawn: the screens only place it.
 * Every number a card draws is also in its text (the sparkline's values, the trend's change).
 */

/** 'maart 2026' for a period key of its kind; the key itself when it is not one. */
export function periodKeyName(kind: PeriodKind, key: string): string {
  const period = parsePeriodKey(kind, key);
  return period === null ? key : periodName(period);
}

/** The source as a card names it: 'Handmatig', 'Survey: NPS – Klanttevredenheid', 'Financiën: Omzet'. */
export function kpiSourceText(kpi: Pick<KpiHeading, 'source'>): string {
  const { source } = kpi;
  const label = KPI_SOURCE_LABELS[source.type];
  if (source.type === 'manual') return label;
  const metric =
    source.metric !== null && source.metric in KPI_METRICS ? KPI_METRICS[source.metric].label : null;
  if (source.type === 'finance') return metric === null ? label : `${label}: ${metric}`;
  const survey = source.survey_title === null ? '' : ` – ${source.survey_title || 'Naamloze survey'}`;
  return metric === null ? `${label}${survey}` : `${label}: ${metric}${survey}`;
}

/** Everything a card shows, as text. */
export interface KpiCardView {
  readonly id: number;
  readonly name: string;
  /** The current value in its unit, '–' without one. */
  readonly value: string;
  /** The period of the current value ('maart 2026'); null without one. */
  readonly period: string | null;
  /** 'Doel: 45%'; null without a target. */
  readonly target: string | null;
  readonly status: StatusView;
  /** The change against the period before, with its judgement; null without one. */
  readonly trend: (TrendView & { readonly change: string; readonly against: string }) | null;
  readonly source: string;
  /** Why the source cannot compute ('Nog geen financiële gegevens…'); null when it can. */
  readonly state: string | null;
  /** The sparkline's values in words, oldest first. */
  readonly sparklineText: string;
}

/** The sparkline's values as a sentence: 'Verloop: januari 2026 45%, februari 2026 geen waarde.' */
export function sparklineText(kind: PeriodKind, unit: KpiUnit, points: readonly KpiSparkPoint[]): string {
  if (points.length === 0) return 'Nog geen verloop.';
  const parts = points.map(
    (point) =>
      `${periodKeyName(kind, point.period)}: ${point.value === null ? 'geen waarde' : formatKpiValue(unit, point.value)}`,
  );
  return `Verloop: ${parts.join('; ')}.`;
}

export function kpiCardView(card: KpiCard): KpiCardView {
  const { kpi, current, trend } = card;
  const status = KPI_STATUS_VIEWS[current?.status ?? 'no_value'];
  let change: KpiCardView['trend'] = null;
  if (trend !== null) {
    const relative =
      trend.relative_change === null ? '' : ` (${formatRelativeChange(trend.relative_change)})`;
    change = {
      ...trendView(trend),
      change: `${formatKpiChange(kpi.unit, trend.change)}${relative}`,
      against: `t.o.v. ${periodKeyName(kpi.period_kind, trend.previous_period)}`,
    };
  }
  return {
    id: kpi.id,
    name: kpi.name,
    value: formatKpiValue(kpi.unit, current?.value),
    period: current === null ? null : periodKeyName(kpi.period_kind, current.period),
    target:
      current?.target === null || current?.target === undefined
        ? null
        : `Doel: ${formatKpiValue(kpi.unit, current.target)}`,
    status,
    trend: change,
    source: kpiSourceText(kpi),
    state: kpi.state === 'ok' ? null : KPI_STATE_TEXTS[kpi.state],
    sparklineText: sparklineText(kpi.period_kind, kpi.unit, card.sparkline),
  };
}

// --- The sparkline --------------------------------------------------------------------------------

export interface SparklineShape {
  /** SVG path data: one line per run of periods with a value (a missing value breaks the line). */
  readonly path: string;
  /** Each value's point (for single values and the last one's dot). */
  readonly dots: readonly { readonly x: number; readonly y: number }[];
  /** The newest point with a value; null when none has one. */
  readonly last: { readonly x: number; readonly y: number } | null;
}

const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The sparkline in a `width` × `height` box with `pad` inside it: periods evenly from left to right,
 * values from the lowest (bottom) to the highest (top); all equal values draw a line in the middle.
 */
export function sparklineShape(
  values: readonly (number | null)[],
  width: number,
  height: number,
  pad = 2,
): SparklineShape {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return { path: '', dots: [], last: null };
  const min = Math.min(...known);
  const max = Math.max(...known);
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (value: number) =>
    max === min ? height / 2 : pad + ((max - value) / (max - min)) * (height - 2 * pad);
  const dots: { x: number; y: number }[] = [];
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const point = { x: round(values.length > 1 ? pad + index * step : width / 2), y: round(y(value)) };
    dots.push(point);
    path += `${drawing ? 'L' : path === '' ? 'M' : ' M'}${point.x} ${point.y}`;
    drawing = true;
  });
  return { path, dots, last: dots.at(-1) ?? null };
}

// --- The board's choice ----------------------------------------------------------------------------

/** A KPI in the board settings: whether it is on the board; those on it first, in board order. */
export interface BoardChoiceEntry {
  readonly id: number;
  readonly name: string;
  readonly chosen: boolean;
}

/** The settings' list: the chosen KPIs in their order, then the others in the order given. */
export function boardChoiceEntries(
  kpis: readonly Pick<Kpi, 'id' | 'name'>[],
  chosen: readonly number[],
): BoardChoiceEntry[] {
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi]));
  const on = chosen.flatMap((id) => {
    const kpi = byId.get(id);
    return kpi === undefined ? [] : [{ id, name: kpi.name, chosen: true }];
  });
  const onIds = new Set(on.map((entry) => entry.id));
  const off = kpis
    .filter((kpi) => !onIds.has(kpi.id))
    .map((kpi) => ({ id: kpi.id, name: kpi.name, chosen: false }));
  return [...on, ...off];
}

/** The board's KPI ids in list order: the chosen entries only. */
export const boardChoiceIds = (entries: readonly BoardChoiceEntry[]): number[] =>
  entries.filter((entry) => entry.chosen).map((entry) => entry.id);

/** An entry moved to another place in the list. */
export function moveEntry<T>(entries: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= entries.length || to >= entries.length)
    return [...entries];
  const next = [...entries];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}
