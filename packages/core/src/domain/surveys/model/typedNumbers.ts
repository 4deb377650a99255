/**
 * A number as a respondent types it in the answering page's language (R-RESP-14): English writes
 * '1,250.5', Dutch '1.250,5'. One reader for the page and the server, so both take the same text as
 * the same number, and both refuse what could be read two ways.
 */

/** How a language writes a number: the mark before the decimals and the mark between thousands. */
export interface NumberMarks {
  readonly decimal: '.' | ',';
  readonly group: '.' | ',';
}

const POINT: NumberMarks = { decimal: '.', group: ',' };
const COMMA: NumberMarks = { decimal: ',', group: '.' };

/**
 * The marks per contact language. French, Polish and Ukrainian group thousands with a space, which
 * is always read as grouping; a point between thousands is taken there too, as in German.
 */
export const NUMBER_MARKS: Readonly<Record<string, NumberMarks>> = {
  nl: COMMA,
  en: POINT,
  de: COMMA,
  fr: COMMA,
  pl: COMMA,
  tr: COMMA,
  ar: POINT,
  uk: COMMA,
};

/** The marks of a language; Dutch for any other. */
export const numberMarksOf = (language: string | null | undefined): NumberMarks =>
  (language !== null && language !== undefined && Object.hasOwn(NUMBER_MARKS, language)
    ? NUMBER_MARKS[language]
    : undefined) ?? COMMA;

/** A typed text longer than this is no number (±1.000.000.000 with 6 decimals and marks fits). */
export const TYPED_NUMBER_MAX_LENGTH = 40;

/** What a typed text is: a number, nothing (an empty field), or why it is not read. */
export type TypedNumber =
  | { readonly number: number | null }
  | { readonly problem: 'not_a_number' | 'number_ambiguous' };

/** Arabic-Indic and Persian digits, the Arabic decimal and thousands marks and the minus sign as ASCII. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c\u2212]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
    if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
    if (char === '\u066b') return '.';
    if (char === '\u066c') return ',';
    return '-';
  });
}

const escaped = (mark: string) => (mark === '.' ? '\\.' : mark);

/** Digits grouped by `group` in threes: '1.250.000'. */
const grouped = (group: string) => new RegExp(`^\\d{1,3}(?:${escaped(group)}\\d{3})+$`);

/**
 * Reads what a respondent typed as the page's language writes numbers (R-RESP-14). Spaces are
 * thousands marks; with both marks, the language's order is needed ('1.250,5' in Dutch, '1,250.5'
 * in English); one decimal mark of the language reads as decimals ('12,5', '12.5'); thousands marks
 * of the language in valid groups read as thousands when there are two or more ('1.250.000'). One
 * mark that both conventions could mean ('1.250': 1250 or 1,25), and the other language's order of
 * marks, are `number_ambiguous`; the other mark alone, where it cannot mean thousands ('12.5' on a
 * Dutch page), reads as decimals, as the page always has.
 */
export function readTypedNumber(text: string, language: string | null | undefined): TypedNumber {
  if (text.length > TYPED_NUMBER_MAX_LENGTH) return { problem: 'not_a_number' };
  const plain = asciiDigits(text).replace(/[\s\u00a0\u202f]/g, '');
  if (plain === '') return { number: null };
  const match = /^([-+]?)([\d.,]+)$/.exec(plain);
  if (match === null) return { problem: 'not_a_number' };
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] as string;
  const { decimal, group } = numberMarksOf(language);
  const count = (mark: string) => body.split(mark).length - 1;
  const decimals = count(decimal);
  const groups = count(group);
  const value = (digits: string) => {
    if (!/^(\d+\.?\d*|\.\d+)$/.test(digits)) return { problem: 'not_a_number' } as const;
    return { number: sign * Number(digits) };
  };
  if (decimals === 0 && groups === 0) return value(body);
  if (decimals > 0 && groups > 0) {
    // The language's order: thousands in threes, then one decimal mark.
    const [whole = '', fraction = ''] = body.split(decimal);
    if (decimals === 1 && /^\d+$/.test(fraction) && grouped(group).test(whole))
      return value(`${whole.replaceAll(group, '')}.${fraction}`);
    // The other language's order ('1.250,5' on an English page): said how this page writes it.
    const [otherWhole = '', otherFraction = ''] = body.split(group);
    return groups === 1 && /^\d+$/.test(otherFraction) && grouped(decimal).test(otherWhole)
      ? { problem: 'number_ambiguous' }
      : { problem: 'not_a_number' };
  }
  if (decimals > 0) {
    if (decimals === 1) return value(body.replace(decimal, '.'));
    // '1,250,000' on a Dutch page: thousands in the other language's way.
    return grouped(decimal).test(body) ? { problem: 'number_ambiguous' } : { problem: 'not_a_number' };
  }
  if (grouped(group).test(body))
    return groups === 1 ? { problem: 'number_ambiguous' } : value(body.replaceAll(group, ''));
  // The other mark once where it cannot group thousands ('12.5', '0.25' on a Dutch page): decimals.
  return groups === 1 ? value(body.replace(group, '.')) : { problem: 'not_a_number' };
}

/** A number as the field shows it again in the page's language: no thousands marks ('1250,5'). */
export function writeTypedNumber(value: number, language: string | null | undefined): string {
  const text = String(value);
  return /e/i.test(text) ? text : text.replace('.', numberMarksOf(language).decimal);
}
