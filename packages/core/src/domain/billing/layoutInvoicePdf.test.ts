import { describe, expect, it } from 'vitest';
import { PDF_PAGE, PDF_TEXT_RIGHT, type PdfDocument, type PdfItem } from '../report';
import { sampleInvoice } from './invoice.fixtures';
import { invoiceIdentity, invoicePdfTitle, layoutInvoicePdf } from './layoutInvoicePdf';

/** Every character half its font size wide: sums the test can check. */
const measure = {
  width: (text: string, font: { size: number }) => Array.from(text).length * font.size * 0.5,
};

type TextItem = Extract<PdfItem, { kind: 'text' }>;
const texts = (doc: PdfDocument): TextItem[] =>
  doc.pages.flatMap((page) => page.items.filter((item): item is TextItem => item.kind === 'text'));
const lines = (doc: PdfDocument): string[] => texts(doc).map((item) => item.text);

describe('layoutInvoicePdf', () => {
  it('should print every field Dutch law asks of an invoice', () => {
    const doc = layoutInvoicePdf(sampleInvoice(), measure);
    const all = lines(doc).join('\n');
    for (const required of [
      'Factuur',
      // Supplier: name, address, KvK and VAT number.
      'Loop Software BV',
      'Stationsplein 1',
      '3511 ED Utrecht',
      'KvK-nummer: 12345678',
      'Btw-nummer: NL001234567B01',
      // Customer: name, address and the VAT number they gave.
      'Bakkerij De Korrel',
      'Dorpsstraat 12',
      '1234 AB Ergenshuizen',
      'Btw-nummer: NL812345678B01',
      // Number, date, period, description.
      'Factuurnummer',
      'LOOP-2026-000042',
      'Factuurdatum',
      '21 mei 2026',
      '21 mei 2026 tot en met 20 juni 2026',
      'Loop smartloop, abonnement voor een maand',
      // Amount without BTW, the rate and the BTW, the total.
      'Totaal exclusief btw',
      '€ 23,97',
      'Btw 21%',
      '€ 5,03',
      'Totaal inclusief btw',
      '€ 29,00',
    ])
      expect(all.replace(/\u00a0/g, ' ')).toContain(required);
    expect(doc.title).toBe('Factuur LOOP-2026-000042');
    expect(invoicePdfTitle({ number: 'LOOP-2026-000001' })).toBe('Factuur LOOP-2026-000001');
  });

  it('should lay out on the A4 page every Loop PDF shares, with its footer', () => {
    const doc = layoutInvoicePdf(sampleInvoice(), measure);
    expect([doc.width, doc.height]).toEqual([PDF_PAGE.width, PDF_PAGE.height]);
    expect(doc.pages).toHaveLength(1);
    expect(lines(doc).at(-1)).toBe('Pagina 1 van 1');
    for (const item of texts(doc)) expect(item.y).toBeLessThanOrEqual(PDF_PAGE.height);
  });

  it('should set the amounts right-aligned at the right margin', () => {
    const doc = layoutInvoicePdf(sampleInvoice(), measure);
    const total = texts(doc).filter((item) => item.text.replace(/\u00a0/g, ' ') === '€ 29,00');
    expect(total).toHaveLength(1);
    const item = total[0]!;
    expect(item.x + measure.width(item.text, item.font)).toBeCloseTo(PDF_TEXT_RIGHT);
  });

  it("should leave out the customer's VAT number and address when none were given", () => {
    const doc = layoutInvoicePdf(
      sampleInvoice({ customer: { name: 'Klein BV', address: [], vat_number: null } }),
      measure,
    );
    const all = lines(doc);
    expect(all).toContain('Klein BV');
    expect(all.filter((line) => line.startsWith('Btw-nummer'))).toEqual(['Btw-nummer: NL001234567B01']);
  });

  it('should say under the title when it is no valid invoice', () => {
    const specimen = 'Proefbetaling: er is geen geld betaald. Dit is geen geldige factuur.';
    const all = lines(layoutInvoicePdf(sampleInvoice({ specimen }), measure));
    expect(all.indexOf(specimen)).toBe(1);
    expect(lines(layoutInvoicePdf(sampleInvoice(), measure)).join(' ')).not.toContain('geen geldige factuur');
  });
});

describe('invoiceIdentity', () => {
  it('should fix the creation date and file identifier from the invoice, so it draws the same each time', () => {
    const doc = layoutInvoicePdf(sampleInvoice(), measure);
    expect(doc.identity?.createdAt.toISOString()).toBe('2026-05-21T12:00:00.000Z');
    expect(doc.identity?.fileId).toMatch(/^[0-9A-F]{32}$/);
    expect(invoiceIdentity({ number: 'LOOP-2026-000042', issue_date: '2026-05-21' })).toEqual(doc.identity);
    expect(invoiceIdentity({ number: 'LOOP-2026-000043', issue_date: '2026-05-21' }).fileId).not.toBe(
      doc.identity?.fileId,
    );
  });
});
