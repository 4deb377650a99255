import { type CalendarDay, longDayText, wallClock } from '../format';

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The day `months` months after `day`, on the same day of the month or, where that month is
 * shorter, its last day (31 January → 28 or 29 February): how a monthly card subscription at the
 * payment provider renews.
 */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

/** The day before `day`. */
export function previousDay(day: CalendarDay): CalendarDay {
  if (day.day > 1) return { ...day, day: day.day - 1 };
  const month = day.month === 1 ? 12 : day.month - 1;
  const year = day.month === 1 ? day.year - 1 : day.year;
  return { year, month, day: daysInMonth(year, month) };
}

/** A month of a paid plan: from the day it was paid up to the day before it renews. */
export interface BillingPeriod {
  readonly start: CalendarDay;
  /** The last day it covers. */
  readonly end: CalendarDay;
  /** The day the next month is charged. */
  readonly renewal: CalendarDay;
}

/**
 * The month a payment pays for (docs/decisions/billing.md, 'A paid month starts the day it is paid'):
 * the plan starts on the day of payment in the Netherlands and renews a month later.
 */
export function billingPeriod(paidAt: Date | string): BillingPeriod {
  const clock = wallClock(paidAt);
  if (clock === null) throw new RangeError(`Not a moment: ${String(paidAt)}`);
  const start = { year: clock.year, month: clock.month, day: clock.day };
  const renewal = addMonths(start, 1);
  return { start, end: previousDay(renewal), renewal };
}

const two = (n: number): string => String(n).padStart(2, '0');

/** A calendar day as 'YYYY-MM-DD'. */
export const calendarDayIso = (day: CalendarDay): string => `${day.year}-${two(day.month)}-${two(day.day)}`;

/** 'YYYY-MM-DD' as a calendar day; null for anything else. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (day.month < 1 || day.month > 12 || day.day < 1 || day.day > daysInMonth(day.year, day.month))
    return null;
  return day;
}

/** A 'YYYY-MM-DD' day in running Dutch ('21 mei 2026'); as it is when it cannot be read. */
export function calendarDayText(iso: string): string {
  const day = parseCalendarDay(iso);
  return day === null ? iso : longDayText(day);
}
