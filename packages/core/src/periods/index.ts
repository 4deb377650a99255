/** Reporting periods (ISO weeks, months, quarters, years) for KPIs and finance. */
export type { Period, PeriodKind } from './period';
export {
  addDays,
  lastPeriods,
  nextPeriod,
  PERIOD_KIND_LABELS,
  PERIOD_KINDS,
  parseDay,
  parsePeriodKey,
  periodLabel,
  periodOf,
  periodsBetween,
  previousPeriod,
} from './period';
