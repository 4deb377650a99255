import type { PeriodBucket, PeriodCount } from '../../contract';
import { formatCount } from '../../format';
import { formatMean, formatNps, roundHalfAwayFromZero } from '../model';
import { axisLabel, periodLabel, periodLongLabel } from './resultsFormat';

/**
 * Scaling for the small SVG charts (columns over time, trend lines). Positions are fractions of the
 * plot in percent (0–100), so the web component only multiplies them by its own width and height.
 */

/** Axis labels under a series: at most this many, evenly spread, so they never overlap. */
export const MAX_AXIS_LABELS = 6;

/** The smallest of 1, 2, 5, 10, 20, 50, … that is at least `value`; 1 for 0 or less. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** A gridline: its value, its label and its height from the bottom of the plot (0–100). */
export interface AxisTick {
  readonly value: number;
  readonly label: string;
  readonly position: number;
}

/** One column of a count series. */
export interface ColumnBar {
  readonly period: string;
  /** 'week van 3 nov.' */
  readonly label: string;
  /** '3 nov.': under the axis, where the caption already says the bucket. */
  readonly axisLabel: string;
  readonly longLabel: string;
  readonly value: number;
  /** Height in percent of the plot. */
  readonly height: number;
  /** Whether this column's period is printed under the axis. */
  readonly showLabel: boolean;
}

export interface ColumnChartView {
  readonly max: number;
  readonly total: number;
  readonly ticks: readonly AxisTick[];
  readonly bars: readonly ColumnBar[];
}

/** Which of `count` labels to print: every k-th from the first, at most MAX_AXIS_LABELS. */
const labelEvery = (count: number) => Math.max(1, Math.ceil(count / MAX_AXIS_LABELS));

/** Columns of counts per period on an axis from 0 to a round number. */
export function columnChart(points: readonly PeriodCount[], bucket: PeriodBucket): ColumnChartView {
  const values = points.map((point) => (Number.isFinite(point.count) && point.count > 0 ? point.count : 0));
  const max = niceCeiling(Math.max(0, ...values));
  const every = labelEvery(points.length);
  // Whole counts only: with a maximum of 1 or 2 a half-way line would be a fraction.
  const tickValues = max <= 2 ? [0, max] : [0, max / 2, max];
  return {
    max,
    total: values.reduce((sum, value) => sum + value, 0),
    ticks: tickValues.map((value) => ({ value, label: formatCount(value), position: (value / max) * 100 })),
    bars: points.map((point, index) => {
      const value = values[index] as number;
      return {
        period: point.period,
        label: periodLabel(point.period, bucket),
        axisLabel: axisLabel(point.period, bucket),
        longLabel: periodLongLabel(point.period, bucket),
        value,
        height: (value / max) * 100,
        showLabel: index % every === 0,
      };
    }),
  };
}

/** The vertical scale of a trend: its range, gridlines every `step`, and how values read. */
export interface TrendScale {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly format: (value: number) => string;
  /** Gridline labels, when they read differently from values ('4' rather than '4,0'). */
  readonly tickFormat?: (value: number) => string;
}

/** NPS: −100 to 100, whole, rounded like the NPS itself (halves away from zero). */
export const NPS_SCALE: TrendScale = {
  min: -100,
  max: 100,
  step: 50,
  format: (value) => formatNps(roundHalfAwayFromZero(value)),
};

/** Likert statements scaled to 0–100 (the analytics trend). */
export const SCORE_SCALE: TrendScale = {
  min: 0,
  max: 100,
  step: 25,
  format: (value) => formatCount(Math.round(value)),
};

/** Mean points of a scale from 1 (Likert 5 or 7 points, rating 5 stars). */
export const meanScale = (points: number): TrendScale => ({
  min: 1,
  max: points,
  step: 1,
  format: formatMean,
  tickFormat: formatCount,
});

/** One point of a trend; `y` is null where the period had no answers (the line breaks there). */
export interface TrendPointView {
  readonly period: string;
  readonly label: string;
  readonly axisLabel: string;
  readonly longLabel: string;
  readonly answered: number;
  readonly score: number | null;
  readonly scoreText: string;
  /** From the left, 0–100. */
  readonly x: number;
  /** From the top, 0–100; null without a score. */
  readonly y: number | null;
  readonly showLabel: boolean;
}

export interface TrendChartView {
  readonly points: readonly TrendPointView[];
  /** Runs of consecutive scored points, each drawn as one polyline. */
  readonly lines: readonly (readonly { readonly x: number; readonly y: number }[])[];
  readonly ticks: readonly AxisTick[];
  /** Whether any period has a score at all. */
  readonly hasScores: boolean;
}

/** The runs of consecutive points with a height, each drawn as one polyline; a point without one breaks the line. */
export function lineRuns(
  points: readonly { readonly x: number; readonly y: number | null }[],
): { x: number; y: number }[][] {
  const lines: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  for (const point of points) {
    if (point.y === null) {
      if (run.length > 0) lines.push(run);
      run = [];
    } else {
      run.push({ x: point.x, y: point.y });
    }
  }
  if (run.length > 0) lines.push(run);
  return lines;
}

/** A trend of scores per period on a fixed scale; values outside it are drawn at its edge. */
export function trendChart(
  points: readonly { readonly period: string; readonly answered: number; readonly score: number | null }[],
  bucket: PeriodBucket,
  scale: TrendScale,
): TrendChartView {
  const span = scale.max - scale.min;
  const every = labelEvery(points.length);
  const views: TrendPointView[] = points.map((point, index) => {
    const score = typeof point.score === 'number' && Number.isFinite(point.score) ? point.score : null;
    const clamped = score === null ? null : Math.min(scale.max, Math.max(scale.min, score));
    return {
      period: point.period,
      label: periodLabel(point.period, bucket),
      axisLabel: axisLabel(point.period, bucket),
      longLabel: periodLongLabel(point.period, bucket),
      answered: point.answered,
      score,
      scoreText: score === null ? '–' : scale.format(score),
      x: points.length === 1 ? 50 : (index / (points.length - 1)) * 100,
      y: clamped === null ? null : ((scale.max - clamped) / span) * 100,
      showLabel: index % every === 0,
    };
  });
  const lines = lineRuns(views);
  const ticks: AxisTick[] = [];
  for (let value = scale.min; value <= scale.max + 1e-9; value += scale.step) {
    ticks.push({
      value,
      label: (scale.tickFormat ?? scale.format)(value),
      position: ((value - scale.min) / span) * 100,
    });
  }
  return { points: views, lines, ticks, hasScores: lines.length > 0 };
}
