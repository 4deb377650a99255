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

/** The languages that write a decimal point (the others of CONTACT_LANGUAGES write a comma). */
const POINT_LANGUAGES: readonly string[] = ['en', 'ar'];

/**
 * The marks of a language: a decimal point for English and Arabic, else a decimal comma (French,
 * Polish and Ukrainian group thousands with a space, always read as grouping, and a point too, as
 * German does); Dutch for any language Loop does not know.
 */
export const numberMarksOf = (language: string | null | undefined): NumberMarks =>
  POINT_LANGUAGES.includes(language ?? '') ? POINT : COMMA;

/** A typed text longer than this is no number (±1.000.000.000 with 6 decimals and marks fits). */
export const TYPED_NUMBER_MAX_LENGTH = 40;

/** What a typed text is: a number, nothing (an empty field), or why it is not read. */
export type TypedNumber =
  | { readonly number: number | null }
  | { readonly problem: 'not_a_number' | 'number_ambiguous' };

const NOT_A_NUMBER = { problem: 'not_a_number' } as const;
const AMBIGUOUS = { problem: 'number_ambiguous' } as const;

/** Digits grouped by `group` in threes: '1.250.000'. */
const grouped = (group: string) => new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`);

/**
 * Reads what a respondent typed as the page's language writes numbers (R-RESP-14). Spaces are
 * thousands marks; Arabic-Indic digits and marks are read as theirs. With both marks, the
 * language's order is needed ('1.250,5' in Dutch, '1,250.5' in English); one decimal mark of the
 * language reads as decimals ('12,5', '12.5'); thousands marks of the language in valid groups read
 * as thousands when there are two or more ('1.250.000'). One mark that both conventions could mean
 * ('1.250': 1250 or 1,25), and the other language's order of marks, are `number_ambiguous`; the
 * other mark alone, where it cannot mean thousands ('12.5' on a Dutch page), reads as decimals, as
 * the page always has.
 */
export function readTypedNumber(text: string, language: string | null | undefined): TypedNumber {
  if (text.length > TYPED_NUMBER_MAX_LENGTH) return NOT_A_NUMBER;
  const plain = text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/\u2212/g, '-')
    .replace(/\s/g, '');
  if (plain === '') return { number: null };
  const match = /^([-+]?)([\d.,]+)$/.exec(plain);
  if (match === null) return NOT_A_NUMBER;
  const body = match[2] as string;
  const value = (digits: string | null): TypedNumber =>
    digits !== null && /^(\d+\.?\d*|\.\d+)$/.test(digits)
      ? { number: (match[1] === '-' ? -1 : 1) * Number(digits) }
      : NOT_A_NUMBER;
  /** Thousands in threes, then one decimal mark with digits after it; null when not so. */
  const ordered = (decimal: string, group: string): string | null => {
    const [whole = '', fraction, ...more] = body.split(decimal);
    return more.length === 0 && fraction !== undefined && /^\d+$/.test(fraction) && grouped(group).test(whole)
      ? `${whole.replaceAll(group, '')}.${fraction}`
      : null;
  };
  const { decimal, group } = numberMarksOf(language);
  const decimals = body.split(decimal).length - 1;
  const groups = body.split(group).length - 1;
  if (decimals === 0 && groups === 0) return value(body);
  // The other language's order ('1.250,5' on an English page) is said the way this page writes it.
  if (decimals > 0 && groups > 0)
    return ordered(decimal, group) !== null
      ? value(ordered(decimal, group))
      : ordered(group, decimal) !== null
        ? AMBIGUOUS
        : NOT_A_NUMBER;
  // '1,250,000' on a Dutch page: thousands in the other language's way.
  if (decimals > 0)
    return decimals === 1
      ? value(body.replace(decimal, '.'))
      : grouped(decimal).test(body)
        ? AMBIGUOUS
        : NOT_A_NUMBER;
  if (grouped(group).test(body)) return groups === 1 ? AMBIGUOUS : value(body.replaceAll(group, ''));
  // The other mark once where it cannot group thousands ('12.5', '0.25' on a Dutch page): decimals.
  return groups === 1 ? value(body.replace(group, '.')) : NOT_A_NUMBER;
}

/** A number as the field shows it again in the page's language: no thousands marks ('1250,5'). */
export function writeTypedNumber(value: number, language: string | null | undefined): string {
  const text = String(value);
  return /e/i.test(text) ? text : text.replace('.', numberMarksOf(language).decimal);
}
