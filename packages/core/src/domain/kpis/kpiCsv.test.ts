import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KpiUnit } from '../contract';
import { decodeCsvBytes, importSummary, KPI_CSV_MESSAGES, kpiCsv, readKpiCsv } from './kpiCsv';

/** UTF-8 bytes of a text (core's tests have no TextEncoder: no DOM, no Node types). */
const utf8Bytes = (text: string): Uint8Array =>
  Uint8Array.from(unescape(encodeURIComponent(text)), (char) => char.charCodeAt(0));

const context = { unit: 'euro' as KpiUnit, periodKind: 'month' as const, today: '2026-03-15' };

describe('readKpiCsv', () => {
  it('should read period keys or days, Dutch values and notes, with or without a header', () => {
    const withHeader = readKpiCsv(
      'Periode;Waarde;Notitie\r\n2026-01;1.234,56;Goede maand\r\n15-02-2026;-12,50;\r\n',
      context,
    );
    expect(withHeader).toEqual({
      ok: true,
      lines: 2,
      accepted: [
        { line: 2, period: '2026-01', value: 123456, note: 'Goede maand' },
        { line: 3, period: '2026-02', value: -1250, note: '' },
      ],
      refused: [],
    });
    const bare = readKpiCsv('2026-01;10\n2026-02;20', context);
    expect(bare.ok && bare.accepted.map((line) => [line.line, line.period, line.value])).toEqual([
      [1, '2026-01', 1000],
      [2, '2026-02', 2000],
    ]);
  });

  it('should report every refused line with its number and reason', () => {
    const read = readKpiCsv(
      [
        'Datum;Waarde;Opmerking',
        '2026-13;10;',
        '2026-01;12.5;',
        '2026-01;12,345;',
        '2026-01;10;eerste',
        '31-01-2026;11;dubbel',
        '2026-04;10;',
        '2026-02;;',
        ';5;',
        '30-02-2026;5;',
      ].join('\n'),
      context,
    );
    expect(read.ok && read.refused).toEqual([
      { line: 2, reason: "'2026-13' is geen maand of datum (bijvoorbeeld 2026-03 of 31-03-2026)." },
      { line: 3, reason: "Waarde '12.5': schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56." },
      { line: 4, reason: "Waarde '12,345': een bedrag heeft hoogstens twee decimalen." },
      { line: 6, reason: 'Januari 2026 staat ook op regel 5.' },
      { line: 7, reason: 'April 2026: deze periode is nog niet begonnen.' },
      { line: 8, reason: KPI_CSV_MESSAGES.noValue },
      { line: 9, reason: KPI_CSV_MESSAGES.noPeriod },
      { line: 10, reason: "'30-02-2026' is geen maand of datum (bijvoorbeeld 2026-03 of 31-03-2026)." },
    ]);
    expect(read.ok && read.accepted.map((line) => line.line)).toEqual([5]);
    expect(read.ok && read.lines).toBe(9);
  });

  it('should number lines as the file does: quoted line breaks, empty lines and a BOM', () => {
    const read = readKpiCsv(
      '\uFEFFPeriode,Waarde,Notitie\n"2026-01","10","twee\nregels"\n\n2026-02,x,\n',
      context,
    );
    expect(read.ok && read.accepted).toEqual([
      { line: 2, period: '2026-01', value: 1000, note: 'twee\nregels' },
    ]);
    expect(read.ok && read.refused.map((line) => line.line)).toEqual([5]);
  });

  it('should take the separator of the first line: semicolon, comma or tab', () => {
    for (const separator of [';', ',', '\t']) {
      const read = readKpiCsv(`Periode${separator}Waarde\n2026-01${separator}"1.234,56"`, context);
      expect(read.ok && read.accepted[0]?.value, JSON.stringify(separator)).toBe(123456);
    }
  });

  it('should refuse a file it cannot read as a whole, naming the line', () => {
    expect(readKpiCsv('', context)).toEqual({ ok: false, detail: KPI_CSV_MESSAGES.empty });
    expect(readKpiCsv('Periode;Waarde\n', context)).toEqual({ ok: false, detail: KPI_CSV_MESSAGES.empty });
    expect(readKpiCsv('Maand;Getal\n2026-01;1', context)).toEqual({
      ok: false,
      detail: `Regel 1: ${KPI_CSV_MESSAGES.header}`,
    });
    expect(readKpiCsv('2026-01;1\n2026-02;"2', context)).toEqual({
      ok: false,
      detail: `Regel 2: ${KPI_CSV_MESSAGES.unclosedQuote}`,
    });
    const tooMany = Array.from({ length: 10_001 }, () => '2026-01;1').join('\n');
    expect(readKpiCsv(tooMany, context)).toEqual({ ok: false, detail: KPI_CSV_MESSAGES.tooManyLines });
  });

  it('should read weeks, quarters and years, keys or days', () => {
    const weeks = readKpiCsv('2025-W52;1\n2026-01-01;2', { ...context, unit: 'number', periodKind: 'week' });
    expect(weeks.ok && weeks.accepted.map((line) => line.period)).toEqual(['2025-W52', '2026-W01']);
    const quarters = readKpiCsv('2025-Q4;1\n31-03-2026;2', {
      ...context,
      unit: 'number',
      periodKind: 'quarter',
    });
    expect(quarters.ok && quarters.accepted.map((line) => line.period)).toEqual(['2025-Q4', '2026-Q1']);
  });
});

describe('decodeCsvBytes', () => {
  it('should read UTF-8 (with its BOM) and fall back to Windows-1252 from Excel', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8Bytes('Notitie: €5, één')]);
    expect(decodeCsvBytes(utf8)).toBe('Notitie: €5, één');
    // 'Notitie: €5, één' as Windows-1252: € is 0x80, é is 0xE9.
    const windows = new Uint8Array([...utf8Bytes('Notitie: '), 0x80, 0x35, 0x2c, 0x20, 0xe9, 0xe9, 0x6e]);
    expect(decodeCsvBytes(windows)).toBe('Notitie: €5, één');
    expect(decodeCsvBytes(new Uint8Array([0x93, 0x61, 0x94]))).toBe('“a”');
  });

  it('should read back any text written as UTF-8 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeCsvBytes(utf8Bytes(text))).toBe(text.replace(/^\uFEFF/, ''));
      }),
    );
  });

  it('should not take overlong or surrogate sequences for UTF-8', () => {
    // 0xC0 0xAF is an overlong '/'; 0xED 0xA0 0x80 a surrogate: both read as Windows-1252.
    expect(decodeCsvBytes(new Uint8Array([0xc0, 0xaf]))).toBe('À¯');
    expect(decodeCsvBytes(new Uint8Array([0xed, 0xa0, 0x80]))).toBe('í\u00a0€');
  });
});

describe('kpiCsv', () => {
  it('should write a file a Dutch Excel opens and import reads back', () => {
    const text = kpiCsv('euro', [
      {
        period: '2026-01',
        periodName: 'januari 2026',
        value: -123456,
        target: 100000,
        status: 'off_track',
        note: '=HYPERLINK("x")',
        enteredBy: 'Olga',
        enteredAt: '31-01-2026 17:00',
      },
      {
        period: '2026-02',
        periodName: 'februari 2026',
        value: null,
        target: null,
        status: 'no_value',
        note: '',
        enteredBy: null,
        enteredAt: null,
      },
    ]);
    expect(text).toBe(
      '\uFEFFPeriode;Naam van de periode;Waarde;Doel;Status;Notitie;Ingevoerd door;Ingevoerd op\r\n' +
        `2026-01;januari 2026;-1.234,56;1.000,00;Niet op koers;"'=HYPERLINK(""x"")";Olga;31-01-2026 17:00\r\n` +
        '2026-02;februari 2026;;;Geen waarde;;;\r\n',
    );
    // The note comes back as it was, without the ' the export put before it against formulas.
    const read = readKpiCsv(text, context);
    expect(read.ok && read.accepted).toEqual([
      { line: 2, period: '2026-01', value: -123456, note: '=HYPERLINK("x")' },
    ]);
    expect(read.ok && read.refused).toEqual([{ line: 3, reason: KPI_CSV_MESSAGES.noValue }]);
  });
});

describe('importSummary', () => {
  it('should say what was stored, checked or refused', () => {
    expect(
      importSummary({ stored: true, dryRun: false, created: 3, updated: 1, unchanged: 0, refused: 0 }),
    ).toBe('Geïmporteerd: 3 waarden nieuw, 1 waarde bijgewerkt.');
    expect(
      importSummary({ stored: false, dryRun: false, created: 3, updated: 0, unchanged: 0, refused: 1 }),
    ).toBe('Niets geïmporteerd: 1 regel geweigerd. Verbeter die regel of sla foute regels over.');
    expect(
      importSummary({ stored: false, dryRun: true, created: 2, updated: 0, unchanged: 0, refused: 2 }),
    ).toBe(
      'Controle: 2 waarden nieuw, 0 waarden bijgewerkt; 2 regels geweigerd. Er is nog niets opgeslagen.',
    );
  });

  it('should name the values that were there already, unchanged', () => {
    expect(
      importSummary({ stored: true, dryRun: false, created: 0, updated: 0, unchanged: 4, refused: 0 }),
    ).toBe('Geïmporteerd: 0 waarden nieuw, 0 waarden bijgewerkt, 4 waarden ongewijzigd.');
  });
});
