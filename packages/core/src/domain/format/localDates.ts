import { NO_VALUE, TIME_ZONE } from './dutch';

type Moment = Date | string | number;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment's day and time in running text in another language than Dutch, by that locale's own
 * conventions and in the Netherlands' time zone: 'en-GB' '1 March 2030 at 17:00', 'de-DE'
 * '1. März 2030 um 17:00'; '–' without one. Dutch text keeps `formatLongDayTime` (our own month
 * names, the same in every runtime).
 */
export function formatLongDayTimeIn(locale: string, moment: Moment | null | undefined): string {
  if (moment === null || moment === undefined || moment === '') return NO_VALUE;
  const date = moment instanceof Date ? moment : new Date(moment);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
    formats.set(locale, format);
  }
  return format.format(date);
}
