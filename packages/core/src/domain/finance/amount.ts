import { err, ok, type Result } from '../shared';

/**
 * Amounts as whole cents (integers; never floats), read from what people and banks write: Dutch
 * notation in forms and CSV files ('1.234,56', '-12,50', '12,5', '€ 1.234,56'), English notation
 * where an export uses it ('1,234.56'), and XML decimals in CAMT files ('1234.56').
 */

/** The largest amount Loop keeps: € 9.999.999.999,99 (well inside a safe integer). */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

export const AMOUNT_MESSAGES = {
  empty: 'Vul een bedrag in.',
  notAnAmount: 'Dit is geen bedrag. Schrijf het als 1.234,56 of -12,50.',
  threeDecimals: 'Een bedrag heeft hoogstens twee cijfers achter de komma.',
  useComma: 'Gebruik een komma voor de centen (12,50), geen punt.',
  tooLarge: 'Het bedrag is te groot (hoogstens 9.999.999.999,99).',
} as const;

export type DecimalSeparator = ',' | '.';

const regexChar = (char: string) => (char === '.' ? '\\.' : char);

function patterns(decimal: DecimalSeparator) {
  const d = regexChar(decimal);
  const g = regexChar(decimal === ',' ? '.' : ',');
  return {
    plain: new RegExp(`^(\\d+)(?:${d}(\\d{1,2}))?$`),
    grouped: new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d{1,2}))?$`),
    tooManyDecimals: new RegExp(`^(?:\\d+|\\d{1,3}(?:${g}\\d{3})+)${d}\\d{3,}$`),
    group: new RegExp(g, 'g'),
  };
}

const PATTERNS = { ',': patterns(','), '.': patterns('.') } as const;

/** Spaces, a euro sign or 'EUR' before or after, and the sign ('+', '-', '−') before or after '€'. */
function stripDecoration(text: string): { body: string; negative: boolean } {
  let body = text.replace(/[\s\u00a0\u202f]+/g, '');
  body = body.replace(/^([+\-\u2212]?)(?:€|eur)/i, '$1').replace(/(?:€|eur)$/i, '');
  const sign = /^[+\-\u2212]/.exec(body)?.[0];
  if (sign !== undefined) body = body.slice(1);
  return { body, negative: sign === '-' || sign === '\u2212' };
}

function toCents(whole: string, fraction: string | undefined): Result<number, string> {
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return err('tooLarge', AMOUNT_MESSAGES.tooLarge);
  const cents = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return cents > MAX_AMOUNT_CENTS ? err('tooLarge', AMOUNT_MESSAGES.tooLarge) : ok(cents);
}

const signed = (cents: number, negative: boolean): number => (negative && cents !== 0 ? -cents : cents);

/**
 * An amount as people write it, to signed cents: '1.234,56' → 123456, '-12,50' → -1250,
 * '12,5' → 1250, '€ 1.234,56' → 123456. With '.' as decimal separator: '1,234.56'. Thousands
 * separators are optional but must group by three. Refused with a Dutch reason (the error's
 * `detail`): nothing, three decimals, a point for the cents in Dutch notation, anything else.
 */
export function parseAmount(text: string, decimal: DecimalSeparator = ','): Result<number, string> {
  const { body, negative } = stripDecoration(text);
  if (body === '') return err('empty', AMOUNT_MESSAGES.empty);
  const pattern = PATTERNS[decimal];
  const plain = pattern.plain.exec(body);
  const grouped = plain === null ? pattern.grouped.exec(body) : null;
  const match = plain ?? grouped;
  if (match !== null) {
    const whole = (match[1] ?? '').replace(pattern.group, '');
    const cents = toCents(whole, match[2]);
    return cents.ok ? ok(signed(cents.value, negative)) : cents;
  }
  if (pattern.tooManyDecimals.test(body)) return err('threeDecimals', AMOUNT_MESSAGES.threeDecimals);
  if (decimal === ',' && /^\d+\.\d{1,2}$/.test(body)) return err('useComma', AMOUNT_MESSAGES.useComma);
  return err('notAnAmount', AMOUNT_MESSAGES.notAnAmount);
}

/**
 * An XML decimal as CAMT files write amounts ('1234.56', '0.5', '12.50000'), to cents. Digits
 * beyond the cents must be zeros.
 */
export function parseDecimalCents(text: string): Result<number, string> {
  const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (match === null) return err('notAnAmount', AMOUNT_MESSAGES.notAnAmount);
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return err('threeDecimals', AMOUNT_MESSAGES.threeDecimals);
  return toCents(match[1] ?? '0', fraction.slice(0, 2));
}

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Signed cents in Dutch notation without a currency sign: 123456 → '1.234,56', -1250 → '-12,50'. */
export function formatAmount(cents: number): string {
  const negative = cents < 0;
  const absolute = Math.abs(Math.trunc(cents));
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${group(String(whole))},${fraction}`;
}
