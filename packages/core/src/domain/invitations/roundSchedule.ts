/**
 * Pulse rounds' calendar (R-ROUND-2): a round's date is the start plus a whole number of weeks or
 * months, on the start's wall-clock time in Europe/Amsterdam, so a round at 09:00 stays at 09:00
 * across summer and winter time; a monthly round on the 29th–31st falls on the month's last day in
 * a shorter month and returns to its day after (dates are counted from the start, never from the
 * previous round, so they do not drift). Pure: the server schedules with it, the screens show it.
 */
import type { RoundIntervalUnit, RoundScheduleInput, RoundScheduleState, RoundState } from '../contract';
import { formatLongDay, TIME_ZONE } from '../format';

/** What the calendar needs of a schedule. */
export interface RoundRhythm {
  readonly startAt: Date;
  readonly unit: RoundIntervalUnit;
  readonly count: number;
}

interface WallTime {
  readonly year: number;
  /** 0–11 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallTimeOf(at: Date): WallTime {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(PARTS.formatToParts(at).find((each) => each.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month') - 1,
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    millisecond: at.getUTCMilliseconds(),
  };
}

const HALF_DAY_MS = 43_200_000;

const asUtc = (wall: WallTime): number =>
  Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);

/**
 * The moment a wall-clock time in Europe/Amsterdam is. In the hour skipped in spring the clock
 * moves on by the hour (02:30 → 03:30); in the hour lived twice in autumn the first one counts.
 */
function momentOf(wall: WallTime): Date {
  const target = asUtc(wall);
  const offsetAt = (ms: number) => asUtc(wallTimeOf(new Date(ms))) - ms;
  const before = target - offsetAt(target - HALF_DAY_MS);
  const after = target - offsetAt(target + HALF_DAY_MS);
  for (const candidate of [Math.min(before, after), Math.max(before, after)]) {
    if (asUtc(wallTimeOf(new Date(candidate))) === target) return new Date(candidate);
  }
  // The skipped hour: no moment has this wall time; the offset before the jump moves it on.
  return new Date(before);
}

/** A day ('2026-12-01') and time ('09:00') on the Dutch clock as a moment; null when either is not one. */
export function amsterdamMoment(day: string, time: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  const clock = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (date === null || clock === null) return null;
  const [year, month, dayOfMonth, hour, minute] = [date[1], date[2], date[3], clock[1], clock[2]].map(
    Number,
  ) as [number, number, number, number, number];
  if (
    month < 1 ||
    month > 12 ||
    dayOfMonth < 1 ||
    dayOfMonth > daysIn(year, month - 1) ||
    hour > 23 ||
    minute > 59
  )
    return null;
  return momentOf({ year, month: month - 1, day: dayOfMonth, hour, minute, second: 0, millisecond: 0 });
}

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The date of slot `slot` (0: the start itself). */
export function roundDueAt(rhythm: RoundRhythm, slot: number): Date {
  const start = wallTimeOf(rhythm.startAt);
  if (rhythm.unit === 'week') {
    const day = new Date(Date.UTC(start.year, start.month, start.day + 7 * rhythm.count * slot));
    return momentOf({
      ...start,
      year: day.getUTCFullYear(),
      month: day.getUTCMonth(),
      day: day.getUTCDate(),
    });
  }
  const months = start.month + rhythm.count * slot;
  const year = start.year + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  return momentOf({ ...start, year, month, day: Math.min(start.day, daysIn(year, month)) });
}

const WEEK_MS = 7 * 86_400_000;
const MONTH_MS = 28 * 86_400_000;

/**
 * The first date of the rhythm strictly after `after` (R-ROUND-3): the next round after one that
 * went, was skipped, or whose time passed while the server was down or the rounds were paused.
 * Dates already past are not caught up one by one.
 */
export function nextRoundDue(rhythm: RoundRhythm, after: Date): Date {
  const span = (rhythm.unit === 'week' ? WEEK_MS : MONTH_MS) * rhythm.count;
  // A lower bound on the slot (a month is at least 28 days), then step: a handful of steps at most.
  let slot = Math.max(0, Math.floor((after.getTime() - rhythm.startAt.getTime()) / span) - 1);
  if (rhythm.unit === 'month') slot = Math.max(0, Math.floor(slot * (28 / 31)) - 1);
  for (;;) {
    const due = roundDueAt(rhythm, slot);
    if (due.getTime() > after.getTime()) return due;
    slot += 1;
  }
}

export const ROUND_LIMITS = { intervalCount: { min: 1, max: 12 } } as const;

export const ROUND_MESSAGES = {
  intervalUnit: "Kies 'weken' of 'maanden'.",
  intervalCount: `Kies een herhaling van ${ROUND_LIMITS.intervalCount.min} tot en met ${ROUND_LIMITS.intervalCount.max}.`,
  startAt: 'Geef het moment van de eerste ronde als datum en tijd.',
  startPast: 'Het moment van de eerste ronde ligt in het verleden.',
  notOpen: 'Rondes kunnen alleen bij een geopende survey. Open de survey eerst.',
  noSchedule: 'Deze survey loopt niet in rondes.',
  ended: 'De rondes van deze survey zijn beëindigd.',
  notPaused: 'De rondes zijn niet gepauzeerd.',
  notActive: 'De rondes lopen niet: hervat ze eerst.',
  noNextRound: 'Er is geen geplande ronde om over te slaan.',
  segment: 'Segment niet gevonden.',
} as const;

/** The Dutch notes a round keeps when it did not go. */
export const ROUND_NOTES = {
  skipped: 'Overgeslagen door de eigenaar.',
  cancelled: 'De rondes zijn beëindigd.',
  notOpen: 'Niet verstuurd: de survey was niet open.',
  segmentGone: 'Niet verstuurd: het segment bestaat niet meer.',
  nobody: 'Niet verstuurd: de selectie bevatte geen contacten.',
} as const;

/** The input checked as the server does: field → Dutch message; empty when it is fine. */
export function roundScheduleProblems(input: RoundScheduleInput, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.interval_unit !== 'week' && input.interval_unit !== 'month')
    problems.interval_unit = ROUND_MESSAGES.intervalUnit;
  const count = input.interval_count;
  if (
    !Number.isInteger(count) ||
    count < ROUND_LIMITS.intervalCount.min ||
    count > ROUND_LIMITS.intervalCount.max
  )
    problems.interval_count = ROUND_MESSAGES.intervalCount;
  const start = /^\d{4}-\d{2}-\d{2}T/.test(input.start_at) ? new Date(input.start_at) : new Date(Number.NaN);
  if (Number.isNaN(start.getTime())) problems.start_at = ROUND_MESSAGES.startAt;
  else if (start.getTime() < now.getTime() - 60_000) problems.start_at = ROUND_MESSAGES.startPast;
  return problems;
}

/** 'Elke week', 'Elke 2 weken', 'Elke maand', 'Elke 3 maanden'. */
export function rhythmText(unit: RoundIntervalUnit, count: number): string {
  if (count === 1) return unit === 'week' ? 'Elke week' : 'Elke maand';
  return `Elke ${count} ${unit === 'week' ? 'weken' : 'maanden'}`;
}

export const ROUND_STATE_LABELS: Readonly<Record<RoundState, string>> = {
  scheduled: 'Gepland',
  sent: 'Verstuurd',
  skipped: 'Overgeslagen',
  cancelled: 'Vervallen',
};

export const ROUND_SCHEDULE_STATE_LABELS: Readonly<Record<RoundScheduleState, string>> = {
  active: 'Loopt',
  paused: 'Gepauzeerd',
  ended: 'Beëindigd',
};

/** 'Ronde 3 (2 maart 2026)'. */
export const roundLabel = (round: { readonly number: number; readonly due_at: string }): string =>
  `Ronde ${round.number} (${formatLongDay(new Date(round.due_at))})`;
