import type { ChoiceOption, LikertSettings, QuestionType } from '../../contract';
import { formatSignedCount } from '../../format';

/**
 * Results per question, from counts: the server aggregates answers in SQL (GROUP BY value) and
 * passes the counts in, so a million answers cost one query, not a million objects. The raw-array
 * forms (`npsScore`, `countValues`) are for tests and small lists.
 *
 * Percentages are exact (`percent`, 0–100) for drawing, plus two whole numbers for labels:
 *
 * - `roundedPercent`: each share rounded on its own (halves up), for tables, lists and separate
 *   bars, where equal counts must read as equal percentages (three scores of 1 in 8: 13 %, 13 %,
 *   13 %), even when the column then adds up to 99 or 101.
 * - `stackedPercent` (distributions only): by the largest-remainder method, for the parts of one
 *   bar drawn as 100 % (the Likert bar), whose labels must add up to exactly 100. It gives equal
 *   counts unequal labels (13 %, 12 %, 12 %), so it belongs nowhere else.
 */

/** Counts per value as SQL gives them: `{ 9: 12, 10: 30 }` (JSON string keys work too) or an array indexed by value. A missing value counts 0. */
export type CountsByValue = { readonly [value: number]: number | undefined };

/** One value of a distribution. */
export interface DistributionRow {
  readonly value: number;
  readonly count: number;
  readonly percent: number;
  /** The share rounded on its own: for tables and separate bars. */
  readonly roundedPercent: number;
  /** The share as a part of one 100 % bar (largest remainder): the row's parts add up to 100. */
  readonly stackedPercent: number;
}

/** A count as a whole number ≥ 0; anything else (negative, NaN, a string) counts 0. */
const countOf = (counts: CountsByValue, value: number): number => {
  const count = counts[value];
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
};

/** Counts of the integer values in a list (other values are left out). */
export function countValues(values: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) if (Number.isInteger(value)) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** `x` rounded to a whole number with halves away from zero (12.5 → 13, −12.5 → −13), unlike Math.round. */
export const roundHalfAwayFromZero = (x: number): number => Math.sign(x) * Math.round(Math.abs(x)) + 0;

/** `count` of `total` as a whole percentage rounded on its own (halves up); 0 when the total is 0. */
export const roundedShare = (count: number, total: number): number =>
  total > 0 ? Math.round((count * 100) / total) : 0;

/**
 * Whole percentages of `counts` that add up to exactly 100 (all 0 when the total is 0), by the
 * largest-remainder (Hare) method: every share is rounded down, and the points still missing go to
 * the largest remainders, ties to the earlier value. Integer arithmetic, so no float surprises.
 */
export function percentagesToHundred(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return counts.map(() => 0);
  const floors = counts.map((count) => Math.floor((count * 100) / total));
  const remainders = counts.map((count, index) => ({ index, remainder: (count * 100) % total }));
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (missing <= 0) break;
    floors[index] = (floors[index] as number) + 1;
    missing--;
  }
  return floors;
}

/** A distribution over `values` with exact, rounded and stacked percentages, plus total and mean. */
function distribution(values: readonly number[], counts: CountsByValue) {
  const byValue = values.map((value) => countOf(counts, value));
  const total = byValue.reduce((sum, count) => sum + count, 0);
  const stacked = percentagesToHundred(byValue);
  const rows: DistributionRow[] = values.map((value, index) => {
    const count = byValue[index] as number;
    return {
      value,
      count,
      percent: total === 0 ? 0 : (count * 100) / total,
      roundedPercent: roundedShare(count, total),
      stackedPercent: stacked[index] as number,
    };
  });
  const sum = rows.reduce((acc, row) => acc + row.value * row.count, 0);
  return { rows, total, mean: total === 0 ? null : sum / total };
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

// --- NPS ---------------------------------------------------------------------------------------

/**
 * Net Promoter Score: promoters 9–10, passives 7–8, detractors 0–6; score = % promoters − %
 * detractors, from −100 to 100. `exactScore` is that difference unrounded; `score` rounds it to a
 * whole number, halves away from zero (so +12.5 and −12.5 round alike, to 13 and −13). `score` is
 * rounded from the exact difference, not from the rounded shares, so it can differ by one from
 * `roundedPercents.promoters − roundedPercents.detractors`. No answers: both scores null. The three
 * groups are listed, not drawn as one bar, so each share is rounded on its own (equal groups read
 * equal, 33 % three times, rather than 34 %, 33 %, 33 %).
 */
export interface NpsSummary {
  readonly total: number;
  readonly promoters: number;
  readonly passives: number;
  readonly detractors: number;
  readonly promoterPercent: number;
  readonly passivePercent: number;
  readonly detractorPercent: number;
  readonly roundedPercents: {
    readonly promoters: number;
    readonly passives: number;
    readonly detractors: number;
  };
  readonly exactScore: number | null;
  readonly score: number | null;
  /** Scores 0–10, for the bar per score. */
  readonly distribution: readonly DistributionRow[];
}

/** NPS from counts per score 0–10 (other keys are ignored). */
export function npsFromCounts(countsByScore: CountsByValue): NpsSummary {
  const { rows, total } = distribution(range(0, 10), countsByScore);
  const sumOf = (from: number, to: number) =>
    rows.filter((row) => row.value >= from && row.value <= to).reduce((sum, row) => sum + row.count, 0);
  const detractors = sumOf(0, 6);
  const passives = sumOf(7, 8);
  const promoters = sumOf(9, 10);
  const pct = (count: number) => (total === 0 ? 0 : (count * 100) / total);
  const exactScore = total === 0 ? null : ((promoters - detractors) * 100) / total;
  return {
    total,
    promoters,
    passives,
    detractors,
    promoterPercent: pct(promoters),
    passivePercent: pct(passives),
    detractorPercent: pct(detractors),
    roundedPercents: {
      promoters: roundedShare(promoters, total),
      passives: roundedShare(passives, total),
      detractors: roundedShare(detractors, total),
    },
    exactScore,
    score: exactScore === null ? null : roundHalfAwayFromZero(exactScore),
    distribution: rows,
  };
}

/** NPS from raw scores; values outside 0–10 or not whole are left out. */
export const npsScore = (scores: readonly number[]): NpsSummary => npsFromCounts(countValues(scores));

// --- Likert ------------------------------------------------------------------------------------

/**
 * The data of one diverging stacked bar, on an axis from −100 (left) to 100 (right) percent of
 * respondents; segments are ordered by point, and `end − start` is the point's share.
 *
 * - With a neutral middle the middle point means "no opinion": it is set apart (`neutral`, drawn
 *   beside the bar) so both sides start at zero and compare directly (Robbins & Heiberger's advice
 *   for a separate neutral); `negative` + `neutral` + `positive` = 100.
 * - Without one the middle point is an ordinary answer: its segment straddles zero (half on each
 *   side, Heiberger & Robbins 2014), its share counts half to each side; `negative` + `positive`
 *   = 100 and `neutral` = 0.
 *
 * No answers: every segment is [0, 0] and every share 0.
 */
export interface DivergingBar {
  readonly segments: readonly { readonly point: number; readonly start: number; readonly end: number }[];
  readonly negative: number;
  readonly neutral: number;
  readonly positive: number;
  /** The point drawn apart as neutral; null without a neutral middle. */
  readonly neutralPoint: number | null;
}

/** One Likert statement: distribution over 1..points, mean, shares below/at/above the middle, bar. */
export interface LikertSummary {
  readonly points: 5 | 7;
  readonly total: number;
  readonly distribution: readonly DistributionRow[];
  /** Mean point (1..points); null without answers. */
  readonly mean: number | null;
  /** Exact % of points below the middle ('oneens'), at it, and above it ('eens'). */
  readonly disagree: number;
  readonly middle: number;
  readonly agree: number;
  readonly bar: DivergingBar;
}

/** Summary of one Likert statement from counts per point 1..points (other keys are ignored). */
export function likertSummary(
  settings: Pick<LikertSettings, 'points' | 'neutral_middle'>,
  countsByPoint: CountsByValue,
): LikertSummary {
  const { points } = settings;
  const middlePoint = (points + 1) / 2;
  const { rows, total, mean } = distribution(range(1, points), countsByPoint);
  const share = (predicate: (point: number) => boolean) =>
    rows.filter((row) => predicate(row.value)).reduce((sum, row) => sum + row.percent, 0);
  const disagree = share((point) => point < middlePoint);
  const middle = share((point) => point === middlePoint);
  const agree = share((point) => point > middlePoint);
  return {
    points,
    total,
    distribution: rows,
    mean,
    disagree,
    middle,
    agree,
    bar: divergingBar(rows, middlePoint, settings.neutral_middle, { disagree, middle, agree }),
  };
}

function divergingBar(
  rows: readonly DistributionRow[],
  middlePoint: number,
  neutralMiddle: boolean,
  shares: { readonly disagree: number; readonly middle: number; readonly agree: number },
): DivergingBar {
  const half = neutralMiddle ? 0 : shares.middle / 2;
  const segments: { point: number; start: number; end: number }[] = [];
  // Left side: from the middle outwards, so the mildest disagreement sits next to zero.
  let left = 0 - half; // not -half: that is -0 when half is 0
  for (let point = middlePoint - 1; point >= 1; point--) {
    const width = (rows[point - 1] as DistributionRow).percent;
    segments.unshift({ point, start: left - width, end: left });
    left -= width;
  }
  if (!neutralMiddle) segments.push({ point: middlePoint, start: 0 - half, end: half });
  let right = half;
  for (let point = middlePoint + 1; point <= rows.length; point++) {
    const width = (rows[point - 1] as DistributionRow).percent;
    segments.push({ point, start: right, end: right + width });
    right += width;
  }
  return {
    segments,
    negative: shares.disagree + half,
    neutral: neutralMiddle ? shares.middle : 0,
    positive: shares.agree + half,
    neutralPoint: neutralMiddle ? middlePoint : null,
  };
}

/** A Likert matrix: one summary per statement, in the question's order. */
export function likertMatrixSummary(
  settings: LikertSettings,
  countsByStatement: Readonly<Record<string, CountsByValue | undefined>>,
): { readonly statementId: string; readonly text: string; readonly summary: LikertSummary }[] {
  return settings.statements.map((statement) => ({
    statementId: statement.id,
    text: statement.text,
    summary: likertSummary(settings, countsByStatement[statement.id] ?? {}),
  }));
}

// --- Rating ------------------------------------------------------------------------------------

/** Rating results: distribution over 1..scale and the mean. */
export interface RatingSummary {
  readonly total: number;
  readonly distribution: readonly DistributionRow[];
  readonly mean: number | null;
}

/** Rating from counts per score 1..scale (other keys are ignored). */
export function ratingSummary(countsByScore: CountsByValue, scale = 5): RatingSummary {
  const { rows, total, mean } = distribution(range(1, scale), countsByScore);
  return { total, distribution: rows, mean };
}

// --- Choice ------------------------------------------------------------------------------------

/** One option's bar. */
export interface ChoiceRow {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  readonly percent: number;
  readonly roundedPercent: number;
}

/** Choice results: a bar per option in the question's order, and 'anders, namelijk' apart. */
export interface ChoiceSummary {
  /** Respondents who answered the question: the base of every percentage. */
  readonly respondents: number;
  readonly rows: readonly ChoiceRow[];
  readonly other: { readonly count: number; readonly percent: number; readonly roundedPercent: number };
}

const safeCount = (count: number | undefined): number =>
  typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;

/**
 * Single choice: every respondent picked one option or 'anders', so the base is their sum. Each
 * option is a bar of its own, so each share is rounded on its own (equal counts, equal labels; the
 * labels may add up to 99 or 101). Counts of ids that are not options are ignored.
 */
export function singleChoiceSummary(
  options: readonly ChoiceOption[],
  countsByOption: Readonly<Record<string, number | undefined>>,
  otherCount = 0,
): ChoiceSummary {
  const counts = [...options.map((option) => safeCount(countsByOption[option.id])), safeCount(otherCount)];
  const respondents = counts.reduce((sum, count) => sum + count, 0);
  const at = (index: number) => {
    const count = counts[index] as number;
    return {
      count,
      percent: respondents === 0 ? 0 : (count * 100) / respondents,
      roundedPercent: roundedShare(count, respondents),
    };
  };
  return {
    respondents,
    rows: options.map((option, index) => ({ id: option.id, label: option.label, ...at(index) })),
    other: at(options.length),
  };
}

/**
 * Multiple choice: percentages of the respondents who answered the question, not of all ticks, so
 * '60 %' means 60 % of them picked it and the shares can add up to more than 100. Each is rounded
 * on its own (halves up). `respondents` below the largest count (inconsistent input) is raised to it.
 */
export function multipleChoiceSummary(
  options: readonly ChoiceOption[],
  countsByOption: Readonly<Record<string, number | undefined>>,
  otherCount: number,
  respondents: number,
): ChoiceSummary {
  const counts = options.map((option) => safeCount(countsByOption[option.id]));
  const other = safeCount(otherCount);
  const base = Math.max(safeCount(respondents), other, ...counts);
  const at = (count: number) => {
    const percent = base === 0 ? 0 : (count * 100) / base;
    return { count, percent, roundedPercent: roundedShare(count, base) };
  };
  return {
    respondents: base,
    rows: options.map((option, index) => ({
      id: option.id,
      label: option.label,
      ...at(counts[index] as number),
    })),
    other: at(other),
  };
}

// --- Charts and display --------------------------------------------------------------------------

/** The chart each question type gets on the results page. */
export type ChartKind = 'diverging_bars' | 'nps' | 'bars' | 'distribution' | 'histogram' | 'texts' | 'none';

export function chartFor(type: QuestionType): ChartKind {
  switch (type) {
    case 'likert':
      return 'diverging_bars';
    case 'nps':
      return 'nps';
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
    case 'date':
    case 'ranking':
      return 'bars';
    case 'rating':
      return 'distribution';
    case 'open_short':
    case 'open_long':
      return 'texts';
    case 'text_block':
      return 'none';
    case 'number':
      return 'histogram';
  }
}

const ONE_DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A mean with one decimal in nl-NL ('3,8'); '–' without answers. */
export const formatMean = (mean: number | null): string => (mean === null ? '–' : ONE_DECIMAL.format(mean));

/** An NPS with its sign ('+42', '-12', '0'); '–' without answers. */
export const formatNps = (score: number | null): string => (score === null ? '–' : formatSignedCount(score));
