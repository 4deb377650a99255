import type { BankLine, ParsedBankLine } from '@loop/core/finance';
import { calendarDay } from '@loop/core/periods';

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
 * unique: Rabobank writes 'EREF' there for every SEPA line); `:86:` the
 * description, structured (/NAME/…/REMI/…, /CNTP/iban/bic/naam/plaats/) or free text. Headers
 * ({1:…}{2:…}, '0000 01INGBNL2A…', '940 00'), balances (:60F:, :62F:, :64:, :65:) and `:86:` after
 * a balance are skipped.
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

const STRUCTURED_KEYS =
  /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|ORDP|BENM|CNTP|ADDR|ID|PURP|ULTC|ULTD|ULTB|RTRN|ISDT|CREF|PREF|SVCL|CDTRREFTP|CDTRREF|CD|ISSR|OCMT|CHGS|EXCH|BUSP|RTYP)\//g;

/** The parts of a structured :86: ('/TRTP/SEPA OVERBOEKING/IBAN/NL…/NAME/…/REMI/…'), by key. */
function structured(text: string): Map<string, string> | null {
  if (!text.startsWith('/')) return null;
  const parts = new Map<string, string>();
  const matches = [...text.matchAll(STRUCTURED_KEYS)];
  if (matches.length === 0 || matches[0]?.index !== 0) return null;
  for (const [index, match] of matches.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    const key = match[1] ?? '';
    if (!parts.has(key)) parts.set(key, text.slice(start, end).replace(/\/+$/, '').trim());
  }
  return parts;
}

/** Counterparty and description from :86: (and the :61: details line some banks use for the IBAN). */
function describe(details: readonly string[]): { counterparty: string; description: string } {
  const joined = details.join(details[0]?.startsWith('/') ? '' : ' ').trim();
  const parts = structured(joined);
  if (parts !== null) {
    const cntp = parts.get('CNTP')?.split('/') ?? [];
    const counterparty = parts.get('NAME') ?? cntp[2] ?? parts.get('ORDP') ?? parts.get('BENM') ?? '';
    const remittance = (parts.get('REMI') ?? '').replace(/^(USTD|STRD)\/+/, '').replace(/^CUR\/+/, '');
    return { counterparty: counterparty.trim(), description: remittance || joined };
  }
  // Knab and others: '… REK: NL65INGB0123456789/NAAM: PICQER'.
  const named = /NAAM:\s*(.+)$/.exec(joined);
  return { counterparty: named?.[1]?.trim() ?? '', description: joined };
}

/** Reads one :61: field (with the :86: after it) into a bank line, or refuses it. */
function statementLine(field: Field, details: Field | null, account: string | null): ParsedBankLine {
  const refuse = (reason: string): ParsedBankLine => ({ ok: false, refusal: { line: field.line, reason } });
  const match = STATEMENT_LINE.exec(field.lines[0] ?? '');
  if (match === null) return refuse(MT940_MESSAGES.broken61);
  const [, yy = '', mm = '', dd = '', entry, mark = '', , amountText = '', , rest = ''] = match;
  const valueDay = `${year(yy)}-${mm}-${dd}`;
  if (calendarDay(valueDay) === null) return refuse(MT940_MESSAGES.dateDoesNotExist(`${yy}${mm}${dd}`));
  const day = entry === undefined ? valueDay : entryDay(year(yy), Number(mm), entry);
  if (calendarDay(day) === null) return refuse(MT940_MESSAGES.dateDoesNotExist(entry ?? ''));
  const amount = cents(amountText);
  if (amount === null) return refuse(MT940_MESSAGES.threeDecimals);
  // Only the bank's own reference (after '//') identifies a line: the customer reference before it
  // is often a placeholder ('EREF', 'MARF', 'NONREF' at Rabobank) shared by many lines.
  const bankReference = /\/\/(.+)$/.exec(rest)?.[1]?.trim() ?? '';
  const reference = bankReference === '' || bankReference === 'NONREF' ? null : bankReference;
  // C is money in and D money out; a reversal (RC, RD) undoes the opposite, so RD is money in.
  const credit = mark === 'C' || mark === 'RD';
  const text = describe(details?.lines ?? []);
  return {
    ok: true,
    value: {
      line: field.line,
      date: day,
      amountCents: credit ? amount : -amount,
      counterparty: text.counterparty,
      description: text.description,
      reference,
      account,
    } satisfies BankLine,
  };
}

/** Every statement line of an MT940 file, in order; null when the text is not MT940 at all. */
export function parseMt940(text: string): ParsedBankLine[] | null {
  const all = fields(text);
  if (!all.some((field) => field.tag === '20' || field.tag === '61')) return null;
  const lines: ParsedBankLine[] = [];
  let account: string | null = null;
  for (const [index, field] of all.entries()) {
    if (field.tag === '20') account = null;
    if (field.tag === '25') account = accountOf(field.lines.join(''));
    if (field.tag !== '61') continue;
    const next = all[index + 1];
    lines.push(statementLine(field, next?.tag === '86' ? next : null, account));
  }
  return lines;
}
