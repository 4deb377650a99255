// The format feature: Dutch dates, times, numbers, amounts and percentages in the Netherlands' time zone.
// What other features and packages use of it; everything else in this folder is internal.
export type { CalendarDay } from './dutch';
export {
  dayStart,
  formatCents,
  formatCount,
  formatDay,
  formatDayTime,
  formatEuros,
  formatLongDay,
  formatLongDayTime,
  formatNumber,
  formatRate,
  formatShare,
  formatTimestamp,
  isoDay,
  longDayText,
  MONTHS,
  MONTHS_SHORT,
  NO_VALUE,
  shortDayText,
  wallClock,
} from './dutch';
