import type { BtwRate, FinanceDirection } from '../contract';
import { formatAmount, MAX_AMOUNT_CENTS } from './amount';
import { splitBtw } from './btw';
import { clip, FINANCE_LIMITS, normaliseCategory } from './records';

/**
 * Bank statement lines, whatever file they came from (CAMT.053, MT940, CSV), and how one becomes a
 * record: money in is income, money out a cost; the BTW rate and category are the import's choice
 * (none by default: a bank line does not say). Also the duplicate check's key: the same account,
 * day, amount and bank reference is the same line; without a reference, the same account, day,
 * amount and text, counted per file, so two equal coffees on one day stay two records while
 * importing the file again adds neither.
 */

/** One line of a bank statement, as the parsers read it. */
export interface BankLine {
  /** Line number in the file where the entry starts (1-based). */
  readonly line: number;
  /** 'YYYY-MM-DD' (the booking day). */
  readonly date: string;
  /** Signed cents: above 0 is money in, below 0 money out. */
  readonly amountCents: number;
  readonly counterparty: string;
  readonly description: string;
  /** The bank's reference of the line, or null when the file gives none. */
  readonly reference: string | null;
  /** The own account (IBAN or account number), or null when unknown. */
  readonly account: string | null;
  /**
   * The texts a line without a reference is recognised by, when they are not `counterparty` and
   * `description` themselves. MT940 gives the texts as Loop first read them, so reading
   * descriptions better never makes the lines of an earlier import new again.
   */
  readonly keyTexts?: { readonly counterparty: string; readonly description: string };
}

/** A line that cannot be imported, with its line number and a Dutch reason. */
export interface LineRefusal {
  readonly line: number;
  readonly reason: string;
}

/** What a parser makes of a file: its lines in order, each read or refused. */
export type ParsedBankLine =
  | { readonly ok: true; readonly value: BankLine }
  | { readonly ok: false; readonly refusal: LineRefusal };

export const BANK_LINE_MESSAGES = {
  zero: "Het bedrag is 0,00; zo'n regel wordt niet geïmporteerd.",
  tooLarge: 'Het bedrag is te groot (hoogstens 9.999.999.999,99).',
  /** A line in another currency: refused for that, never as a line that cannot be read. */
  currency: (currency: string) => `Bedrag in ${currency}; Loop boekt alleen euro's.`,
} as const;

/** Whether a currency code or sign a bank writes is the euro ('EUR', 'Euro', '€'; nothing counts as euro). */
export const isEuro = (currency: string): boolean => /^(eur|euro|€|)$/i.test(currency.trim());

/** What the import adds to every line: a BTW rate and a category (both optional). */
export interface ImportDefaults {
  readonly btwRate: BtwRate | null;
  readonly category: string;
}

/** A bank line as a record to store. */
export interface BankLineRecord {
  readonly date: string;
  readonly direction: FinanceDirection;
  readonly amountCents: number;
  readonly btwRate: BtwRate | null;
  readonly btwCents: number;
  readonly category: string;
  readonly description: string;
  readonly counterparty: string;
  readonly bankAccount: string | null;
  readonly bankReference: string | null;
}

/** Why a line read from a file still cannot become a record; null when it can. */
export function bankLineProblem(line: BankLine): string | null {
  if (line.amountCents === 0) return BANK_LINE_MESSAGES.zero;
  if (Math.abs(line.amountCents) > MAX_AMOUNT_CENTS) return BANK_LINE_MESSAGES.tooLarge;
  return null;
}

/** Own account numbers compare without spaces and case: 'NL20 RABO 0123 4567 89' is 'NL20RABO0123456789'. */
export const normaliseAccount = (account: string | null): string | null => {
  const compact = (account ?? '').replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
};

/** The record a (checked) bank line becomes. Texts longer than a record holds are shortened with '…'. */
export function bankLineRecord(line: BankLine, defaults: ImportDefaults): BankLineRecord {
  const amount = Math.abs(line.amountCents);
  return {
    date: line.date,
    direction: line.amountCents > 0 ? 'income' : 'cost',
    amountCents: amount,
    btwRate: defaults.btwRate,
    btwCents: splitBtw(amount, defaults.btwRate).btw,
    category: clip(normaliseCategory(defaults.category), FINANCE_LIMITS.category),
    description: clip(line.description, FINANCE_LIMITS.description),
    counterparty: clip(line.counterparty, FINANCE_LIMITS.counterparty),
    bankAccount: clip(normaliseAccount(line.account) ?? '', 100) || null,
    bankReference: line.reference === null ? null : clip(line.reference, 200) || null,
  };
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The identity of a line before counting repeats: account, day, signed amount, and reference or text. */
function identity(line: BankLine): string {
  const texts = line.keyTexts ?? line;
  const what =
    line.reference === null
      ? `tekst:${squash(texts.counterparty)}|${squash(texts.description)}`
      : `ref:${line.reference.trim()}`;
  return [normaliseAccount(line.account) ?? '', line.date, formatAmount(line.amountCents), what].join('|');
}

/**
 * The text each line's duplicate key is made from (the server stores its SHA-256): the line's
 * identity plus how many identical lines came before it in the same file. Importing the same file
 * again, or a later statement that repeats these lines, gives the same keys.
 */
export function duplicateKeyMaterial(lines: readonly BankLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = identity(line);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return `${base}|#${occurrence}`;
  });
}
