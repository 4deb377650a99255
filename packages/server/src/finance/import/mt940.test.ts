import { readFileSync } from 'node:fs';
import type { BankLine } from '@loop/core/finance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountOf, MT940_MESSAGES, type Mt940File, parseMt940 } from './mt940';

const fixture = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');

/** The lines as read (all must be), without the frozen texts of the duplicate key. */
const read = (file: Mt940File | null): Omit<BankLine, 'keyTexts'>[] =>
  (file?.lines ?? []).map((line) => {
    if (!line.ok) throw new Error(`refused: ${JSON.stringify(line.refusal)}`);
    const { keyTexts: _key, ...shown } = line.value;
    return shown;
  });

/** Counterparty and description of every line of a fixture. */
const texts = (name: string) =>
  read(parseMt940(fixture(name))).map(({ counterparty, description }) => ({ counterparty, description }));

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
    expect(lines[2]?.description).toBe('VERZAMELBETALING BATCH-ID: 012345 TOTAAL 198 POSTEN');
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
    const lines = parseMt940(fixture('broken-61.sta'))?.lines;
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
    expect(parseMt940(statement('260230C1,00NTRFNONREF'))?.lines).toEqual([
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
        const sum = generated.reduce((total, each) => total + (each.credit ? each.cents : -each.cents), 0);
        const closing = `${sum < 0 ? 'D' : 'C'}260101EUR${Math.floor(Math.abs(sum) / 100)},${String(Math.abs(sum) % 100).padStart(2, '0')}`;
        text.push(`:62F:${closing}`);
        const file = parseMt940(text.join('\r\n'));
        // The closing balance written follows from the lines: the check finds it right.
        expect(file?.balances).toEqual([
          { line: text.length, openingCents: 0, closingCents: sum, entriesCents: sum },
        ]);
        const lines = read(file);
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
            // An empty /REMI/ is no description (not the structured text itself).
            description: each.description.replace(/\s+/g, ' ').trim(),
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
        const lines = parseMt940(text)?.lines ?? [];
        expect(lines.length).toBe(Math.ceil(garbage.length / 2));
        for (const line of lines) expect(line.ok ? line.value.line : line.refusal.line).toBeGreaterThan(1);
      }),
    );
  });
});

describe('parseMt940: descriptions as the banks write them', () => {
  it("should read ABN AMRO's two-column SEPA texts: name and description apart, words cut at a column whole again", () => {
    expect(texts('abn-amro-sepa-mt940.sta')).toEqual([
      {
        counterparty: 'AA GHGHGH NETHERLANDS B.V.',
        description: '1412DEC 2015 CONSULTING (kenmerk 7541410)',
      },
      {
        counterparty: 'BHBBAAA B.V.',
        description: 'MAANDTERMIJN JANUARI (kenmerk AA 2014-11-11 10:20:47/0000000007)',
      },
      {
        counterparty: 'NS GROEP INZAKE NSR IDEA',
        description: '4851430136 0030000735822580 NS E-TICKET(S) (kenmerk 26-01-2014 18:14 0030000735822580)',
      },
      {
        counterparty: 'BELASTINGDIENST',
        description: 'SEPA ACCEPTGIROBETALING (betalingskenmerk 1234567890098876)',
      },
      { counterparty: 'CAFE MON AMI', description: '897789005' },
    ]);
  });

  it("should join ING's structured lines, whose first line counts the tag in its 65 characters", () => {
    expect(texts('ing-mt940-structured.sta')).toEqual([
      { counterparty: 'B Bertus', description: '22-08-2014 Omschrijving' },
      { counterparty: '', description: 'VAN Zkl Kwartaal Spaarrekening' },
      {
        counterparty: '',
        description:
          '20-08-14 05:52 BETAALAUTOMAAT NHOW Aaaaaa / BERLIN 008 52I9S8 56548252 ING BANK NV PASTRANSACTIES',
      },
      { counterparty: 'BELASTINGDIENST', description: '' },
    ]);
  });

  it("should read ASN Bank's padded lines, with the name from the :61: line and structured text after it", () => {
    expect(texts('asn-mt940.sta')).toEqual([
      { counterparty: 'j blom', description: 'Salaris december 2019' },
      {
        counterparty: 'MULTI TANK CARD BV',
        description:
          'Relatienummer 1755481/Factuurnr.7903792-07-01-2020/B.t.w. bedrag 10.73/Inzake geleverde diensten',
      },
      {
        counterparty: 'paypal (europe) s.a.r.l. et',
        description:
          'Europese incasso: 1007661686629 PAYPAL-Incassant ID: LU96ZZZ0000000000000000058-Kenmerk Machtiging: 5AL2224WXTEZC-1007661686629 PP AFSCHRIJVING',
      },
    ]);
  });

  it("should read Knab's REK:/NAAM: texts and a structured name cut at the line width", () => {
    expect(texts('knab-mt940.sta')).toEqual([
      { counterparty: '', description: '' },
      {
        counterparty: 'SOME NAME',
        description: '61385002542767281000000000000000000 6676341986995664 TEST PURCHAS567890',
      },
      { counterparty: 'ATM (DESCRIPTION)', description: '03-12-2015 16:04 PAS: 1122' },
      { counterparty: 'POS', description: '03-12-2015 16:04 PAS: 1122' },
      { counterparty: 'NAMENAME B.V.', description: 'OPNAME' },
    ]);
  });

  it("should read Triodos's pieces of 27 characters, without the counterparty's BIC and IBAN", () => {
    expect(texts('triodos-mt940.sta')).toEqual([
      {
        counterparty: '',
        description:
          'METSELAARBAASIK PAARDENA POSTBUS 969 8888BB UTRETRECH NEDERLAND STORTING AANDELENKAPITAAL ZAAK NR 40000',
      },
      { counterparty: '', description: 'INTERNET BETAALREKENING' },
      {
        counterparty: '',
        description: 'NS-DKDKDKFJFJFLS 201 \\KLKLKLFOOBAR \\ BETAALAUTOMAAT 22-09-14 12:00 PASNR. 009',
      },
    ]);
  });

  it("should join Rabobank's structured text cut inside a number", () => {
    expect(texts('rabobank-mt940-wrapped.sta')).toEqual([
      { counterparty: 'abcdefghijklmno abcdef', description: 'Factuur 2014-002' },
    ]);
  });

  it('should keep the duplicate key texts of the first reading, so earlier imports stay recognised', () => {
    const [first] = parseMt940(fixture('abn-amro-sepa-mt940.sta'))?.lines ?? [];
    expect(first?.ok && first.value.keyTexts).toEqual({
      counterparty: 'AA GHGHGH NETHERLANDS B.V. OMSCHRIJVING: 1412DEC 2015 CONSU LTING KENMERK: 7541410',
      description:
        'SEPA OVERBOEKING                 IBAN: NL56CHAS0101010101 BIC: CHASNL2XXXX                 NAAM: AA GHGHGH NETHERLANDS B.V. OMSCHRIJVING: 1412DEC 2015 CONSU LTING KENMERK: 7541410',
    });
  });
});

describe('parseMt940: balances and currency', () => {
  it('should give every statement its balances and the sum of its lines, in cents', () => {
    expect(parseMt940(fixture('asn-mt940.sta'))?.balances).toEqual([
      { line: 14, openingCents: 1_329_034, closingCents: 1_129_034, entriesCents: -200_000 },
      { line: 37, openingCents: 1_129_034, closingCents: 1_120_856, entriesCents: -8_178 },
    ]);
    // A page of a longer statement (:60M:/:62M:) is added up on its own.
    expect(parseMt940(fixture('knab-mt940.sta'))?.balances).toEqual([
      { line: 17, openingCents: 100_021, closingCents: 94_521, entriesCents: -5_500 },
      { line: 27, openingCents: 0, closingCents: 10_000_000, entriesCents: 10_000_000 },
    ]);
    // A debit closing balance is below 0.
    expect(parseMt940(fixture('ing-mt940-structured.sta'))?.balances).toEqual([
      { line: 24, openingCents: 43_690, closingCents: -491_646, entriesCents: -535_336 },
    ]);
  });

  it('should add up nothing for a statement with a line whose amount cannot be read', () => {
    expect(parseMt940(fixture('broken-61.sta'))?.balances).toEqual([]);
  });

  it('should refuse the lines of a statement in another currency for that, not as unreadable', () => {
    const text = fixture('rabobank-mt940.sta').replaceAll('EUR', 'USD');
    const lines = parseMt940(text)?.lines ?? [];
    expect(lines.map((line) => (line.ok ? 'gelezen' : line.refusal.reason))).toEqual([
      "Bedrag in USD; Loop boekt alleen euro's.",
      "Bedrag in USD; Loop boekt alleen euro's.",
      "Bedrag in USD; Loop boekt alleen euro's.",
    ]);
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
