import { addDays, calendarDay } from '../periods';
import { readSearch, searchString } from '../surveys/results';

/**
 * The advanced KPI screen's choices as rules: the history's range (a preset or two days of one's
 * own), the two days of a comparison, and the screen's address, which holds them so a view can be
 * bookmarked and Back returns to it (`/advanced-kpis?range=this-year&kpi=12`). Days are
 * 'YYYY-MM-DD' in the Netherlands; `today` comes from the caller.
 */

export const KPI_RANGE_PRESETS = ['last-12-months', 'this-year', 'last-year', 'custom'] as const;
export type KpiRangePreset = (typeof KPI_RANGE_PRESETS)[number];

export const KPI_RANGE_LABELS: Readonly<Record<KpiRangePreset, string>> = {
  'last-12-months': 'Laatste 12 maanden',
  'this-year': 'Dit jaar',
  'last-year': 'Vorig jaar',
  custom: 'Aangepast',
};

/** The longest range the server computes (ten years of weeks). */
const RANGE_YEARS_MAX = 10;

export const KPI_RANGE_MESSAGES = {
  fromMissing: 'Vul een begindatum in.',
  toMissing: 'Vul een einddatum in.',
  invalidDay: 'Vul een bestaande datum in.',
  backwards: 'De einddatum ligt voor de begindatum.',
  tooLong: `Kies een bereik van hoogstens ${RANGE_YEARS_MAX} jaar.`,
  dayMissing: 'Kies een dag.',
} as const;

/** A range as chosen: a preset, and the two days of 'custom' (ignored by the other presets). */
export interface KpiRangeChoice {
  readonly preset: KpiRangePreset;
  readonly from: string;
  readonly to: string;
}

export const DEFAULT_KPI_RANGE: KpiRangeChoice = { preset: 'last-12-months', from: '', to: '' };

export interface DayRange {
  readonly from: string;
  readonly to: string;
}

export type RangeResult =
  | { readonly ok: true; readonly value: DayRange }
  | { readonly ok: false; readonly field: 'from' | 'to'; readonly message: string };

const yearOf = (day: string): number => Number(day.slice(0, 4));

/**
 * The first day of the month eleven months before today's: with today's month, twelve whole
 * calendar months (a monthly KPI shows twelve points, not thirteen with a cut first month).
 */
function twelveMonthsBack(today: string): string {
  const monthIndex = yearOf(today) * 12 + Number(today.slice(5, 7)) - 1 - 11;
  const year = Math.floor(monthIndex / 12);
  return `${String(year).padStart(4, '0')}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
}

/** The days a choice stands for on `today`; a custom range is checked, each problem naming its field. */
export function kpiRange(choice: KpiRangeChoice, today: string): RangeResult {
  const year = yearOf(today);
  switch (choice.preset) {
    case 'last-12-months':
      return { ok: true, value: { from: twelveMonthsBack(today), to: today } };
    case 'this-year':
      return { ok: true, value: { from: `${year}-01-01`, to: today } };
    case 'last-year':
      return { ok: true, value: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } };
    case 'custom':
      return customRange(choice.from, choice.to);
  }
}

function customRange(from: string, to: string): RangeResult {
  const M = KPI_RANGE_MESSAGES;
  if (from === '') return { ok: false, field: 'from', message: M.fromMissing };
  if (calendarDay(from) === null) return { ok: false, field: 'from', message: M.invalidDay };
  if (to === '') return { ok: false, field: 'to', message: M.toMissing };
  if (calendarDay(to) === null) return { ok: false, field: 'to', message: M.invalidDay };
  if (from > to) return { ok: false, field: 'to', message: M.backwards };
  if (addDays(from, 366 * RANGE_YEARS_MAX) < to) return { ok: false, field: 'from', message: M.tooLong };
  return { ok: true, value: { from, to } };
}

// --- Comparing two days ---------------------------------------------------------------------------

/** The two days of a comparison: each KPI compares its period holding `a` with the one holding `b`. */
export interface CompareChoice {
  readonly a: string;
  readonly b: string;
}

/** Today against the same day a year before (29 February against 28 February). */
export function defaultCompareChoice(today: string): CompareChoice {
  const sameDay = `${yearOf(today) - 1}${today.slice(4)}`;
  return { a: today, b: calendarDay(sameDay) === null ? `${yearOf(today) - 1}-02-28` : sameDay };
}

/** Both days filled in and real; a problem names its field ('a' or 'b'). */
export function compareProblem(
  choice: CompareChoice,
): { readonly field: 'a' | 'b'; readonly message: string } | null {
  for (const field of ['a', 'b'] as const) {
    if (choice[field] === '') return { field, message: KPI_RANGE_MESSAGES.dayMissing };
    if (calendarDay(choice[field]) === null) return { field, message: KPI_RANGE_MESSAGES.invalidDay };
  }
  return null;
}

// --- The address ----------------------------------------------------------------------------------

/** What the screen's address holds: the range, the chart kind, the KPIs chosen and a drilled-into KPI. */
export interface AdvancedKpisAddress {
  readonly range: KpiRangeChoice;
  /** KPI ids of the history; empty: every KPI. */
  readonly ids: readonly number[];
  readonly chart: 'line' | 'bar';
  /** The KPI whose drill-down is open; null: the overview. */
  readonly kpi: number | null;
}

const isId = (text: string): boolean => /^[1-9]\d{0,15}$/.test(text);

/** The address's parameters; anything unknown or malformed falls back to the default. */
export function readAdvancedKpisAddress(search: string): AdvancedKpisAddress {
  const params = readSearch(search);
  const preset = params.range ?? '';
  const range: KpiRangeChoice = (KPI_RANGE_PRESETS as readonly string[]).includes(preset)
    ? { preset: preset as KpiRangePreset, from: params.from ?? '', to: params.to ?? '' }
    : DEFAULT_KPI_RANGE;
  const kpi = params.kpi ?? '';
  const ids = (params.ids ?? '').split(',').filter(isId).map(Number);
  return {
    range: range.preset === 'custom' ? range : { preset: range.preset, from: '', to: '' },
    ids: [...new Set(ids)],
    chart: params.chart === 'bar' ? 'bar' : 'line',
    kpi: isId(kpi) ? Number(kpi) : null,
  };
}

/** The query string of an address ('' for the default), the inverse of `readAdvancedKpisAddress`. */
export function advancedKpisSearch(address: AdvancedKpisAddress): string {
  const custom = address.range.preset === 'custom';
  return searchString({
    range: address.range.preset === DEFAULT_KPI_RANGE.preset ? undefined : address.range.preset,
    from: custom ? address.range.from : undefined,
    to: custom ? address.range.to : undefined,
    ids: address.ids.length > 0 ? address.ids.join(',') : undefined,
    chart: address.chart === 'bar' ? 'bar' : undefined,
    kpi: address.kpi ?? undefined,
  }).replaceAll('%2C', ',');
}
