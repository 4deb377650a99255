/**
 * The date question (R-SURV-24): days as 'YYYY-MM-DD', checked as real calendar days, and their
 * order key (YYYYMMDD as a number) that conditions and messages use.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real day written 'YYYY-MM-DD' (no 31 April), from year 1000 to 9999. */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A day's order key: '2026-03-15' → 20260315. */
export const dayKey = (day: string): number => Number(day.replaceAll('-', ''));

/** The day of an order key: 20260315 → '2026-03-15'. */
export function keyDay(key: number): string {
  const text = String(Math.trunc(key)).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** The lowest and highest order key a date can have. */
export const DAY_KEY_RANGE: readonly [number, number] = [10000101, 99991231];

/** A day as `locale` writes it in full ('15 maart 2026'); the key as it is when it is no day. */
export function formatDayKey(key: number, locale = 'nl-NL'): string {
  const day = keyDay(key);
  if (!isDay(day)) return String(key);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A month ('2026-03') as Dutch names it: 'maart 2026'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  if (!Number.isInteger(year) || !Number.isInteger(number)) return month;
  return new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}
