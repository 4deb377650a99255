import type {
  KpiDirection,
  KpiPeriodTarget,
  KpiStatus,
  KpiTrend,
  KpiTrendAssessment,
  KpiTrendDirection,
} from '../contract';

/**
 * Status and trend of KPI values, the way a bullet chart reads: the target is the line to reach,
 * the warning band runs from the target to the warning value on the worse side. With higher is
 * better, a value at or above the target is on track, at or above the warning value at risk, below
 * it off track; with lower is better the same mirrored. Without a band, short of the target is off
 * track at once.
 */

/** The target of one period and its band's far edge. */
export interface PeriodTarget {
  readonly target: number;
  readonly warning: number | null;
}

/** What decides a period's target: the KPI's standing target and its targets per period. */
export interface TargetPlan {
  readonly target: number | null;
  readonly warning: number | null;
  readonly period_targets: readonly KpiPeriodTarget[];
}

/** The period's own target, else the standing one, else null. */
export function targetFor(plan: TargetPlan, periodKey: string): PeriodTarget | null {
  const own = plan.period_targets.find((each) => each.period === periodKey);
  if (own !== undefined) return { target: own.target, warning: own.warning };
  return plan.target === null ? null : { target: plan.target, warning: plan.warning };
}

/** Whether `a` is at least as good as `b` for this direction. */
const atLeast = (direction: KpiDirection, a: number, b: number): boolean =>
  direction === 'higher' ? a >= b : a <= b;

/** The status of a value against a target; 'no_value' / 'no_target' when either is missing. */
export function kpiStatus(
  direction: KpiDirection,
  value: number | null,
  target: PeriodTarget | null,
): KpiStatus {
  if (value === null) return 'no_value';
  if (target === null) return 'no_target';
  if (atLeast(direction, value, target.target)) return 'on_track';
  if (target.warning !== null && atLeast(direction, value, target.warning)) return 'at_risk';
  return 'off_track';
}

/**
 * Changes smaller than this share of the larger value count as flat: survey scores and shares are
 * floating point, and 0.1 + 0.2 must not read as a rise from 0.3.
 */
const FLAT_TOLERANCE = 1e-12;

/** Which way a change goes; 'flat' for no change (within float noise). */
export function trendDirection(previous: number, current: number): KpiTrendDirection {
  const change = current - previous;
  const scale = Math.max(1, Math.abs(previous), Math.abs(current));
  if (Math.abs(change) <= FLAT_TOLERANCE * scale) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** Whether a move is good news given the direction: up is good when higher is better. */
export function trendAssessment(direction: KpiDirection, move: KpiTrendDirection): KpiTrendAssessment {
  if (move === 'flat') return 'neutral';
  return (move === 'up') === (direction === 'higher') ? 'good' : 'bad';
}

/**
 * The change relative to the size of the value before, or null where a percentage of it means
 * nothing (docs/decisions/kpis.md, 'A relative change only from a positive value'): only from a
 * value above 0 to one of 0 or more. From 0 there is no size to compare with (0 → 5); across or
 * below 0 the ratio misleads (an NPS from -18 to +12 is not '+166,7%'), so only the change is shown.
 */
export function relativeChange(previous: number, current: number): number | null {
  if (!(previous > 0) || current < 0) return null;
  return (current - previous) / previous;
}

/** A value against the one of the period before: change, relative change, direction, good or bad. */
export function kpiTrend(
  direction: KpiDirection,
  previous: { readonly period: string; readonly value: number },
  current: number,
): KpiTrend {
  const move = trendDirection(previous.value, current);
  const change = move === 'flat' ? 0 : current - previous.value;
  return {
    previous_period: previous.period,
    previous_value: previous.value,
    change,
    // A flat move (float noise) is no change at all, relatively too.
    relative_change: relativeChange(previous.value, move === 'flat' ? previous.value : current),
    direction: move,
    assessment: trendAssessment(direction, move),
  };
}

// --- What the screens show (never colour alone) ---------------------------------------------------

/** A status as text and symbol: the label is always shown, the symbol beside it, colour on top. */
export interface StatusView {
  readonly label: string;
  /** A symbol name the screens map to an icon. */
  readonly icon: 'check' | 'warning' | 'cross' | 'target' | 'dash';
  /** The same as a character, for places without icons (exports, plain text). */
  readonly glyph: string;
  /** The tone a screen colours it with (colour adds to the label, never replaces it). */
  readonly tone: 'good' | 'warning' | 'bad' | 'neutral';
}

export const KPI_STATUS_VIEWS: Readonly<Record<KpiStatus, StatusView>> = {
  on_track: { label: 'Op koers', icon: 'check', glyph: '✓', tone: 'good' },
  at_risk: { label: 'Risico', icon: 'warning', glyph: '!', tone: 'warning' },
  off_track: { label: 'Niet op koers', icon: 'cross', glyph: '✕', tone: 'bad' },
  no_target: { label: 'Geen doel', icon: 'target', glyph: '○', tone: 'neutral' },
  no_value: { label: 'Geen waarde', icon: 'dash', glyph: '–', tone: 'neutral' },
};

/** A trend as text and symbol. */
export interface TrendView {
  readonly label: string;
  readonly icon: 'arrow-up' | 'arrow-down' | 'arrow-flat';
  readonly glyph: string;
  readonly tone: 'good' | 'bad' | 'neutral';
}

const MOVE_TEXT: Readonly<
  Record<KpiTrendDirection, { label: string; icon: TrendView['icon']; glyph: string }>
> = {
  up: { label: 'Gestegen', icon: 'arrow-up', glyph: '▲' },
  down: { label: 'Gedaald', icon: 'arrow-down', glyph: '▼' },
  flat: { label: 'Gelijk gebleven', icon: 'arrow-flat', glyph: '▶' },
};

const ASSESSMENT_TEXT: Readonly<Record<KpiTrendAssessment, string>> = {
  good: 'een verbetering',
  bad: 'een verslechtering',
  neutral: '',
};

/** 'Gestegen, een verbetering' / 'Gedaald, een verslechtering' / 'Gelijk gebleven'. */
export function trendView(trend: Pick<KpiTrend, 'direction' | 'assessment'>): TrendView {
  const move = MOVE_TEXT[trend.direction];
  const judged = ASSESSMENT_TEXT[trend.assessment];
  return {
    label: judged === '' ? move.label : `${move.label}, ${judged}`,
    icon: move.icon,
    glyph: move.glyph,
    tone: trend.assessment === 'neutral' ? 'neutral' : trend.assessment,
  };
}
