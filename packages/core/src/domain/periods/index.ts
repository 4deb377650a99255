// The periods feature: reporting periods (ISO weeks, months, quarters, years) for KPIs and finance.
// Its whole public API, ready for the KPI and finance features; everything else in this folder is internal.
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
