import type { CsvDateFormat, CsvDelimiter, CsvMapping } from '../contract';
import { CSV_DATE_FORMATS, CSV_DELIMITERS } from '../contract';
import type { FieldErrors } from '../shared';
import { parseAmount } from './amount';
import { BANK_LINE_MESSAGES, isEuro, type ParsedBankLine } from './bankLines';
import { parseDate } from './dates';

/**
 * CSV exports of bank accounts differ per bank, so an import says which column holds what (a
 * `CsvMapping`), or Loop recognises the headers of the common Dutch exports (ING, Rabobank, ABN
 * AMRO, Knab, bunq) and proposes one. These rules read one row of cells into a bank line.
 */

export const CSV_MESSAGES = {
  notAnObject: 'De kolomindeling moet een object zijn, bijvoorbeeld {"date": "Datum", "amount": "Bedrag"}.',
  dateMissing: 'Kies de kolom met de datum.',
  amountMissing: 'Kies de kolom met het bedrag, of de kolommen voor af en bij.',
  amountAndDebitCredit: 'Kies óf één kolom met het bedrag, óf de kolommen voor af en bij, niet allebei.',
  directionWithoutAmount: 'Een kolom Af/Bij hoort bij één kolom met het bedrag.',
  column: 'Noem een kolom met de kop of het nummer (vanaf 1), hoogstens 100 tekens.',
  delimiter: 'Kies als scheidingsteken ; , | of een tab.',
  dateFormat: 'Kies als datumnotatie auto, dd-mm-jjjj, jjjj-mm-dd of jjjjmmdd.',
  decimal: 'Kies als decimaalteken een komma of een punt.',
  hasHeader: 'Geef met true of false aan of de eerste regel kolomkoppen bevat.',
  unknownColumn: (name: string, headers: readonly string[]) =>
    `De kolom '${name}' staat niet in het bestand. Gevonden: ${headers.map((header) => `'${header}'`).join(', ') || 'geen kolommen'}.`,
  noColumnNumber: (name: string, count: number) =>
    `Kolom ${name} bestaat niet: de eerste regel heeft ${count} kolommen.`,
  notRecognised: (headers: readonly string[]) =>
    `De kolommen van dit CSV-bestand zijn niet herkend (${headers.map((header) => `'${header}'`).join(', ')}). Geef aan welke kolom de datum en welke het bedrag bevat.`,
  tooFewCells: (count: number, needed: number) =>
    `Deze regel heeft ${count} kolommen; er zijn er minstens ${needed} nodig.`,
  inColumn: (column: string, reason: string) => `Kolom '${column}': ${reason}`,
  unknownDirection: (column: string, value: string) =>
    `Kolom '${column}': onbekende waarde '${value}' (verwacht Af of Bij).`,
  debitAndCredit: 'Deze regel heeft zowel een bedrag af als een bedrag bij.',
  noAmount: 'Deze regel heeft geen bedrag.',
} as const;

const COLUMN_KEYS = [
  'date',
  'amount',
  'direction',
  'debit',
  'credit',
  'description',
  'counterparty',
  'reference',
  'account',
  'currency',
] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];

export type CheckedMapping =
  | { readonly ok: true; readonly value: CsvMapping }
  | { readonly ok: false; readonly fields: FieldErrors };

const isColumn = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 100;

/** Checks a mapping as it arrives from a client (parsed JSON): field messages under `mapping.*`. */
export function checkCsvMapping(raw: unknown): CheckedMapping {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, fields: { mapping: CSV_MESSAGES.notAnObject } };
  const input = raw as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const columns: Partial<Record<ColumnKey, string>> = {};
  for (const key of COLUMN_KEYS) {
    const value = input[key];
    if (value === undefined || value === null || value === '') continue;
    if (isColumn(value)) columns[key] = value.trim();
    else fields[`mapping.${key}`] = CSV_MESSAGES.column;
  }
  if (columns.date === undefined && fields['mapping.date'] === undefined)
    fields['mapping.date'] = CSV_MESSAGES.dateMissing;
  const split = columns.debit !== undefined || columns.credit !== undefined;
  if (columns.amount === undefined && !split && fields['mapping.amount'] === undefined)
    fields['mapping.amount'] = CSV_MESSAGES.amountMissing;
  if (columns.amount !== undefined && split) fields['mapping.amount'] = CSV_MESSAGES.amountAndDebitCredit;
  if (columns.direction !== undefined && columns.amount === undefined)
    fields['mapping.direction'] = CSV_MESSAGES.directionWithoutAmount;
  const delimiter = input.delimiter;
  if (
    delimiter !== undefined &&
    delimiter !== null &&
    !(CSV_DELIMITERS as readonly unknown[]).includes(delimiter)
  )
    fields['mapping.delimiter'] = CSV_MESSAGES.delimiter;
  const dateFormat = input.date_format;
  if (
    dateFormat !== undefined &&
    dateFormat !== null &&
    !(CSV_DATE_FORMATS as readonly unknown[]).includes(dateFormat)
  )
    fields['mapping.date_format'] = CSV_MESSAGES.dateFormat;
  const decimal = input.decimal_separator;
  if (decimal !== undefined && decimal !== null && decimal !== ',' && decimal !== '.')
    fields['mapping.decimal_separator'] = CSV_MESSAGES.decimal;
  const hasHeader = input.has_header;
  if (hasHeader !== undefined && hasHeader !== null && typeof hasHeader !== 'boolean')
    fields['mapping.has_header'] = CSV_MESSAGES.hasHeader;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      ...(typeof delimiter === 'string' ? { delimiter: delimiter as CsvDelimiter } : {}),
      has_header: hasHeader !== false,
      date: columns.date ?? '',
      date_format: typeof dateFormat === 'string' ? (dateFormat as CsvDateFormat) : 'auto',
      decimal_separator: decimal === '.' ? '.' : ',',
      ...Object.fromEntries(
        COLUMN_KEYS.filter((key) => key !== 'date' && columns[key] !== undefined).map((key) => [
          key,
          columns[key],
        ]),
      ),
    },
  };
}

const headerKey = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Where each mapped column is: its index in a row, and the name to use in messages. */
export interface CsvColumns {
  readonly indexes: Readonly<Partial<Record<ColumnKey, number>>>;
  readonly names: Readonly<Partial<Record<ColumnKey, string>>>;
  /** The fewest cells a row needs: up to the last of the date and amount columns. */
  readonly needed: number;
}

export type ResolvedColumns =
  | { readonly ok: true; readonly value: CsvColumns }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * Finds the mapped columns among the file's first row: by header (case and spacing do not matter)
 * or by number from 1. `firstRow` is the header row, or the first data row without one.
 */
export function resolveCsvColumns(mapping: CsvMapping, firstRow: readonly string[]): ResolvedColumns {
  const headers = mapping.has_header === false ? [] : firstRow.map(headerKey);
  const fields: Record<string, string> = {};
  const indexes: Partial<Record<ColumnKey, number>> = {};
  const names: Partial<Record<ColumnKey, string>> = {};
  for (const key of COLUMN_KEYS) {
    const reference = mapping[key];
    if (reference === undefined) continue;
    const byHeader = headers.indexOf(headerKey(reference));
    if (byHeader >= 0) {
      indexes[key] = byHeader;
      names[key] = firstRow[byHeader]?.trim() ?? reference;
      continue;
    }
    if (/^\d{1,3}$/.test(reference.trim())) {
      const index = Number(reference.trim()) - 1;
      if (index >= 0 && index < firstRow.length) {
        indexes[key] = index;
        names[key] = mapping.has_header === false ? reference.trim() : (firstRow[index]?.trim() ?? reference);
        continue;
      }
      fields[`mapping.${key}`] = CSV_MESSAGES.noColumnNumber(reference.trim(), firstRow.length);
      continue;
    }
    fields[`mapping.${key}`] = CSV_MESSAGES.unknownColumn(
      reference,
      firstRow.map((cell) => cell.trim()),
    );
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  // Rows may lack trailing text columns (some tools drop empty cells at the end), not the date or amount.
  const required = (['date', 'amount', 'direction', 'debit', 'credit'] as const).flatMap((key) =>
    indexes[key] === undefined ? [] : [indexes[key]],
  );
  const needed = Math.max(...required) + 1;
  return { ok: true, value: { indexes, names, needed } };
}

/** Headers of the common Dutch bank exports, most specific first, per column. */
const KNOWN_HEADERS: Readonly<Record<ColumnKey, readonly string[]>> = {
  date: ['boekdatum', 'datum', 'transactiedatum', 'date', 'boekingsdatum'],
  amount: ['bedrag (eur)', 'bedrag', 'transactiebedrag', 'amount', 'bedrag (€)'],
  direction: ['af bij', 'af/bij', 'debet/credit', 'credit/debet'],
  debit: ['debet', 'af', 'debit'],
  credit: ['credit', 'bij'],
  description: ['omschrijving', 'mededelingen', 'omschrijving-1', 'description', 'omschrijving 1'],
  counterparty: ['naam tegenpartij', 'naam / omschrijving', 'tegenpartij', 'naam', 'name', 'counterparty'],
  reference: ['volgnr', 'transactiereferentie', 'referentie', 'kenmerk', 'reference'],
  account: ['iban/bban', 'rekening', 'rekeningnummer', 'iban', 'account'],
  currency: ['munt', 'muntsoort', 'valuta', 'valutacode', 'currency', 'munteenheid'],
};

/**
 * A mapping for a file whose header row looks like a known bank export, or null: at least a date
 * column and an amount (or debit and credit) must be recognised.
 */
export function suggestCsvMapping(headerRow: readonly string[]): CsvMapping | null {
  const headers = headerRow.map(headerKey);
  const found: Partial<Record<ColumnKey, string>> = {};
  const taken = new Set<number>();
  for (const key of COLUMN_KEYS) {
    for (const candidate of KNOWN_HEADERS[key]) {
      const index = headers.indexOf(candidate);
      if (index >= 0 && !taken.has(index)) {
        found[key] = headerRow[index]?.trim() ?? candidate;
        taken.add(index);
        break;
      }
    }
  }
  if (found.date === undefined) return null;
  const single = found.amount !== undefined;
  const split = found.debit !== undefined && found.credit !== undefined;
  if (!single && !split) return null;
  const pick = (keys: readonly ColumnKey[]) =>
    Object.fromEntries(keys.filter((key) => found[key] !== undefined).map((key) => [key, found[key]]));
  return {
    has_header: true,
    date: found.date,
    date_format: 'auto',
    decimal_separator: ',',
    ...(single ? pick(['amount', 'direction']) : pick(['debit', 'credit'])),
    ...pick(['description', 'counterparty', 'reference', 'account', 'currency']),
  };
}

const DEBIT_WORDS = new Set(['af', 'debet', 'debit', 'd', 'dr', '-', 'uit']);
const CREDIT_WORDS = new Set(['bij', 'credit', 'c', 'cr', '+', 'in']);

function signedAmount(
  cells: readonly string[],
  columns: CsvColumns,
  mapping: CsvMapping,
): { ok: true; cents: number } | { ok: false; reason: string } {
  const { indexes, names } = columns;
  const decimal = mapping.decimal_separator ?? ',';
  const cell = (key: ColumnKey) => (indexes[key] === undefined ? '' : (cells[indexes[key]] ?? '').trim());
  const read = (key: ColumnKey) => {
    const parsed = parseAmount(cell(key), decimal);
    return parsed.ok
      ? ({ ok: true, cents: parsed.value } as const)
      : ({ ok: false, reason: CSV_MESSAGES.inColumn(names[key] ?? key, parsed.detail ?? '') } as const);
  };
  if (indexes.amount !== undefined) {
    const amount = read('amount');
    if (!amount.ok || indexes.direction === undefined) return amount;
    const word = cell('direction').toLowerCase();
    if (DEBIT_WORDS.has(word)) return { ok: true, cents: -Math.abs(amount.cents) };
    if (CREDIT_WORDS.has(word)) return { ok: true, cents: Math.abs(amount.cents) };
    return {
      ok: false,
      reason: CSV_MESSAGES.unknownDirection(names.direction ?? 'direction', cell('direction')),
    };
  }
  const debitText = cell('debit');
  const creditText = cell('credit');
  const debit = debitText === '' ? null : read('debit');
  const credit = creditText === '' ? null : read('credit');
  if (debit !== null && !debit.ok) return debit;
  if (credit !== null && !credit.ok) return credit;
  const out = debit?.ok ? Math.abs(debit.cents) : 0;
  const into = credit?.ok ? Math.abs(credit.cents) : 0;
  if (out !== 0 && into !== 0) return { ok: false, reason: CSV_MESSAGES.debitAndCredit };
  if (out === 0 && into === 0) return { ok: false, reason: CSV_MESSAGES.noAmount };
  return { ok: true, cents: into - out };
}

/** One data row of a CSV file (its cells) as a bank line, or refused with the reason. */
export function readCsvRow(
  cells: readonly string[],
  line: number,
  columns: CsvColumns,
  mapping: CsvMapping,
): ParsedBankLine {
  const refuse = (reason: string): ParsedBankLine => ({ ok: false, refusal: { line, reason } });
  if (cells.length < columns.needed) return refuse(CSV_MESSAGES.tooFewCells(cells.length, columns.needed));
  const text = (key: ColumnKey) =>
    columns.indexes[key] === undefined ? '' : (cells[columns.indexes[key]] ?? '').trim();
  const currency = text('currency');
  if (!isEuro(currency)) return refuse(BANK_LINE_MESSAGES.currency(currency.toUpperCase()));
  const date = parseDate(text('date'), mapping.date_format ?? 'auto');
  if (!date.ok) return refuse(CSV_MESSAGES.inColumn(columns.names.date ?? 'date', date.detail ?? ''));
  const amount = signedAmount(cells, columns, mapping);
  if (!amount.ok) return refuse(amount.reason);
  const reference = text('reference');
  const account = text('account');
  return {
    ok: true,
    value: {
      line,
      date: date.value,
      amountCents: amount.cents,
      counterparty: text('counterparty'),
      description: text('description'),
      reference: reference === '' ? null : reference,
      account: account === '' ? null : account,
    },
  };
}
