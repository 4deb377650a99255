/** Reporting periods (ISO weeks, months, quarters, years) for KPIs and finance. */
export type { Period, PeriodKind } from './period';
export {
  addDays,
  calendarDay,
  lastPeriods,
  nextPeriod,
  PERIOD_KIND_LABELS,
  PERIOD_KINDS,
  parsePeriodKey,
  periodName,
  periodOf,
  periodsBetween,
  previousPeriod,
} from './period';
