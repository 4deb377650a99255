// The format feature: Dutch dates, times, numbers, amounts and percentages in the Netherlands' time zone,
// dates in another language's conventions, and plural forms per language.
// What other features and packages use of it; everything else in this folder is internal.
export type { CalendarDay } from './dutch';
export {
  dayStart,
  formatCents,
  formatCount,
  formatDay,
  formatDayTime,
  formatEuros,
  formatEurosShort,
  formatLongDay,
  formatLongDayTime,
  formatNumber,
  formatRate,
  formatShare,
  formatSignedCents,
  formatSignedCount,
  formatSignedEuros,
  formatSignedNumber,
  formatSignedPercent,
  formatTimestamp,
  isoDay,
  longDayText,
  MONTHS,
  MONTHS_SHORT,
  NO_VALUE,
  shortDayText,
  TIME_ZONE,
  wallClock,
  withSign,
} from './dutch';
export { formatLongDayTimeIn } from './localDates';
export type { PluralForms } from './plural';
export { pluralOf } from './plural';
