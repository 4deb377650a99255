import { describe, expect, it } from 'vitest';
import type { FinanceImportReport } from '../contract';
import { CSV_MESSAGES, suggestCsvMapping } from './csvMapping';
import { csvPreview, detectImportFormat, importReportLines, previewCsvLines } from './financeImportRules';

const ING = [
  '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
  '"20260105";"Klant Zuid B.V.";"NL20INGB0001234567";"";"OV";"Bij";"1.210,00";"Overschrijving";"Factuur; F-1"',
  '',
  '"20260112";"Bloemen ""Elise""";"NL20INGB0001234567";"";"IC";"Af";"45,99";"Incasso";"Bloemen"',
  '"2026011";"Fout";"NL20INGB0001234567";"";"IC";"Af";"1,00";"Incasso";"x"',
].join('\r\n');

describe('detectImportFormat', () => {
  it.each([
    ['afschrift.txt', '<?xml version="1.0"?><Document>', 'camt053'],
    ['afschrift.xml', '\uFEFF  <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">', 'camt053'],
    ['mt940.txt', ':20:940S260105\n:25:NL20INGB0001234567', 'mt940'],
    ['export.sta', '{1:F01}\n:20:STARTUMS\n:61:2601050105C1210,00NTRF', 'mt940'],
    ['mutaties.csv', '"Datum";"Bedrag"', 'csv'],
    ['raar.sta', '"Datum";"Bedrag"', 'csv'],
  ] as const)('should read %s by its content', (name, head, format) => {
    expect(detectImportFormat(name, head)).toBe(format);
  });

  it.each([
    ['leeg.xml', 'camt053'],
    ['leeg.STA', 'mt940'],
    ['leeg.940', 'mt940'],
    ['leeg.csv', 'csv'],
    ['leeg.txt', 'csv'],
  ] as const)('should fall back on the extension of %s without content', (name, format) => {
    expect(detectImportFormat(name, '')).toBe(format);
  });
});

describe('csvPreview and previewCsvLines', () => {
  it('should split quoted cells with separators and doubled quotes, numbering lines as in the file', () => {
    const preview = csvPreview(ING);
    expect(preview.delimiter).toBe(';');
    expect(preview.firstRow[5]).toBe('Af Bij');
    expect(preview.rows.map((row) => row.line)).toEqual([2, 4, 5]);
    expect(preview.rows[0]?.cells[8]).toBe('Factuur; F-1');
    expect(preview.rows[1]?.cells[1]).toBe('Bloemen "Elise"');
  });

  it('should read the previewed lines through a mapping as the server would, with refusals per line', () => {
    const preview = csvPreview(ING);
    const mapping = suggestCsvMapping(preview.firstRow);
    expect(mapping).not.toBeNull();
    const result = previewCsvLines(preview, mapping!);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines[0]).toEqual({
      ok: true,
      line: 2,
      date: '2026-01-05',
      fileDate: '20260105',
      amount: '1.210,00',
      counterparty: 'Klant Zuid B.V.',
      description: 'Factuur; F-1',
    });
    expect(result.lines[1]).toMatchObject({ ok: true, amount: '-45,99' });
    expect(result.lines[2]).toMatchObject({ ok: false, line: 5 });
    expect(result.lines[2]?.ok === false && result.lines[2].reason).toContain("Kolom 'Datum'");
  });

  it('should say which mapped column is not in the file', () => {
    const preview = csvPreview('Datum,Bedrag\n2026-01-05,"12,50"');
    expect(preview.delimiter).toBe(',');
    expect(previewCsvLines(preview, { date: 'Datum', amount: 'Saldo' })).toEqual({
      ok: false,
      reason: CSV_MESSAGES.unknownColumn('Saldo', ['Datum', 'Bedrag']),
    });
    expect(previewCsvLines(preview, { date: 'Datum', amount: 'Bedrag' })).toMatchObject({
      ok: true,
      lines: [{ ok: true, amount: '12,50' }],
    });
  });

  it('should read the first row as data for a file without headers', () => {
    const preview = csvPreview('05-01-2026|100\n06-01-2026|-5\n');
    expect(preview.delimiter).toBe('|');
    const result = previewCsvLines(preview, { has_header: false, date: '1', amount: '2' });
    expect(result.ok && result.lines.map((line) => line.ok && [line.line, line.amount])).toEqual([
      [1, '100,00'],
      [2, '-5,00'],
    ]);
  });

  it('should show each date as the file writes it, beside the day it will be stored as', () => {
    const preview = csvPreview('Datum;Bedrag\n5-1-2026;100\n2026-01-06;-5\n20260107;1\n');
    const result = previewCsvLines(preview, { date: 'Datum', amount: 'Bedrag' });
    expect(result.ok && result.lines.map((line) => line.ok && [line.fileDate, line.date])).toEqual([
      ['5-1-2026', '2026-01-05'],
      ['2026-01-06', '2026-01-06'],
      ['20260107', '2026-01-07'],
    ]);
  });
});

describe('importReportLines', () => {
  const report = {
    stored: true,
    format: 'camt053',
    lines: 12,
    imported: 10,
    duplicates: 1,
    refused: 1,
  } as FinanceImportReport;

  it('should say what was imported, skipped and refused', () => {
    expect(importReportLines(report)).toEqual([
      '12 regels gelezen (CAMT.053 (XML)).',
      '10 boekingen geïmporteerd.',
      '1 dubbele regel overgeslagen (al eerder geïmporteerd).',
      '1 regel geweigerd.',
    ]);
  });

  it('should say what would be imported when nothing was stored', () => {
    expect(importReportLines({ ...report, stored: false, imported: 1 })[1]).toBe(
      '1 boeking zou worden geïmporteerd.',
    );
  });
});
