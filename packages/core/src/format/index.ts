// The format feature: Dutch dates, times, numbers, amounts and percentages in the Netherlands' time zone.
export type { CalendarDay, WallClock } from './dutch';
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
  TIME_ZONE,
  wallClock,
} from './dutch';
