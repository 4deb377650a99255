/**
 * Every date, time, number, amount and percentage Loop shows, in Dutch (nl-NL) and in the
 * Netherlands' time zone: one module for the screens, the e-mails and the exports, so a moment reads
 * the same everywhere. Three date styles, each for its place:
 * - `formatDay` '3 nov. 2025' in tables, lists and cards;
 * - `formatLongDay` '3 november 2025' in running text, e-mails and documents;
 * - `formatTimestamp` '03-11-2025 14:05:09' where a precise moment matters (the log, exports).
 * Month names are our own rather than the runtime's `Intl` output, whose abbreviations differ
 * between ICU versions ('nov' in Node, 'nov.' in browsers): a label reads the same everywhere.
 */

/** The Netherlands' time zone: days and times are counted in it. */
export const TIME_ZONE = 'Europe/Amsterdam';

/** Shown where there is no number or date. */
export const NO_VALUE = '–';

export const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** The Taalunie's abbreviations ('mei' has none). */
export const MONTHS_SHORT = [
  'jan.',
  'feb.',
  'mrt.',
  'apr.',
  'mei',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
] as const;

/** A calendar day: month 1–12. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A moment's wall-clock reading in the Netherlands. */
export interface WallClock extends CalendarDay {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

type Moment = Date | string | number;

const toDate = (moment: Moment | null | undefined): Date | null => {
  if (moment === null || moment === undefined || moment === '') return null;
  const date = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The last reading, by its whole second: a server asks for "now" many times a second (today's
 * period, the log's day), and `formatToParts` is the dearest step of it.
 */
let lastReading: { readonly second: number; readonly clock: WallClock } | null = null;

/** The wall-clock reading of a moment in the Netherlands; null for a missing or unreadable one. */
export function wallClock(moment: Moment | null | undefined): WallClock | null {
  const date = toDate(moment);
  if (!date) return null;
  const second = Math.floor(date.getTime() / 1000);
  if (lastReading !== null && lastReading.second === second) return lastReading.clock;
  const parts: Record<string, number> = {};
  for (const part of WALL_CLOCK.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const clock: WallClock = {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
  lastReading = { second, clock };
  return clock;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** A calendar day, short: '3 nov. 2025'. */
export const shortDayText = ({ day, month, year }: CalendarDay): string =>
  `${day} ${MONTHS_SHORT[month - 1]} ${year}`;

/** A calendar day in full: '3 november 2025'. */
export const longDayText = ({ day, month, year }: CalendarDay): string =>
  `${day} ${MONTHS[month - 1]} ${year}`;

/** A moment's day in tables and lists: '3 nov. 2025'; '–' without one. */
export function formatDay(moment: Moment | null | undefined): string {
  const clock = wallClock(moment);
  return clock ? shortDayText(clock) : NO_VALUE;
}

/** A moment's day in running text: '3 november 2025'; '–' without one. */
export function formatLongDay(moment: Moment | null | undefined): string {
  const clock = wallClock(moment);
  return clock ? longDayText(clock) : NO_VALUE;
}

/** A moment's day and time in tables and lists: '3 nov. 2025, 14:05'; '–' without one. */
export function formatDayTime(moment: Moment | null | undefined): string {
  const clock = wallClock(moment);
  return clock ? `${shortDayText(clock)}, ${two(clock.hour)}:${two(clock.minute)}` : NO_VALUE;
}

/** A moment's day and time in running text: '3 november 2025 om 14:05'; '–' without one. */
export function formatLongDayTime(moment: Moment | null | undefined): string {
  const clock = wallClock(moment);
  return clock ? `${longDayText(clock)} om ${two(clock.hour)}:${two(clock.minute)}` : NO_VALUE;
}

/**
 * A precise moment, as the log and spreadsheets show it: '03-11-2025 14:05:09' (without seconds:
 * '03-11-2025 14:05'); '–' without one.
 */
export function formatTimestamp(moment: Moment | null | undefined, { seconds = true } = {}): string {
  const clock = wallClock(moment);
  if (!clock) return NO_VALUE;
  const time = `${two(clock.hour)}:${two(clock.minute)}${seconds ? `:${two(clock.second)}` : ''}`;
  return `${two(clock.day)}-${two(clock.month)}-${clock.year} ${time}`;
}

/** A moment's calendar day in the Netherlands as 'YYYY-MM-DD' (file names, day keys); '' without one. */
export function isoDay(moment: Moment | null | undefined): string {
  const clock = wallClock(moment);
  return clock ? `${clock.year}-${two(clock.month)}-${two(clock.day)}` : '';
}

/** A wall-clock reading taken as UTC, in ms; years 0–99 stay as written (Date.UTC would add 1900). */
function utc({
  year,
  month,
  day,
  hour = 0,
  minute = 0,
  second = 0,
}: CalendarDay & Partial<WallClock>): number {
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  probe.setUTCHours(hour, minute, second, 0);
  return probe.getTime();
}

/**
 * The moment (epoch ms) a calendar day starts in the Netherlands. The clocks change at 02:00 and
 * 03:00, never at midnight, so midnight always exists once; the zone's offset comes from `Intl`.
 */
export function dayStart(day: CalendarDay): number {
  const wall = utc(day);
  const offsetAt = (ms: number): number => {
    const clock = wallClock(ms);
    return clock ? utc(clock) - (ms - (((ms % 1000) + 1000) % 1000)) : 0;
  };
  // The offset at the wall time read as UTC is right except within the hours around a change;
  // asking again at the first guess settles it.
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

const COUNT = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const EURO = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** A whole count with Dutch grouping: '12.345'; '–' for no number. */
export const formatCount = (count: number): string =>
  Number.isFinite(count) ? COUNT.format(count) : NO_VALUE;

/** A number with up to two decimals, Dutch style: '1.234,5'; '–' for no number. */
export const formatNumber = (value: number): string =>
  Number.isFinite(value) ? DECIMAL.format(value) : NO_VALUE;

/** Euros: '€ 29,00'. */
export const formatEuros = (amount: number): string => EURO.format(amount);

/** An amount in cents as euros: 2900 → '€ 29,00'. */
export const formatCents = (amountCents: number): string => formatEuros(amountCents / 100);

/** A share of 0–100 as a whole percentage: '43%'; '–' for no number. */
export const formatShare = (percent: number): string =>
  Number.isFinite(percent) ? `${Math.round(percent) + 0}%` : NO_VALUE;

/** A rate of 0–1 (response rate, completion rate) as a whole percentage; '–' when there is none. */
export const formatRate = (rate: number | null | undefined): string =>
  typeof rate === 'number' && Number.isFinite(rate) ? formatShare(rate * 100) : NO_VALUE;

// --- Signed numbers, changes and amounts -----------------------------------------------------------
// One sign for every negative number Loop shows, in charts, tables, reports and e-mails: the
// hyphen-minus '-' that Intl's nl-NL writes (never U+2212 or an en dash), and for amounts where
// nl-NL puts it: '€ -12,50', '€ +12,50' (docs/decisions/interface.md, 'One minus sign').

const signedFormat = (digits: number) =>
  new Intl.NumberFormat('nl-NL', { maximumFractionDigits: digits, signDisplay: 'exceptZero' });
const SIGNED_BY_DIGITS = [0, 1, 2].map(signedFormat);
const SIGNED_EURO = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  signDisplay: 'exceptZero',
});
const EURO_SHORT = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  trailingZeroDisplay: 'stripIfInteger',
});

/**
 * A change with its sign, up to `digits` decimals (0–2, default 2): '+3,5', '-1.234', '0' (what
 * rounds to zero has no sign); '–' for no number.
 */
export const formatSignedNumber = (value: number, digits: 0 | 1 | 2 = 2): string =>
  Number.isFinite(value) ? (SIGNED_BY_DIGITS[digits] ?? signedFormat(digits)).format(value) : NO_VALUE;

/** A whole change with its sign: '+8', '-12', '0'; '–' for no number. */
export const formatSignedCount = (value: number): string => formatSignedNumber(value, 0);

/** A change in percent (0–100 scale) with its sign: '+12,5%', '-3%'; '–' for no number. */
export const formatSignedPercent = (percent: number, digits: 0 | 1 | 2 = 1): string =>
  Number.isFinite(percent) ? `${formatSignedNumber(percent, digits)}%` : NO_VALUE;

/** A change in euros with its sign where nl-NL puts it: '€ +12,50', '€ -12,50', '€ 0,00'. */
export const formatSignedEuros = (amount: number): string =>
  Number.isFinite(amount) ? SIGNED_EURO.format(amount) : NO_VALUE;

/** A change in cents as euros with its sign: 1250 → '€ +12,50', -1250 → '€ -12,50'. */
export const formatSignedCents = (amountCents: number): string => formatSignedEuros(amountCents / 100);

/** Euros without needless decimals, for a chart's axis: '€ 1.500', '€ -250', '€ 12,50'. */
export const formatEurosShort = (amount: number): string =>
  Number.isFinite(amount) ? EURO_SHORT.format(amount) : NO_VALUE;

/**
 * A text that is not a plain number (a duration, '2 u 15 min') with the sign of `value` before it,
 * the same sign the formats above write: withSign(-900, '15 min') → '-15 min'. `absoluteText` is
 * the text of the value without its sign.
 */
export const withSign = (value: number, absoluteText: string): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${absoluteText}`;
