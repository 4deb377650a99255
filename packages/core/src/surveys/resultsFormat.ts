import type { PeriodBucket } from '../contract/surveyResults';
import type { SurveyStatus } from '../contract/surveys';

/**
 * Numbers and dates on the results pages, in Dutch. Month names are our own rather than the
 * runtime's `Intl` output, whose abbreviations differ between ICU versions ('nov' in Node 20,
 * 'nov.' in browsers), so a label reads the same in every browser and in tests.
 */

/** The badge text of each status. */
export const SURVEY_STATUS_LABELS: Readonly<Record<SurveyStatus, string>> = {
  draft: 'Concept',
  open: 'Open',
  closed: 'Gesloten',
};

const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** The Taalunie's abbreviations ('mei' has none). */
const MONTHS_SHORT = [
  'jan.',
  'feb.',
  'mrt.',
  'apr.',
  'mei',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
] as const;

/** Shown where there is no number or date. */
export const NO_VALUE = '–';

const COUNT = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** A count with nl-NL grouping: '12.345'. */
export const formatCount = (count: number): string =>
  Number.isFinite(count) ? COUNT.format(count) : NO_VALUE;

/** A share of 0–100 as a whole percentage: '43%'. */
export const formatShare = (percent: number): string =>
  Number.isFinite(percent) ? `${Math.round(percent) + 0}%` : NO_VALUE;

/** A rate of 0–1 (response rate, completion rate) as a whole percentage; '–' when there is none. */
export const formatRate = (rate: number | null | undefined): string =>
  typeof rate === 'number' && Number.isFinite(rate) ? formatShare(rate * 100) : NO_VALUE;

interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const AMSTERDAM_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day and time in Europe/Amsterdam, where the results' days are counted. */
function amsterdam(iso: string): (CalendarDay & { readonly time: string }) | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    AMSTERDAM_PARTS.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    time: `${parts.hour}:${parts.minute}`,
  };
}

const shortDay = ({ day, month }: CalendarDay) => `${day} ${MONTHS_SHORT[month - 1]}`;
const longDay = ({ day, month, year }: CalendarDay) => `${day} ${MONTHS[month - 1]} ${year}`;

/** A moment as its Amsterdam day, e.g. '3 nov. 2025'; '–' without one. */
export function formatResultDate(iso: string | null | undefined): string {
  const day = iso ? amsterdam(iso) : null;
  return day ? `${shortDay(day)} ${day.year}` : NO_VALUE;
}

/** A moment as its Amsterdam day and time, e.g. '3 nov. 2025, 14:05'; '–' without one. */
export function formatResultDateTime(iso: string | null | undefined): string {
  const day = iso ? amsterdam(iso) : null;
  return day ? `${shortDay(day)} ${day.year}, ${day.time}` : NO_VALUE;
}

/** A `YYYY-MM-DD` day as its parts; null when it is not a real calendar day. */
export function parseDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** A period of a series, short for an axis: '3 nov.', 'week van 3 nov.', 'nov. 2025'. */
export function periodLabel(period: string, bucket: PeriodBucket): string {
  const day = parseDay(period);
  if (!day) return period;
  switch (bucket) {
    case 'day':
      return shortDay(day);
    case 'week':
      return `week van ${shortDay(day)}`;
    case 'month':
      return `${MONTHS_SHORT[day.month - 1]} ${day.year}`;
  }
}

/** A period under a chart's axis, as short as it can be: the bucket is said once, in the caption. */
export function axisLabel(period: string, bucket: PeriodBucket): string {
  const day = parseDay(period);
  if (!day) return period;
  return bucket === 'month' ? `${MONTHS_SHORT[day.month - 1]} ${day.year}` : shortDay(day);
}

/** A period in full, for screen readers and tables: '3 november 2025', 'week van …', 'november 2025'. */
export function periodLongLabel(period: string, bucket: PeriodBucket): string {
  const day = parseDay(period);
  if (!day) return period;
  switch (bucket) {
    case 'day':
      return longDay(day);
    case 'week':
      return `week van ${longDay(day)}`;
    case 'month':
      return `${MONTHS[day.month - 1]} ${day.year}`;
  }
}

/** 'Per dag', 'Per week' or 'Per maand', under a chart. */
export const BUCKET_LABELS: Readonly<Record<PeriodBucket, string>> = {
  day: 'Per dag',
  week: 'Per week (vanaf maandag)',
  month: 'Per maand',
};

/** '1 antwoord', '12 antwoorden'. */
export const answersText = (count: number): string =>
  count === 1 ? '1 antwoord' : `${formatCount(count)} antwoorden`;

/** '1 reactie', '12 reacties' (a submitted response, as SurveyMonkey's Dutch interface says). */
export const responsesText = (count: number): string =>
  count === 1 ? '1 reactie' : `${formatCount(count)} reacties`;
