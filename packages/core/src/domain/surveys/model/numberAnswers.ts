import type { NumberSettings, ValueCounts } from '../../contract';

/**
 * The number question (R-SURV-24): its settings, the grid its answers lie on, and the summary of
 * its answers (median, quartiles, histogram). Shared by the editor, the answering page, the server
 * and the results.
 */

/** Every number (answer, minimum, maximum, step) lies within ±this. */
export const NUMBER_LIMIT = 1_000_000_000;
/** Decimals a step, minimum or maximum may have. */
export const NUMBER_DECIMALS_MAX = 6;
export const NUMBER_UNIT_MAX_LENGTH = 20;

/** How many decimals a number is written with (0.25 → 2; 1e-7 → 7). */
export function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  const [mantissa = '', exponent] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** Why a typed number does not fit the question, or null when it does. */
export type NumberProblem = 'not_a_number' | 'below_min' | 'above_max' | 'off_step';

/** Whether `value` fits the settings; `number` is the value rounded to the grid's decimals. */
export function fitNumber(
  settings: NumberSettings,
  value: number,
): { readonly problem: NumberProblem } | { readonly number: number } {
  if (!Number.isFinite(value) || Math.abs(value) > NUMBER_LIMIT) return { problem: 'not_a_number' };
  if (settings.min !== undefined && value < settings.min) return { problem: 'below_min' };
  if (settings.max !== undefined && value > settings.max) return { problem: 'above_max' };
  const base = settings.min ?? 0;
  const steps = (value - base) / settings.step;
  // Binary fractions: 0.3 / 0.1 is 2.9999999999999996, still on the grid.
  if (Math.abs(steps - Math.round(steps)) > 1e-9 * Math.max(1, Math.abs(steps)))
    return { problem: 'off_step' };
  const decimals = Math.max(decimalsOf(settings.step), decimalsOf(base));
  return { number: Number((base + Math.round(steps) * settings.step).toFixed(decimals)) };
}

/** Reads a number as a respondent types it: '12', '-3,5' or '1.250,5' (Dutch) and '3.5'. */
export function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  let normal = trimmed;
  if (normal.includes(',')) normal = normal.replaceAll('.', '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return Number.NaN;
  return Number(normal);
}

/** One bar of a number question's histogram. */
export interface NumberBin {
  readonly label: string;
  readonly count: number;
}

/** The summary of a number question's answers; the figures are null without answers. */
export interface NumberSummary {
  readonly count: number;
  readonly mean: number | null;
  readonly median: number | null;
  readonly q1: number | null;
  readonly q3: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly bins: readonly NumberBin[];
}

/** Distinct values up to this many get a bar each; more are grouped into `HISTOGRAM_BINS` bars. */
export const HISTOGRAM_DISTINCT_MAX = 12;
export const HISTOGRAM_BINS = 10;

const NL = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: NUMBER_DECIMALS_MAX });

/** A number as Dutch writes it ('1.250,5'), with the unit when there is one. */
export const formatNumber = (value: number, unit?: string): string =>
  unit ? `${NL.format(value)} ${unit}` : NL.format(value);

/**
 * Median, quartiles (linear between the two nearest answers, as a spreadsheet's QUARTILE.INC),
 * mean, extremes and a histogram of a number question's answers per distinct value.
 */
export function numberSummary(byValue: ValueCounts, unit?: string): NumberSummary {
  const entries = Object.entries(byValue)
    .map(([key, count]) => [Number(key), Math.max(0, Math.floor(count))] as const)
    .filter(([value, count]) => Number.isFinite(value) && count > 0)
    .sort((a, b) => a[0] - b[0]);
  const count = entries.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0)
    return { count: 0, mean: null, median: null, q1: null, q3: null, min: null, max: null, bins: [] };
  /** The value at 0-based rank `rank` of the sorted answers. */
  const at = (rank: number): number => {
    let seen = 0;
    for (const [value, n] of entries) {
      seen += n;
      if (rank < seen) return value;
    }
    return (entries.at(-1) as readonly [number, number])[0];
  };
  const quantile = (p: number): number => {
    const position = (count - 1) * p;
    const low = Math.floor(position);
    const fraction = position - low;
    return fraction === 0 ? at(low) : at(low) + (at(low + 1) - at(low)) * fraction;
  };
  const sum = entries.reduce((total, [value, n]) => total + value * n, 0);
  const min = (entries[0] as readonly [number, number])[0];
  const max = (entries.at(-1) as readonly [number, number])[0];
  return {
    count,
    mean: sum / count,
    median: quantile(0.5),
    q1: quantile(0.25),
    q3: quantile(0.75),
    min,
    max,
    bins: histogram(entries, min, max, unit),
  };
}

function histogram(
  entries: readonly (readonly [number, number])[],
  min: number,
  max: number,
  unit?: string,
): NumberBin[] {
  if (entries.length <= HISTOGRAM_DISTINCT_MAX)
    return entries.map(([value, count]) => ({ label: formatNumber(value, unit), count }));
  const width = (max - min) / HISTOGRAM_BINS;
  const counts = Array.from({ length: HISTOGRAM_BINS }, () => 0);
  for (const [value, count] of entries) {
    const index = Math.min(HISTOGRAM_BINS - 1, Math.floor((value - min) / width));
    counts[index] = (counts[index] as number) + count;
  }
  const edge = (index: number) => Number((min + index * width).toPrecision(4));
  return counts.map((count, index) => ({
    label: `${formatNumber(edge(index))}–${formatNumber(edge(index + 1), unit)}`,
    count,
  }));
}
