import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '../contract';
import type { CsvColumns } from './csvMapping';
import {
  CSV_MESSAGES,
  checkCsvMapping,
  readCsvRow,
  resolveCsvColumns,
  suggestCsvMapping,
} from './csvMapping';

const ING_HEADERS = [
  'Datum',
  'Naam / Omschrijving',
  'Rekening',
  'Tegenrekening',
  'Code',
  'Af Bij',
  'Bedrag (EUR)',
  'Mutatiesoort',
  'Mededelingen',
];

const RABO_HEADERS = [
  'IBAN/BBAN',
  'Munt',
  'BIC',
  'Volgnr',
  'Datum',
  'Rentedatum',
  'Bedrag',
  'Saldo na trn',
  'Tegenrekening IBAN/BBAN',
  'Naam tegenpartij',
  'Naam uiteindelijke partij',
  'Transactiereferentie',
  'Omschrijving-1',
  'Omschrijving-2',
];

const columnsFor = (mapping: CsvMapping, headers: readonly string[]): CsvColumns => {
  const resolved = resolveCsvColumns(mapping, headers);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.fields));
  return resolved.value;
};

describe('suggestCsvMapping', () => {
  it("should recognise ING's export: 'Af Bij' gives the sign of 'Bedrag (EUR)'", () => {
    expect(suggestCsvMapping(ING_HEADERS)).toEqual({
      has_header: true,
      date: 'Datum',
      date_format: 'auto',
      decimal_separator: ',',
      amount: 'Bedrag (EUR)',
      direction: 'Af Bij',
      description: 'Mededelingen',
      counterparty: 'Naam / Omschrijving',
      account: 'Rekening',
    });
  });

  it("should recognise Rabobank's export with its sequence number as the reference", () => {
    expect(suggestCsvMapping(RABO_HEADERS)).toMatchObject({
      date: 'Datum',
      amount: 'Bedrag',
      description: 'Omschrijving-1',
      counterparty: 'Naam tegenpartij',
      reference: 'Volgnr',
      account: 'IBAN/BBAN',
      currency: 'Munt',
    });
  });

  it('should recognise separate debit and credit columns, and give up without a date or amount', () => {
    expect(suggestCsvMapping(['Boekdatum', 'Debet', 'Credit', 'Omschrijving'])).toMatchObject({
      date: 'Boekdatum',
      debit: 'Debet',
      credit: 'Credit',
    });
    expect(suggestCsvMapping(['Wanneer', 'Hoeveel'])).toBeNull();
    expect(suggestCsvMapping(['Datum', 'Omschrijving'])).toBeNull();
  });
});

describe('checkCsvMapping', () => {
  it('should take a mapping and fill in the defaults', () => {
    expect(checkCsvMapping({ date: 'Datum', amount: ' Bedrag ' })).toEqual({
      ok: true,
      value: {
        has_header: true,
        date: 'Datum',
        date_format: 'auto',
        decimal_separator: ',',
        amount: 'Bedrag',
      },
    });
  });

  it('should name what is wrong per field', () => {
    expect(checkCsvMapping([])).toEqual({ ok: false, fields: { mapping: CSV_MESSAGES.notAnObject } });
    expect(checkCsvMapping({})).toEqual({
      ok: false,
      fields: { 'mapping.date': CSV_MESSAGES.dateMissing, 'mapping.amount': CSV_MESSAGES.amountMissing },
    });
    expect(
      checkCsvMapping({
        date: 3,
        amount: 'Bedrag',
        debit: 'Af',
        delimiter: ':',
        date_format: 'mm/dd/yyyy',
        decimal_separator: ' ',
        has_header: 'ja',
      }),
    ).toEqual({
      ok: false,
      fields: {
        'mapping.date': CSV_MESSAGES.column,
        'mapping.amount': CSV_MESSAGES.amountAndDebitCredit,
        'mapping.delimiter': CSV_MESSAGES.delimiter,
        'mapping.date_format': CSV_MESSAGES.dateFormat,
        'mapping.decimal_separator': CSV_MESSAGES.decimal,
        'mapping.has_header': CSV_MESSAGES.hasHeader,
      },
    });
    expect(checkCsvMapping({ date: 'Datum', debit: 'Af', direction: 'Af Bij' })).toEqual({
      ok: false,
      fields: { 'mapping.direction': CSV_MESSAGES.directionWithoutAmount },
    });
  });
});

describe('resolveCsvColumns', () => {
  it('should find columns by header whatever the case and spacing, or by number', () => {
    const columns = columnsFor({ date: 'datum', amount: '7', direction: ' AF  BIJ ' }, ING_HEADERS);
    expect(columns.indexes).toEqual({ date: 0, amount: 6, direction: 5 });
    expect(columns.names).toEqual({ date: 'Datum', amount: 'Bedrag (EUR)', direction: 'Af Bij' });
    expect(columns.needed).toBe(7);
  });

  it('should say which column is missing and list what the file has', () => {
    expect(resolveCsvColumns({ date: 'Boekdatum', amount: '12' }, ['Datum', 'Bedrag'])).toEqual({
      ok: false,
      fields: {
        'mapping.date': "De kolom 'Boekdatum' staat niet in het bestand. Gevonden: 'Datum', 'Bedrag'.",
        'mapping.amount': 'Kolom 12 bestaat niet: de eerste regel heeft 2 kolommen.',
      },
    });
  });
});

describe('readCsvRow', () => {
  const ing = suggestCsvMapping(ING_HEADERS)!;
  const ingColumns = columnsFor(ing, ING_HEADERS);
  const ingRow = (afBij: string, amount: string, date = '20260131') => [
    date,
    'Café De Hoek',
    'NL20INGB0001234567',
    'NL69ABNA0123456789',
    'BA',
    afBij,
    amount,
    'Betaalautomaat',
    'Pasvolgnr: 001 31-01-2026 12:03',
  ];

  it('should read an ING row: Af is money out, Bij money in', () => {
    expect(readCsvRow(ingRow('Af', '1.234,56'), 2, ingColumns, ing)).toEqual({
      ok: true,
      value: {
        line: 2,
        date: '2026-01-31',
        amountCents: -123_456,
        counterparty: 'Café De Hoek',
        description: 'Pasvolgnr: 001 31-01-2026 12:03',
        reference: null,
        account: 'NL20INGB0001234567',
      },
    });
    expect(readCsvRow(ingRow('Bij', '12,5'), 3, ingColumns, ing)).toMatchObject({
      ok: true,
      value: { amountCents: 1250 },
    });
  });

  it('should refuse a row with a Dutch reason naming the column', () => {
    expect(readCsvRow(ingRow('Af', '12,345'), 4, ingColumns, ing)).toEqual({
      ok: false,
      refusal: {
        line: 4,
        reason: "Kolom 'Bedrag (EUR)': Een bedrag heeft hoogstens twee cijfers achter de komma.",
      },
    });
    expect(readCsvRow(ingRow('Af', '12,00', '20260230'), 5, ingColumns, ing)).toEqual({
      ok: false,
      refusal: { line: 5, reason: "Kolom 'Datum': Deze datum bestaat niet: '20260230'." },
    });
    expect(readCsvRow(ingRow('Misschien', '12,00'), 6, ingColumns, ing)).toEqual({
      ok: false,
      refusal: { line: 6, reason: "Kolom 'Af Bij': onbekende waarde 'Misschien' (verwacht Af of Bij)." },
    });
    expect(readCsvRow(['20260131', 'x'], 7, ingColumns, ing)).toEqual({
      ok: false,
      refusal: { line: 7, reason: CSV_MESSAGES.tooFewCells(2, 7) },
    });
  });

  it('should read a signed amount without a direction column, and debit and credit columns', () => {
    const rabo = suggestCsvMapping(RABO_HEADERS)!;
    const raboColumns = columnsFor(rabo, RABO_HEADERS);
    const cells = [
      'NL11RABO0101010101',
      'EUR',
      'RABONL2U',
      '000000000000001234',
      '2026-01-31',
      '2026-01-31',
      '-1.234,56',
    ];
    expect(
      readCsvRow([...cells, '0', '', 'Huurbaas', '', '', 'Huur januari', ''], 9, raboColumns, rabo),
    ).toMatchObject({
      ok: true,
      value: {
        amountCents: -123_456,
        reference: '000000000000001234',
        counterparty: 'Huurbaas',
        description: 'Huur januari',
      },
    });
    const split: CsvMapping = {
      date: '1',
      debit: '2',
      credit: '3',
      has_header: false,
      decimal_separator: ',',
    };
    const splitColumns = columnsFor(split, ['31-01-2026', '', '10,00']);
    expect(readCsvRow(['31-01-2026', '', '10,00'], 1, splitColumns, split)).toMatchObject({
      ok: true,
      value: { amountCents: 1000 },
    });
    expect(readCsvRow(['31-01-2026', '4,00', ''], 2, splitColumns, split)).toMatchObject({
      ok: true,
      value: { amountCents: -400 },
    });
    expect(readCsvRow(['31-01-2026', '4,00', '1,00'], 3, splitColumns, split)).toMatchObject({
      ok: false,
      refusal: { reason: CSV_MESSAGES.debitAndCredit },
    });
    expect(readCsvRow(['31-01-2026', '', ''], 4, splitColumns, split)).toMatchObject({
      ok: false,
      refusal: { reason: CSV_MESSAGES.noAmount },
    });
  });

  it("should refuse a row in another currency for that, and take 'EUR', 'Euro', '€' or nothing as euro", () => {
    const mapping: CsvMapping = { date: 'Datum', amount: 'Bedrag', currency: 'Munt' };
    const columns = columnsFor(mapping, ['Datum', 'Munt', 'Bedrag']);
    expect(readCsvRow(['31-01-2026', 'USD', '-12,50'], 4, columns, mapping)).toEqual({
      ok: false,
      refusal: { line: 4, reason: "Bedrag in USD; Loop boekt alleen euro's." },
    });
    for (const euro of ['EUR', 'eur', 'Euro', '€', ''])
      expect(readCsvRow(['31-01-2026', euro, '-12,50'], 4, columns, mapping).ok, euro).toBe(true);
  });
});
