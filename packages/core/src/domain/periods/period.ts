import { MONTHS } from '../format';

/**
 * Reporting periods shared by KPIs and finance: ISO weeks (Monday to Sunday, the week with the
 * year's first Thursday is week 1, so 29 December can be week 1 of the next year and 1 January week
 * 53 of the previous one), calendar months, quarters and years. Days are calendar dates
 * ('2026-03-31'), never moments: a period does not depend on a time zone.
 */
export type PeriodKind = 'week' | 'month' | 'quarter' | 'year';

export const PERIOD_KINDS: readonly PeriodKind[] = ['week', 'month', 'quarter', 'year'];

export interface Period {
  readonly kind: PeriodKind;
  /** '2026-W05', '2026-03', '2026-Q1' or '2026': sorts in time order within one kind. */
  readonly key: string;
  /** The first day, inclusive. */
  readonly start: string;
  /** The last day, inclusive. */
  readonly end: string;
}

const DAY_MS = 86_400_000;

const KEY_PATTERNS: Record<PeriodKind, RegExp> = {
  week: /^(\d{4})-W(\d{2})$/,
  month: /^(\d{4})-(\d{2})$/,
  quarter: /^(\d{4})-Q([1-4])$/,
  year: /^(\d{4})$/,
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Days since 1970-01-01 of a calendar date (UTC arithmetic: no time zone involved). */
const dayNumber = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / DAY_MS;

function dateOf(days: number): string {
  const date = new Date(days * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** '2026-02-29' and '2026-13-01' are not dates: null. */
export function calendarDay(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  if (dateOf(dayNumber(year, month, day)) !== text) return null;
  return { year, month, day };
}

/** Monday of ISO week 1 of `isoYear`: the week holding 4 January. */
function isoWeekOneMonday(isoYear: number): number {
  const fourth = dayNumber(isoYear, 1, 4);
  const weekday = (new Date(fourth * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return fourth - weekday;
}

const weeksIn = (isoYear: number): number => (isoWeekOneMonday(isoYear + 1) - isoWeekOneMonday(isoYear)) / 7;

function weekPeriod(isoYear: number, week: number): Period {
  const monday = isoWeekOneMonday(isoYear) + (week - 1) * 7;
  return {
    kind: 'week',
    key: `${pad(isoYear, 4)}-W${pad(week)}`,
    start: dateOf(monday),
    end: dateOf(monday + 6),
  };
}

function monthPeriod(year: number, month: number): Period {
  return {
    kind: 'month',
    key: `${pad(year, 4)}-${pad(month)}`,
    start: dateOf(dayNumber(year, month, 1)),
    end: dateOf(dayNumber(year, month + 1, 1) - 1),
  };
}

function quarterPeriod(year: number, quarter: number): Period {
  const firstMonth = (quarter - 1) * 3 + 1;
  return {
    kind: 'quarter',
    key: `${pad(year, 4)}-Q${quarter}`,
    start: dateOf(dayNumber(year, firstMonth, 1)),
    end: dateOf(dayNumber(year, firstMonth + 3, 1) - 1),
  };
}

function yearPeriod(year: number): Period {
  return { kind: 'year', key: pad(year, 4), start: `${pad(year, 4)}-01-01`, end: `${pad(year, 4)}-12-31` };
}

/** The period of `kind` that holds the day (a valid 'YYYY-MM-DD'; see `calendarDay`). */
export function periodOf(kind: PeriodKind, day: string): Period {
  const parsed = calendarDay(day);
  if (!parsed) throw new RangeError(`Not a calendar day: ${day}`);
  const { year, month } = parsed;
  if (kind === 'month') return monthPeriod(year, month);
  if (kind === 'quarter') return quarterPeriod(year, Math.ceil(month / 3));
  if (kind === 'year') return yearPeriod(year);
  const days = dayNumber(parsed.year, parsed.month, parsed.day);
  // The ISO year is the year of this week's Thursday.
  const thursday = days - ((new Date(days * DAY_MS).getUTCDay() + 6) % 7) + 3;
  const isoYear = new Date(thursday * DAY_MS).getUTCFullYear();
  return weekPeriod(isoYear, Math.floor((thursday - isoWeekOneMonday(isoYear)) / 7) + 1);
}

/** The period a key names ('2026-W53' only in a year that has 53 weeks), or null. */
export function parsePeriodKey(kind: PeriodKind, key: string): Period | null {
  const match = KEY_PATTERNS[kind].exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const part = Number(match[2]);
  if (kind === 'year') return yearPeriod(year);
  if (kind === 'quarter') return quarterPeriod(year, part);
  if (kind === 'month') return part >= 1 && part <= 12 ? monthPeriod(year, part) : null;
  return part >= 1 && part <= weeksIn(year) ? weekPeriod(year, part) : null;
}

/** The day `count` days after a calendar day (before it when negative). */
export const addDays = (day: string, count: number): string => {
  const parsed = calendarDay(day);
  if (!parsed) throw new RangeError(`Not a calendar day: ${day}`);
  return dateOf(dayNumber(parsed.year, parsed.month, parsed.day) + count);
};

/** The period right after this one. */
export const nextPeriod = (period: Period): Period => periodOf(period.kind, addDays(period.end, 1));

/** The period right before this one. */
export const previousPeriod = (period: Period): Period => periodOf(period.kind, addDays(period.start, -1));

/** The `count` periods of `kind` that end with the one holding `day`, oldest first. */
export function lastPeriods(kind: PeriodKind, count: number, day: string): Period[] {
  const periods: Period[] = [];
  let period = periodOf(kind, day);
  for (let i = 0; i < count; i++) {
    periods.unshift(period);
    period = previousPeriod(period);
  }
  return periods;
}

/** Every period of `kind` from the one holding `from` to the one holding `to`, oldest first. */
export function periodsBetween(kind: PeriodKind, from: string, to: string): Period[] {
  const last = periodOf(kind, to).key;
  const periods: Period[] = [];
  for (let period = periodOf(kind, from); period.key <= last; period = nextPeriod(period))
    periods.push(period);
  return periods;
}

/** 'week 5, 2026', 'maart 2026', 'Q1 2026', '2026'. */
export function periodName(period: Period): string {
  const year = period.key.slice(0, 4);
  if (period.kind === 'year') return year;
  if (period.kind === 'quarter') return `${period.key.slice(5)} ${year}`;
  if (period.kind === 'month') return `${MONTHS[Number(period.key.slice(5)) - 1]} ${year}`;
  return `week ${Number(period.key.slice(6))}, ${year}`;
}

/** Dutch names of the kinds, for selects and headings. */
export const PERIOD_KIND_LABELS: Record<PeriodKind, string> = {
  week: 'Week',
  month: 'Maand',
  quarter: 'Kwartaal',
  year: 'Jaar',
};
