import { readFileSync } from 'node:fs';
import type { CsvMapping } from '@loop/core';
import { BALANCE_MESSAGES, type BankLine, CSV_MESSAGES } from '@loop/core/finance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECODE_MESSAGES, decodeText } from '../../import/decodeText';
import { CAMT_MESSAGES, parseCamt053 } from './camt053';
import { CSV_FILE_MESSAGES } from './csv';
import { MT940_MESSAGES } from './mt940';
import { detectFormat, readBankFile } from './readBankFile';

const bytes = (name: string) => new Uint8Array(readFileSync(new URL(`../testdata/${name}`, import.meta.url)));
const text = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');

const auto = { format: 'auto', mapping: null } as const;

function linesOf(
  name: string,
  options: { format: 'auto' | 'csv'; mapping: CsvMapping | null } = auto,
): BankLine[] {
  const file = readBankFile(bytes(name), options);
  if (!file.ok) throw new Error(file.detail);
  return file.value.lines.map((line) => {
    if (!line.ok) throw new Error(JSON.stringify(line.refusal));
    return line.value;
  });
}

describe('CAMT.053', () => {
  it("should read ING's statement: credits, debits, a batch as one line, entries without reference or details", () => {
    expect(linesOf('ing-camt053.xml')).toEqual([
      {
        line: 44,
        date: '2026-01-05',
        amountCents: 121_000,
        counterparty: 'Klant Zuid B.V.',
        description: 'Factuur F-2026-001',
        reference: 'INGREF20260105000001',
        account: 'NL20INGB0001234567',
      },
      {
        line: 71,
        date: '2026-01-12',
        amountCents: -4599,
        counterparty: 'Bloemenwinkel Élise',
        description: 'Bloemen opening kantoor Utrecht',
        reference: 'INGREF20260112000002',
        account: 'NL20INGB0001234567',
      },
      {
        line: 93,
        date: '2026-01-25',
        amountCents: -280_000,
        counterparty: '',
        description: 'Verzamelboeking van 2 transacties: Salarisbetalingen januari',
        reference: 'INGREF20260125000003',
        account: 'NL20INGB0001234567',
      },
      {
        line: 114,
        date: '2026-01-31',
        amountCents: -250,
        counterparty: '',
        description: 'Kosten zakelijk betalingsverkeer',
        reference: null,
        account: 'NL20INGB0001234567',
      },
      {
        line: 123,
        date: '2026-01-31',
        amountCents: -2000,
        counterparty: 'Koffiebar Het Plein',
        description: 'Lunch overleg',
        reference: 'INGREF20260131000005',
        account: 'NL20INGB0001234567',
      },
    ]);
  });

  it('should read version 2 with a structured reference, and version 8 with a namespace prefix', () => {
    expect(linesOf('camt053-v2-minimal.xml')).toEqual([
      {
        line: 90,
        date: '2014-12-31',
        amountCents: 885,
        counterparty: 'NAME NAME',
        description: 'Betalingskenmerk 4654654654654654',
        reference: null,
        account: 'NL26VAYB8060476890',
      },
    ]);
    expect(linesOf('camt053-v08-prefixed.xml')).toEqual([
      {
        line: 8,
        date: '2026-02-03',
        amountCents: 60_500,
        counterparty: 'Stichting Noord',
        description: 'Workshop februari',
        reference: 'RABO0000000000000042',
        account: 'NL20RABO0123456789',
      },
    ]);
  });

  it('should refuse entries in another currency, not yet booked, with a fraction of a cent or no direction', () => {
    const xml = text('ing-camt053.xml')
      .replace(
        '<Amt Ccy="EUR">1210.00</Amt>\n        <CdtDbtInd>',
        '<Amt Ccy="USD">1210.00</Amt>\n        <CdtDbtInd>',
      )
      .replace(
        '<Sts>BOOK</Sts>\n        <BookgDt><Dt>2026-01-12',
        '<Sts>PDNG</Sts>\n        <BookgDt><Dt>2026-01-12',
      )
      .replace('<Amt Ccy="EUR">2.50</Amt>', '<Amt Ccy="EUR">2.505</Amt>')
      .replace(
        '<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>\n        <BookgDt><Dt>2026-01-25',
        '<CdtDbtInd>X</CdtDbtInd>\n        <Sts>BOOK</Sts>\n        <BookgDt><Dt>2026-01-25',
      );
    const parsed = parseCamt053(xml);
    expect(parsed.ok && parsed.lines.map((line) => (line.ok ? 'ok' : line.refusal))).toEqual([
      { line: 44, reason: CAMT_MESSAGES.currency('USD') },
      { line: 71, reason: CAMT_MESSAGES.notBooked('PDNG') },
      { line: 93, reason: CAMT_MESSAGES.noDirection },
      {
        line: 114,
        reason:
          "Het bedrag '2.505' kan niet worden gelezen: Een bedrag heeft hoogstens twee cijfers achter de komma.",
      },
      'ok',
    ]);
  });

  it('should say in Dutch where a file is not XML, is not a statement, or has a DOCTYPE', () => {
    expect(
      readBankFile(new TextEncoder().encode('Datum;Bedrag\n1;2'), { format: 'camt053', mapping: null }),
    ).toEqual({
      ok: false,
      detail: CAMT_MESSAGES.notXml(1, 1),
    });
    expect(
      parseCamt053(text('ing-camt053.xml').replace('</Ntry>\n      <Ntry>', '</Ntry>\n      <Ntry')),
    ).toEqual({
      ok: false,
      detail: expect.stringMatching(/^Het bestand is geen geldige XML \(fout op regel \d+, kolom \d+\)\./),
    });
    expect(parseCamt053('<?xml version="1.0"?><Document><BkToCstmrDbtCdtNtfctn/></Document>')).toEqual({
      ok: false,
      detail: CAMT_MESSAGES.notCamt053,
    });
    expect(
      parseCamt053(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Document><BkToCstmrStmt/></Document>',
      ),
    ).toEqual({ ok: false, detail: CAMT_MESSAGES.doctype });
  });

  it('should answer a reason, never throw, for any text or any cut of a real statement (property)', () => {
    const real = text('ing-camt053.xml');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.nat({ max: real.length }).map((end) => real.slice(0, end)),
        ),
        (input) => {
          const parsed = parseCamt053(input);
          if (!parsed.ok) expect(parsed.detail.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('should give each entry the line its Ntry starts on, whatever the layout (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 12 }), (gaps) => {
        let xml =
          '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>NL20INGB0001234567</IBAN></Id></Acct>';
        const expected: number[] = [];
        for (const [index, gap] of gaps.entries()) {
          xml += '\n'.repeat(gap);
          expected.push(xml.split('\n').length);
          xml += `<Ntry><Amt Ccy="EUR">${index + 1}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-01</Dt></BookgDt><NtryDtls><TxDtls/></NtryDtls></Ntry>`;
        }
        xml += '</Stmt></BkToCstmrStmt></Document>';
        const parsed = parseCamt053(xml);
        expect(parsed.ok && parsed.lines.map((line) => (line.ok ? line.value.line : -1))).toEqual(expected);
      }),
    );
  });
});

describe('CSV', () => {
  it('should recognise an ING export and keep two identical card payments as two lines', () => {
    const file = readBankFile(bytes('ing.csv'), auto);
    expect(file.ok && file.value.csv).toEqual({
      delimiter: ';',
      headers: [
        'Datum',
        'Naam / Omschrijving',
        'Rekening',
        'Tegenrekening',
        'Code',
        'Af Bij',
        'Bedrag (EUR)',
        'Mutatiesoort',
        'Mededelingen',
      ],
      mapping: expect.objectContaining({
        delimiter: ';',
        date: 'Datum',
        amount: 'Bedrag (EUR)',
        direction: 'Af Bij',
      }),
    });
    expect(
      linesOf('ing.csv').map(({ line, date, amountCents, counterparty }) => ({
        line,
        date,
        amountCents,
        counterparty,
      })),
    ).toEqual([
      { line: 2, date: '2026-01-05', amountCents: 121_000, counterparty: 'Klant Zuid B.V.' },
      { line: 3, date: '2026-01-12', amountCents: -4599, counterparty: 'Bloemenwinkel Elise' },
      { line: 4, date: '2026-01-31', amountCents: -450, counterparty: 'Koffiebar Het Plein' },
      { line: 5, date: '2026-01-31', amountCents: -450, counterparty: 'Koffiebar Het Plein' },
    ]);
  });

  it('should recognise a Rabobank export with commas, quotes and signed amounts', () => {
    expect(linesOf('rabobank.csv')).toEqual([
      {
        line: 2,
        date: '2026-02-02',
        amountCents: -12_100,
        counterparty: 'Kantoorhandel Jansen B.V.',
        description: 'Factuur 2026-014 printerpapier',
        reference: '000000000000007001',
        account: 'NL20RABO0123456789',
      },
      {
        line: 3,
        date: '2026-02-03',
        amountCents: 242_000,
        counterparty: 'Stichting Noord',
        description: 'Workshop, februari',
        reference: '000000000000007002',
        account: 'NL20RABO0123456789',
      },
    ]);
  });

  it('should read Windows-1252 from Excel (café) and UTF-8 with a byte order mark alike', () => {
    const csv = 'Datum;Omschrijving;Bedrag\r\n31-01-2026;Lunch café;-12,50\r\n';
    const windows1252 = new Uint8Array([...csv].map((char) => char.charCodeAt(0)));
    expect(windows1252.includes(0xe9)).toBe(true);
    const fromExcel = readBankFile(windows1252, auto);
    expect(fromExcel.ok && fromExcel.value.encoding).toBe('windows-1252');
    expect(fromExcel.ok && fromExcel.value.lines[0]).toMatchObject({
      ok: true,
      value: { description: 'Lunch café', amountCents: -1250 },
    });
    const withBom = readBankFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(csv)]), auto);
    expect(withBom.ok && withBom.value.encoding).toBe('utf-8');
    expect(withBom.ok && withBom.value.csv?.headers[0]).toBe('Datum');
    expect(withBom.ok && withBom.value.lines[0]).toMatchObject({
      ok: true,
      value: { description: 'Lunch café' },
    });
  });

  it('should count line numbers past blank lines and quoted cells with line breaks', () => {
    const csv = 'Datum,Omschrijving,Bedrag\n\n31-01-2026,"twee\nregels",1\n\r\n01-02-2026,een,2\n';
    const file = readBankFile(new TextEncoder().encode(csv), auto);
    expect(
      file.ok && file.value.lines.map((line) => (line.ok ? line.value.line : line.refusal.line)),
    ).toEqual([3, 6]);
  });

  it('should use a given mapping by column number without a header, and refuse bad rows with the line', () => {
    const csv = '31-01-2026;Huur;-950,00\n30-02-2026;Huur;-950,00\n01-02-2026;Huur;-950,005\n';
    const file = readBankFile(new TextEncoder().encode(csv), {
      format: 'csv',
      mapping: { has_header: false, date: '1', description: '2', amount: '3' },
    });
    expect(file.ok && file.value.lines).toEqual([
      expect.objectContaining({ ok: true }),
      { ok: false, refusal: { line: 2, reason: "Kolom '1': Deze datum bestaat niet: '30-02-2026'." } },
      {
        ok: false,
        refusal: { line: 3, reason: "Kolom '3': Een bedrag heeft hoogstens twee cijfers achter de komma." },
      },
    ]);
  });

  it('should refuse an unterminated quote, and say which columns it found when it recognises none', () => {
    const broken = readBankFile(new TextEncoder().encode('Datum;Bedrag\n01-01-2026;"12,50\n'), auto);
    expect(broken.ok && broken.value.lines).toEqual([
      { ok: false, refusal: { line: 2, reason: CSV_FILE_MESSAGES.unterminatedQuote } },
    ]);
    expect(readBankFile(new TextEncoder().encode('Wanneer;Hoeveel\n1;2\n'), auto)).toEqual({
      ok: false,
      detail: CSV_MESSAGES.notRecognised(['Wanneer', 'Hoeveel']),
      fields: { mapping: CSV_MESSAGES.notRecognised(['Wanneer', 'Hoeveel']) },
    });
  });
});

describe('balances (a file whose closing balance does not follow is refused)', () => {
  const read = (content: string | Uint8Array) =>
    readBankFile(typeof content === 'string' ? new TextEncoder().encode(content) : content, auto);

  it('should accept every statement whose opening balance plus entries is its closing balance', () => {
    for (const name of [
      'ing-mt940.sta',
      'rabobank-mt940.sta',
      'rabobank-mt940-wrapped.sta',
      'abn-amro-sepa-mt940.sta',
      'ing-mt940-structured.sta',
      'asn-mt940.sta',
      'knab-mt940.sta',
      'triodos-mt940.sta',
      'ing-camt053.xml',
    ])
      expect(read(bytes(name)).ok, name).toBe(true);
  });

  it('should refuse an MT940 file whose :62F: does not follow from :60F: and its lines, naming both amounts', () => {
    // mt940-js's ABN AMRO sample: € 3.148,49 + € 5,41 is € 3.153,90, not the € 2.940,39 it states.
    expect(read(bytes('abn-amro-mt940.sta'))).toEqual({
      ok: false,
      detail: BALANCE_MESSAGES.mismatch(11, 294_039, 315_390),
    });
    // Amounts as Intl writes euros in nl-NL (a no-break space after '€').
    expect(BALANCE_MESSAGES.mismatch(11, 294_039, 315_390).replace(/\u00a0/g, ' ')).toBe(
      'Het eindsaldo op regel 11 klopt niet: volgens het bestand € 2.940,39, maar beginsaldo plus boekingen geeft € 3.153,90. Het bestand is niet geïmporteerd.',
    );
    // A line left out of a statement of two (the ASN file's second statement, without PayPal's € 19,98).
    const missing = text('asn-mt940.sta').replace(/:61:2001080108D19,98[\s\S]*?(?=:62F:)/, '');
    expect(read(missing)).toEqual({ ok: false, detail: BALANCE_MESSAGES.mismatch(29, 1_120_856, 1_122_854) });
    // A debit closing balance that should have been a credit one.
    expect(read(text('rabobank-mt940.sta').replace(':62F:C260131', ':62F:D260131'))).toEqual({
      ok: false,
      detail: BALANCE_MESSAGES.mismatch(14, -1_478_400, 1_478_400),
    });
  });

  it('should refuse a CAMT.053 file whose CLBD does not follow from OPBD (or PRCD) and its booked entries', () => {
    const camt = text('ing-camt053.xml');
    expect(read(camt.replace('<Amt Ccy="EUR">3341.51</Amt>', '<Amt Ccy="EUR">3341.50</Amt>'))).toEqual({
      ok: false,
      detail: BALANCE_MESSAGES.mismatch(33, 334_150, 334_151),
    });
    // PRCD (previously closed) opens the statement as well as OPBD.
    expect(read(camt.replace('<Cd>OPBD</Cd>', '<Cd>PRCD</Cd>')).ok).toBe(true);
    // An entry not yet booked is not in the booked closing balance.
    const pending = camt
      .replace(
        '<Sts>BOOK</Sts>\n        <BookgDt><Dt>2026-01-12',
        '<Sts>PDNG</Sts>\n        <BookgDt><Dt>2026-01-12',
      )
      .replace('<Amt Ccy="EUR">3341.51</Amt>', '<Amt Ccy="EUR">3387.50</Amt>');
    expect(read(pending).ok).toBe(true);
    expect(
      read(
        camt.replace(
          '<Amt Ccy="EUR">3341.51</Amt>\n        <CdtDbtInd>CRDT',
          '<Amt Ccy="EUR">3341.51</Amt>\n        <CdtDbtInd>DBIT',
        ),
      ),
    ).toEqual({ ok: false, detail: BALANCE_MESSAGES.mismatch(33, -334_151, 334_151) });
  });

  it('should accept a file without balances, or with balances in other currencies, as before', () => {
    expect(read(bytes('camt053-v08-prefixed.xml')).ok).toBe(true);
    expect(read(bytes('camt053-v2-minimal.xml')).ok).toBe(true);
    expect(read(':20:X\n:25:NL20RABO0123456789\n:61:260105C7,50NTRFNONREF\n:86:Koffie\n').ok).toBe(true);
  });
});

describe('currency', () => {
  const refusals = (content: string) => {
    const file = readBankFile(new TextEncoder().encode(content), auto);
    if (!file.ok) throw new Error(file.detail);
    return file.value.lines.map((line) => (line.ok ? 'gelezen' : line.refusal));
  };

  it('should refuse a line in another currency with its own reason, in every format', () => {
    const reason = "Bedrag in USD; Loop boekt alleen euro's.";
    expect(
      refusals(
        text('ing-camt053.xml').replace(
          '<Amt Ccy="EUR">45.99</Amt>\n        <CdtDbtInd>DBIT',
          '<Amt Ccy="USD">45.99</Amt>\n        <CdtDbtInd>DBIT',
        ),
      )[1],
    ).toEqual({ line: 71, reason });
    expect(refusals(':20:X\n:60F:C260101USD0,00\n:61:260105C7,50NTRFNONREF\n:62F:C260105USD7,50\n')).toEqual([
      { line: 3, reason },
    ]);
    // Rabobank's CSV names the currency in 'Munt'.
    const csv = text('rabobank.csv').replace('"NL20RABO0123456789","EUR"', '"NL20RABO0123456789","USD"');
    expect(refusals(csv)).toEqual([{ line: 2, reason }, 'gelezen']);
  });
});

describe('decodeText and detectFormat', () => {
  it('should refuse what is not a text file, each with its own advice', () => {
    expect(decodeText(new Uint8Array())).toEqual({ ok: false, detail: DECODE_MESSAGES.empty });
    expect(
      decodeText(new TextEncoder().encode('PK\u0003\u0004....[Content_Types].xml xl/workbook.xml')),
    ).toEqual({
      ok: false,
      detail: DECODE_MESSAGES.spreadsheet,
    });
    expect(decodeText(new TextEncoder().encode('%PDF-1.7'))).toEqual({
      ok: false,
      detail: DECODE_MESSAGES.pdf,
    });
    expect(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toEqual({
      ok: false,
      detail: DECODE_MESSAGES.binary,
    });
  });

  it("should read UTF-16 from Excel's 'Unicode tekst'", () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'Datum\tBedrag'].flatMap((char) => [char.charCodeAt(0), 0]),
    ]);
    expect(decodeText(utf16)).toEqual({ ok: true, text: 'Datum\tBedrag', encoding: 'utf-16le' });
  });

  it('should tell XML, MT940 and CSV apart', () => {
    expect(detectFormat(text('ing-camt053.xml'))).toBe('camt053');
    expect(detectFormat(text('ing-mt940.sta'))).toBe('mt940');
    expect(detectFormat(text('ing.csv'))).toBe('csv');
    expect(readBankFile(new TextEncoder().encode('hallo'), { format: 'mt940', mapping: null })).toEqual({
      ok: false,
      detail: MT940_MESSAGES.noStatement,
    });
  });
});
