import type { KpiUnit } from '../contract';
import {
  formatCents,
  formatNumber,
  formatSignedCents,
  formatSignedNumber,
  formatSignedPercent,
  NO_VALUE,
  withSign,
} from '../format';

/**
 * KPI values per unit. On the wire and in the database a value is a plain number in the unit's own
 * measure: euro in whole cents, duration in whole seconds, percentage 0–100, number as is. People
 * write them in Dutch ('€ 1.234,56', '45,5%', '2 u 15 min'); `parseKpiValue` reads that,
 * `formatKpiValue` writes it, and `kpiValueText` writes the plain form the CSV export uses.
 */

/** Largest magnitude of any value: far beyond any KPI, well inside exact doubles and numeric(20,4). */
export const KPI_VALUE_MAX = 1e12;

/** Decimals a typed value may have, per unit (euro and duration: whole cents and seconds). */
const DECIMALS: Readonly<Record<KpiUnit, number>> = { number: 4, percentage: 2, euro: 0, duration: 0 };

export const KPI_VALUE_MESSAGES = {
  notANumber: 'vul een getal in',
  tooLarge: 'dit getal is te groot',
  numberDecimals: 'een getal heeft hoogstens vier decimalen',
  percentageRange: 'een percentage ligt tussen 0 en 100',
  percentageDecimals: 'een percentage heeft hoogstens twee decimalen',
  euroDecimals: 'een bedrag heeft hoogstens twee decimalen',
  durationWhole: 'een duur is een heel aantal seconden',
  durationNegative: 'een duur is niet negatief',
  dutchNumber: 'schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56',
  durationText: 'schrijf een duur als 2:15, 2 u 15 min of 45 min',
  empty: 'er staat geen waarde',
} as const;

/** Decimals of a finite number as JavaScript writes it shortest ('12.35' → 2; 1e-7 → 7). */
export function decimalsOf(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/**
 * Why a value cannot be a value of this unit (lower case, to follow a field name), or null when it
 * can. Euro values are cents on the wire, so a fraction of a cent is 'more than two decimals'.
 */
export function kpiValueProblem(unit: KpiUnit, value: number): string | null {
  const M = KPI_VALUE_MESSAGES;
  if (typeof value !== 'number' || !Number.isFinite(value)) return M.notANumber;
  if (Math.abs(value) > KPI_VALUE_MAX) return M.tooLarge;
  const decimals = decimalsOf(value);
  switch (unit) {
    case 'number':
      return decimals > DECIMALS.number ? M.numberDecimals : null;
    case 'percentage':
      if (value < 0 || value > 100) return M.percentageRange;
      return decimals > DECIMALS.percentage ? M.percentageDecimals : null;
    case 'euro':
      return decimals > 0 ? M.euroDecimals : null;
    case 'duration':
      if (value < 0) return M.durationNegative;
      return decimals > 0 ? M.durationWhole : null;
  }
}

/** Removes a leading capital's case so a reason can follow a field name: 'Doel: een …'. */
const sentence = (field: string, reason: string): string => `${field}: ${reason}.`;

/** A value problem as a sentence naming the field ('Doel: een percentage ligt tussen 0 en 100.'). */
export const valueProblemText = (field: string, reason: string): string => sentence(field, reason);

// --- Reading Dutch notation ----------------------------------------------------------------------

export type ParsedValue =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: string };

const fail = (reason: string): ParsedValue => ({ ok: false, reason });

/**
 * A number in Dutch notation as an exact decimal string ('-1234.56'), or null: optional sign ('-',
 * '+', '−'), digits with '.' between groups of three, optional ',' and decimals. '12.5' is refused
 * (English notation, or a typo), so nothing is read as a thousand times too large.
 */
function dutchDecimal(text: string): string | null {
  const match = /^([+\-\u2212]?)\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(text);
  if (!match) return null;
  const sign = match[1] === '-' || match[1] === '\u2212' ? '-' : '';
  const whole = (match[2] as string).replaceAll('.', '');
  return match[3] === undefined ? `${sign}${whole}` : `${sign}${whole}.${match[3]}`;
}

/** Multiplies an exact decimal string by 100 without float error: '12.3' → 1230. */
function centsOf(decimal: string): number | null {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  if (fraction.length > 2) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents + 0;
}

const UNIT_WORDS: Readonly<Record<string, number>> = {
  u: 3600,
  uur: 3600,
  h: 3600,
  min: 60,
  m: 60,
  minuut: 60,
  minuten: 60,
  s: 1,
  sec: 1,
  seconde: 1,
  seconden: 1,
};

/** '2:15' (u:mm), '2:15:30' (u:mm:ss), '2 u 15 min', '45 min', '1,5 u', '30 s' → seconds; null otherwise. */
export function parseDuration(text: string): number | null {
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const parts = [...text.matchAll(/(\d+(?:,\d+)?)\s*([a-z]+)\s*/gy)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return null;
  let seconds = 0;
  for (const part of parts) {
    const factor = UNIT_WORDS[part[2] as string];
    if (factor === undefined) return null;
    seconds += Number((part[1] as string).replace(',', '.')) * factor;
  }
  return Number.isInteger(seconds) ? seconds : null;
}

/**
 * A value as a person writes it, in Dutch notation, for a KPI of this unit: '1.234,56' and
 * '€ -12,50' (euro → cents, at most two decimals), '45,5%' or '45,5' (percentage), '2:15' or
 * '2 u 15 min' (duration → seconds), '-3,25' (number). The result also passes `kpiValueProblem`.
 */
export function parseKpiValue(unit: KpiUnit, raw: string): ParsedValue {
  const M = KPI_VALUE_MESSAGES;
  const text = raw.trim().replace(/\u00a0/g, ' ');
  if (text === '') return fail(M.empty);
  if (unit === 'duration') {
    const seconds = parseDuration(text.toLowerCase());
    if (seconds === null) return fail(M.durationText);
    const problem = kpiValueProblem(unit, seconds);
    return problem === null ? { ok: true, value: seconds } : fail(problem);
  }
  let body = text;
  if (unit === 'euro')
    body = body.replace(/^([+\-\u2212]?)\s*€\s*/, '$1').replace(/^€\s*([+\-\u2212]?)\s*/, '$1');
  if (unit === 'percentage') body = body.replace(/\s*%$/, '');
  const decimal = dutchDecimal(body);
  if (decimal === null) return fail(M.dutchNumber);
  if (unit === 'euro') {
    const cents = centsOf(decimal);
    if (cents === null) return fail(M.euroDecimals);
    const problem = kpiValueProblem(unit, cents);
    return problem === null ? { ok: true, value: cents } : fail(problem);
  }
  const value = Number(decimal) + 0;
  const problem = kpiValueProblem(unit, value);
  return problem === null ? { ok: true, value } : fail(problem);
}

// --- Writing ----------------------------------------------------------------------------------

const PERCENT = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const PLAIN = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 4 });
const PLAIN_CENTS = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Seconds as '2 u 15 min', '45 min', '1 min 30 s', '30 s' (over an hour in whole minutes). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return NO_VALUE;
  const text = durationText(Math.round(Math.abs(seconds)));
  return seconds < 0 ? withSign(seconds, text) : text;
}

/** A duration without its sign. */
function durationText(total: number): string {
  if (total < 60) return `${total} s`;
  if (total < 3600) {
    const minutes = Math.floor(total / 60);
    const rest = total % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const totalMinutes = Math.round(total / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${hours} u` : `${hours} u ${minutes} min`;
}

/** A value for people: '€ 1.234,56', '45,5%', '2 u 15 min', '1.234,5'; '–' without one. */
export function formatKpiValue(unit: KpiUnit, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  switch (unit) {
    case 'euro':
      return formatCents(value);
    case 'percentage':
      return `${PERCENT.format(value)}%`;
    case 'duration':
      return formatDuration(value);
    case 'number':
      return formatNumber(value);
  }
}

/**
 * A change for people, signed: '€ +12,00', '-2,5 procentpunt', '+15 min', '+3'. A percentage's
 * change is in percentage points: from 40% to 42% is '+2 procentpunt', not '+5%'.
 */
export function formatKpiChange(unit: KpiUnit, change: number): string {
  if (!Number.isFinite(change)) return NO_VALUE;
  switch (unit) {
    case 'euro':
      return formatSignedCents(change);
    case 'percentage':
      return `${formatSignedNumber(change, 1)} procentpunt`;
    case 'duration':
      return withSign(change, durationText(Math.round(Math.abs(change))));
    case 'number':
      return formatSignedNumber(change);
  }
}

/** A relative change as '+12,5%' or '-3%'; '–' without one. */
export function formatRelativeChange(relative: number | null): string {
  if (relative === null || !Number.isFinite(relative)) return NO_VALUE;
  return formatSignedPercent(relative * 100);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A value as the CSV export writes it, which `parseKpiValue` reads back exactly: Dutch digits
 * without a currency or percent sign ('1.234,56', '45,5'), a duration as u:mm:ss ('2:15:00').
 */
export function kpiValueText(unit: KpiUnit, value: number): string {
  switch (unit) {
    case 'euro':
      return PLAIN_CENTS.format(value / 100).replace(/^-/, '-');
    case 'duration': {
      const total = Math.round(value);
      return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
    }
    case 'percentage':
    case 'number':
      return PLAIN.format(value);
  }
}
