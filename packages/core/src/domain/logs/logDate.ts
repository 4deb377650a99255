import { isoDay } from '../format';

/**
 * The `log_date` of a log item (R-LOG-3): the calendar day of its timestamp in Europe/Amsterdam,
 * as 'YYYY-MM-DD', the same days the log filter's from/to dates mean.
 */
export const logDateOf = (ts: Date | number): string => isoDay(ts);
