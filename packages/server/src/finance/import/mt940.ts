import {
  BANK_LINE_MESSAGES,
  type BankLine,
  isEuro,
  type ParsedBankLine,
  type StatementBalance,
} from '@loop/core/finance';
import { calendarDay } from '@loop/core/periods';
import { mt940KeyTexts } from './mt940KeyTexts';
import { describeMt940, firstLineWidth } from './mt940Text';

/**
 * SWIFT MT940 as Dutch banks write it (ING, Rabobank, ABN AMRO, Knab, Triodos, bunq): our own
 * small reader of the fields an import needs, rather than mt940-js or mt940js. Both read amounts as
 * floating point numbers; mt940-js silently drops a `:61:` line it cannot read, and mt940js throws
 * one English error for the whole file, without the line. Here every statement line (`:61:` with
 * its `:86:`) is read on its own: a broken one is refused with its line number and a Dutch reason,
 * the rest of the file still reads, and amounts become whole cents.
 *
 * What is read: `:25:` the own account (an IBAN, with the currency some banks put after it, or an
 * old account number), `:61:` the value date (JJMMDD), the optional entry date (MMDD, possibly in
 * the next or previous year), C/D/RC/RD, the amount ('1234,56'), the transaction type (N/F/S and
 * three characters) and, after '//', the bank's reference (the customer reference before it is not
 * unique: Rabobank writes 'EREF' there for every SEPA line); `:86:` the counterparty and
 * description (`mt940Text.ts`: wrapped lines, structured, labelled and Triodos texts). The opening
 * and closing balances (`:60F:`/`:60M:`, `:62F:`/`:62M:`) of every statement come back with the sum
 * of its lines for core's balance check, and give the statement's currency: a line of a statement
 * in another currency than the euro is refused for that. Headers ({1:…}{2:…}, '0000 01INGBNL2A…',
 * '940 00'), the other balances (:64:, :65:) and `:86:` after a balance are skipped.
 */

export const MT940_MESSAGES = {
  noStatement:
    'Dit is geen MT940-bestand: er staat geen regel :20: of :61: in. Kies het afschrift in MT940-formaat (meestal .sta of .940).',
  broken61:
    'De regel :61: kan niet worden gelezen. Verwacht: datum (JJMMDD), eventueel boekdatum (MMDD), C of D, het bedrag (1234,56) en een transactiecode (zoals NTRF).',
  threeDecimals: 'Het bedrag in de regel :61: heeft meer dan twee cijfers achter de komma.',
  dateDoesNotExist: (text: string) => `De datum ${text} in de regel :61: bestaat niet.`,
} as const;

const TAG = /^:(\d{2}[A-Z]?|NS):(.*)$/;

const STATEMENT_LINE =
  /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15}(?:[,.]\d*)?)([NFS][A-Z0-9 ]{3})(.*)$/;

interface Field {
  readonly tag: string;
  readonly line: number;
  readonly lines: string[];
}

/** Splits the text into tagged fields, each with its continuation lines and its first line number. */
function fields(text: string): Field[] {
  const result: Field[] = [];
  let current: Field | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\s+$/, '');
    const tagged = TAG.exec(line);
    if (tagged !== null) {
      current = { tag: tagged[1] ?? '', line: index + 1, lines: [tagged[2] ?? ''] };
      result.push(current);
    } else if (line === '-' || line.startsWith('-}') || line.startsWith('{')) {
      // The end of a SWIFT message or the headers of the next one.
      current = null;
    } else if (current !== null && line !== '') {
      current.lines.push(line);
    }
  }
  return result;
}

const year = (yy: string): number => (Number(yy) < 80 ? 2000 : 1900) + Number(yy);
const _pad = (value: number) => String(value).padStart(2, '0');

/**
 * The entry (booking) date: the year of the value date, unless month and day put it more than half
 * a year away (a booking on 2 January of a value date of 31 December, or the other way round).
 */
function entryDay(valueYear: number, valueMonth: number, entry: string): string {
  const month = Number(entry.slice(0, 2));
  const candidates = [valueYear - 1, valueYear, valueYear + 1];
  const distance = (candidate: number) => Math.abs(candidate * 12 + month - (valueYear * 12 + valueMonth));
  const best = candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return `${best}-${entry.slice(0, 2)}-${entry.slice(2, 4)}`;
}

/** '1234,56' (or '1234.56', '500', '0,') to cents; null with more than two decimals that matter. */
function cents(amount: string): number | null {
  const [whole = '0', fraction = ''] = amount.split(/[,.]/);
  if (/[1-9]/.test(fraction.slice(2))) return null;
  return Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

/** The own account from :25: — 'NL20RABO0123456789 EUR', 'NL69INGB0123456789EUR', 'INGBNL2A/NL…', '0111111111'. */
export function accountOf(field: string): string | null {
  let account = field.trim();
  if (account.includes('/')) account = account.slice(account.lastIndexOf('/') + 1);
  const spaced = /^(.+?)\s+[A-Z]{3}$/.exec(account);
  const glued = /^([A-Z]{2}\d{2}[A-Z0-9]{8,}?\d)[A-Z]{3}$/.exec(account);
  account = (spaced?.[1] ?? glued?.[1] ?? account).replace(/\s+/g, '');
  return account === '' ? null : account;
}

/** A statement line and its signed cents for the balance check (null when the amount cannot be read). */
interface ReadLine {
  readonly parsed: ParsedBankLine;
  readonly cents: number | null;
}

/** What the statement around a line says: its own account and currency, how its texts wrap. */
interface LineContext {
  readonly account: string | null;
  readonly currency: string | null;
  readonly firstWidth: number;
}

/** Reads one :61: field (with the :86: after it) into a bank line, or refuses it. */
function statementLine(field: Field, details: Field | null, context: LineContext): ReadLine {
  const refuse = (reason: string, cents: number | null = null): ReadLine => ({
    parsed: { ok: false, refusal: { line: field.line, reason } },
    cents,
  });
  const match = STATEMENT_LINE.exec(field.lines[0] ?? '');
  if (match === null) return refuse(MT940_MESSAGES.broken61);
  const [, yy = '', mm = '', dd = '', entry, mark = '', , amountText = '', , rest = ''] = match;
  const amount = cents(amountText);
  if (amount === null) return refuse(MT940_MESSAGES.threeDecimals);
  // C is money in and D money out; a reversal (RC, RD) undoes the opposite, so RD is money in.
  const credit = mark === 'C' || mark === 'RD';
  const signed = credit ? amount : -amount;
  if (context.currency !== null && !isEuro(context.currency))
    return refuse(BANK_LINE_MESSAGES.currency(context.currency), signed);
  const valueDay = `${year(yy)}-${mm}-${dd}`;
  if (calendarDay(valueDay) === null)
    return refuse(MT940_MESSAGES.dateDoesNotExist(`${yy}${mm}${dd}`), signed);
  const day = entry === undefined ? valueDay : entryDay(year(yy), Number(mm), entry);
  if (calendarDay(day) === null) return refuse(MT940_MESSAGES.dateDoesNotExist(entry ?? ''), signed);
  // Only the bank's own reference (after '//') identifies a line: the customer reference before it
  // is often a placeholder ('EREF', 'MARF', 'NONREF' at Rabobank) shared by many lines.
  const bankReference = /\/\/(.+)$/.exec(rest)?.[1]?.trim() ?? '';
  const reference = bankReference === '' || bankReference === 'NONREF' ? null : bankReference;
  const lines = details?.lines ?? [];
  const text = describeMt940(lines, {
    firstWidth: context.firstWidth,
    supplementary: field.lines[1] ?? null,
  });
  return {
    parsed: {
      ok: true,
      value: {
        line: field.line,
        date: day,
        amountCents: signed,
        counterparty: text.counterparty,
        description: text.description,
        reference,
        account: context.account,
        keyTexts: mt940KeyTexts(lines),
      } satisfies BankLine,
    },
    cents: signed,
  };
}

const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,15}(?:[,.]\d*)?)$/;

/** A balance field (':60F:C260130EUR12500,00') as signed cents and currency; null when unreadable. */
function balanceOf(field: Field): { readonly cents: number; readonly currency: string } | null {
  const match = BALANCE.exec((field.lines[0] ?? '').trim());
  const amount = match === null ? null : cents(match[4] ?? '');
  if (match === null || amount === null) return null;
  return { cents: match[1] === 'D' ? -amount : amount, currency: match[3] ?? '' };
}

/** The statement lines of an MT940 file, and each statement's balances with the sum of its lines. */
export interface Mt940File {
  readonly lines: readonly ParsedBankLine[];
  readonly balances: readonly StatementBalance[];
}

/** Every statement line of an MT940 file, in order, and its balances; null when the text is not MT940 at all. */
export function parseMt940(text: string): Mt940File | null {
  const all = fields(text);
  if (!all.some((field) => field.tag === '20' || field.tag === '61')) return null;
  const firstWidth = firstLineWidth(all.filter((field) => field.tag === '86').map((field) => field.lines));
  const lines: ParsedBankLine[] = [];
  const balances: StatementBalance[] = [];
  let account: string | null = null;
  let currency: string | null = null;
  // The statement (or page) being added up since its opening balance; null without one.
  let open: { opening: number; entries: number; complete: boolean } | null = null;
  for (const [index, field] of all.entries()) {
    if (field.tag === '20') {
      account = null;
      currency = null;
      open = null;
    }
    if (field.tag === '25') {
      account = accountOf(field.lines.join(''));
      currency = /(?:\s|\d)([A-Z]{3})$/.exec(field.lines.join('').trim())?.[1] ?? currency;
    }
    if (field.tag === '60F' || field.tag === '60M') {
      const balance = balanceOf(field);
      open = balance === null ? null : { opening: balance.cents, entries: 0, complete: true };
      if (balance !== null) currency = balance.currency;
    }
    if (field.tag === '62F' || field.tag === '62M') {
      const balance = balanceOf(field);
      if (open?.complete && balance !== null)
        balances.push({
          line: field.line,
          openingCents: open.opening,
          closingCents: balance.cents,
          entriesCents: open.entries,
        });
      open = null;
    }
    if (field.tag !== '61') continue;
    const next = all[index + 1];
    const read = statementLine(field, next?.tag === '86' ? next : null, { account, currency, firstWidth });
    lines.push(read.parsed);
    if (open !== null) {
      if (read.cents === null) open.complete = false;
      else open.entries += read.cents;
    }
  }
  return { lines, balances };
}
