const AMSTERDAM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The `log_date` of a log item (spec §3): the calendar day of its timestamp in Europe/Amsterdam,
 * as 'YYYY-MM-DD', the same days the log filter's from/to dates mean.
 */
export function logDateOf(ts: Date | number): string {
  const parts: Record<string, string> = {};
  for (const part of AMSTERDAM_DAY.formatToParts(ts)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
