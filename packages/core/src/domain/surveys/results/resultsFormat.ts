import type { PeriodBucket, SurveyStatus } from '../../contract';
import {
  type CalendarDay,
  formatCount,
  formatDay,
  formatDayTime,
  longDayText,
  MONTHS,
  MONTHS_SHORT,
} from '../../format';

/** Labels of the results pages: periods and counts in Dutch, from the format feature. */

/** The badge text of each status. */
export const SURVEY_STATUS_LABELS: Readonly<Record<SurveyStatus, string>> = {
  draft: 'Concept',
  open: 'Open',
  closed: 'Gesloten',
};

export { formatCount, formatRate, formatShare, NO_VALUE } from '../../format';

/** A moment as its Amsterdam day, e.g. '3 nov. 2025'; '–' without one. */
export const formatResultDate = (iso: string | null | undefined): string => formatDay(iso);

/** A moment as its Amsterdam day and time, e.g. '3 nov. 2025, 14:05'; '–' without one. */
export const formatResultDateTime = (iso: string | null | undefined): string => formatDayTime(iso);

const shortDay = ({ day, month }: CalendarDay) => `${day} ${MONTHS_SHORT[month - 1]}`;

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
      return longDayText(day);
    case 'week':
      return `week van ${longDayText(day)}`;
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
