import { readFileSync } from 'node:fs';
import type { BankLine, ParsedBankLine } from '@loop/core/finance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountOf, MT940_MESSAGES, parseMt940 } from './mt940';

const fixture = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');

const read = (lines: ParsedBankLine[] | null): BankLine[] =>
  (lines ?? []).map((line) => {
    if (!line.ok) throw new Error(`refused: ${JSON.stringify(line.refusal)}`);
    return line.value;
  });

describe('parseMt940', () => {
  it("should read ING's old layout: headers skipped, free text, the statement's closing :86: ignored", () => {
    const lines = read(parseMt940(fixture('ing-mt940.sta')));
    expect(
      lines.map(({ line, date, amountCents, reference, account }) => ({
        line,
        date,
        amountCents,
        reference,
        account,
      })),
    ).toEqual([
      { line: 8, date: '2010-07-22', amountCents: 56, reference: null, account: '0111111111' },
      { line: 12, date: '2010-07-22', amountCents: 1045, reference: null, account: '0111111111' },
      { line: 18, date: '2010-07-22', amountCents: -1_000_099, reference: null, account: '0111111111' },
    ]);
    expect(lines[0]?.description).toBe(
      '0111111111 V. DE JONG KERKSTRAAT 1154 1234 BW ENSCHEDE BET.KENM. 1004510036716378 3305330802 AFLOSSINGSTERMIJN 188616 / 1E TERMIJN',
    );
    expect(lines[2]?.description).toBe('VERZAMELBETALING         BATCH-ID:     012345 TOTAAL 198 POSTEN');
  });

  it("should read ABN AMRO's structured :86: wrapped over lines, and the entry date", () => {
    expect(read(parseMt940(fixture('abn-amro-mt940.sta')))).toEqual([
      {
        line: 8,
        date: '2011-07-15',
        amountCents: 541,
        counterparty: 'TT TEST',
        description: 'TRANSFER OWN MONEY',
        reference: null,
        account: '123456789',
      },
    ]);
  });

  it("should read Rabobank's SEPA layout: IBAN account, /CNTP/ name, bank reference, entry date in the next month", () => {
    expect(read(parseMt940(fixture('rabobank-mt940.sta')))).toEqual([
      {
        line: 6,
        date: '2026-01-31',
        amountCents: -12_100,
        counterparty: 'Kantoorhandel Jansen B.V.',
        description: 'Factuur 2026-014 printerpapier',
        reference: null,
        account: 'NL20RABO0123456789',
      },
      {
        line: 9,
        date: '2026-01-31',
        amountCents: 242_000,
        counterparty: 'Cafe De Hoek',
        description: 'Factuur F-2026-001 catering',
        reference: null,
        account: 'NL20RABO0123456789',
      },
      {
        line: 12,
        date: '2026-02-01',
        amountCents: -1500,
        counterparty: '',
        description: 'Kosten betaalrekening januari',
        reference: 'RABO-20260131-0003',
        account: 'NL20RABO0123456789',
      },
    ]);
  });

  it('should refuse a broken :61: line and three decimals with the line number, and read the rest', () => {
    const lines = parseMt940(fixture('broken-61.sta'));
    expect(lines).toEqual([
      expect.objectContaining({
        ok: true,
        value: expect.objectContaining({ line: 5, amountCents: -12_100 }),
      }),
      { ok: false, refusal: { line: 7, reason: MT940_MESSAGES.broken61 } },
      { ok: false, refusal: { line: 9, reason: MT940_MESSAGES.threeDecimals } },
    ]);
  });

  it('should refuse a value date that does not exist and put entry dates across new year in the right year', () => {
    const statement = (line61: string) => `:20:X\n:25:NL20RABO0123456789\n:61:${line61}\n:86:tekst\n`;
    expect(parseMt940(statement('260230C1,00NTRFNONREF'))).toEqual([
      { ok: false, refusal: { line: 3, reason: MT940_MESSAGES.dateDoesNotExist('260230') } },
    ]);
    expect(read(parseMt940(statement('2512310102C1,00NTRFNONREF')))[0]?.date).toBe('2026-01-02');
    expect(read(parseMt940(statement('2601021231C1,00NTRFNONREF')))[0]?.date).toBe('2025-12-31');
  });

  it('should treat a reversal of a debit as money in, and of a credit as money out', () => {
    const statement = (mark: string) => `:20:X\n:61:260105${mark}7,50NTRFNONREF\n`;
    expect(read(parseMt940(statement('RD')))[0]?.amountCents).toBe(750);
    expect(read(parseMt940(statement('RC')))[0]?.amountCents).toBe(-750);
  });

  it('should say a text without :20: or :61: is not MT940', () => {
    expect(parseMt940('Datum;Bedrag\n01-01-2026;12,50')).toBeNull();
  });

  const statementLines = fc.array(
    fc.record({
      day: fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2079-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      cents: fc.integer({ min: 0, max: 999_999_999_999 }),
      credit: fc.boolean(),
      reference: fc.option(fc.stringMatching(/^[A-Z0-9]{1,16}$/), { nil: null }),
      description: fc.stringMatching(/^[A-Za-z0-9 ]{0,60}$/),
    }),
    { minLength: 1, maxLength: 20 },
  );

  it('should read back every statement line written in the MT940 layout (property)', () => {
    fc.assert(
      fc.property(statementLines, (generated) => {
        const text = [':20:STATEMENT', ':25:NL20RABO0123456789 EUR', ':60F:C260101EUR0,00'];
        for (const each of generated) {
          const iso = each.day.toISOString().slice(0, 10);
          const amount = `${Math.floor(each.cents / 100)},${String(each.cents % 100).padStart(2, '0')}`;
          text.push(
            `:61:${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${each.credit ? 'C' : 'D'}${amount}NTRFNONREF${each.reference === null ? '' : `//${each.reference}`}`,
            `:86:/REMI/${each.description}`,
          );
        }
        text.push(':62F:C260101EUR0,00');
        const lines = read(parseMt940(text.join('\r\n')));
        expect(
          lines.map(({ date, amountCents, reference, description, account }) => ({
            date,
            amountCents,
            reference,
            description,
            account,
          })),
        ).toEqual(
          generated.map((each) => ({
            date: each.day.toISOString().slice(0, 10),
            amountCents: each.credit ? each.cents : -each.cents,
            reference: each.reference === 'NONREF' ? null : each.reference,
            description:
              each.description.trim() === '' ? `/REMI/${each.description}`.trim() : each.description.trim(),
            account: 'NL20RABO0123456789',
          })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('should never throw on any text, and refuse or read every :61: (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 15 }), (garbage) => {
        const text = [
          ':20:X',
          ...garbage.map((line, index) => (index % 2 === 0 ? `:61:${line}` : line)),
        ].join('\n');
        const lines = parseMt940(text) ?? [];
        expect(lines.length).toBe(Math.ceil(garbage.length / 2));
        for (const line of lines) expect(line.ok ? line.value.line : line.refusal.line).toBeGreaterThan(1);
      }),
    );
  });
});

describe('accountOf (:25:)', () => {
  it('should take the IBAN or account number without currency, BIC or spaces', () => {
    expect(accountOf('NL20RABO0123456789 EUR')).toBe('NL20RABO0123456789');
    expect(accountOf('NL69INGB0123456789EUR')).toBe('NL69INGB0123456789');
    expect(accountOf('INGBNL2A/NL69INGB0123456789')).toBe('NL69INGB0123456789');
    expect(accountOf('0111111111')).toBe('0111111111');
    expect(accountOf('0800003200000001610722 EUR')).toBe('0800003200000001610722');
    expect(accountOf('')).toBeNull();
  });
});
