import type { PeriodBucket } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import type { SQL } from 'drizzle-orm';
import { invalidInput } from '../http/apiError';

/** The Dutch texts of the result routes' query parameters. */
export const RANGE_MESSAGES = {
  from: 'Geef de begindatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-01.',
  to: 'Geef de einddatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-31.',
  outOfRange: `Kies een datum tussen ${2000} en ${2100}.`,
  order: 'De einddatum ligt vóór de begindatum.',
} as const;

/** Dates outside these years are typing errors, and they keep a month series at most 1,212 points long. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** Up to this many days a series goes per day; up to a year per week. */
export const DAY_BUCKET_MAX_DAYS = 62;
export const WEEK_BUCKET_MAX_DAYS = 366;

/** The period a user asked for: Europe/Amsterdam calendar days (`YYYY-MM-DD`), both ends included. */
export interface DayFilter {
  readonly from: string | null;
  readonly to: string | null;
  /** The ids of the responses the filter keeps, a `bigint[]` (R-RES-8, `resultsFilterSql.ts`); absent: all. */
  readonly responses?: SQL;
}

/** The period a series covers and how it is bucketed. */
export interface Period {
  readonly start: string;
  readonly end: string;
  readonly bucket: PeriodBucket;
}

const DAY_MS = 86_400_000;

/** Milliseconds of a `YYYY-MM-DD` day at 00:00 UTC, or null when it is not a real calendar day. */
function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? ms
    : null;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `from`/`to` of a result route: each optional, a real day between 2000 and 2100, from ≤ to; else 400. */
export function parseDayFilter(query: { readonly from?: string; readonly to?: string }): DayFilter {
  const fields: Record<string, string> = {};
  const parse = (raw: string | undefined, field: 'from' | 'to'): string | null => {
    if (raw === undefined || raw.trim() === '') return null;
    const day = raw.trim();
    const ms = dayNumber(day);
    if (ms === null) {
      fields[field] = RANGE_MESSAGES[field];
      return null;
    }
    const year = new Date(ms).getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      fields[field] = RANGE_MESSAGES.outOfRange;
      return null;
    }
    return day;
  };
  const from = parse(query.from, 'from');
  const to = parse(query.to, 'to');
  if (from !== null && to !== null && from > to) fields.to = RANGE_MESSAGES.order;
  if (Object.keys(fields).length > 0) throw invalidInput(fields as FieldErrors);
  return { from, to };
}

/** Day up to 62 days, week (from Monday) up to a year, else month. */
export function bucketFor(start: string, end: string): PeriodBucket {
  const days = Math.round(((dayNumber(end) ?? 0) - (dayNumber(start) ?? 0)) / DAY_MS) + 1;
  if (days <= DAY_BUCKET_MAX_DAYS) return 'day';
  return days <= WEEK_BUCKET_MAX_DAYS ? 'week' : 'month';
}

/**
 * The period of a series: the days the user asked for, the missing ends filled from the data (the
 * first and last submitted response), else from `opened` (publication, or creation) up to today.
 * An end that would come before the start moves up to it (never past a day the user gave).
 */
export function periodOf(
  filter: DayFilter,
  data: { readonly first: string | null; readonly last: string | null },
  fallback: { readonly opened: string; readonly today: string },
): Period {
  let start = filter.from ?? data.first ?? fallback.opened;
  let end = filter.to ?? data.last ?? fallback.today;
  if (end < start) {
    if (filter.from === null) start = end;
    else end = [start, fallback.today].sort()[1] ?? start;
  }
  return { start, end, bucket: bucketFor(start, end) };
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export const addDays = (day: string, days: number): string => dayOf((dayNumber(day) ?? 0) + days * DAY_MS);
