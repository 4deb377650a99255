import type { Invoice } from '@loop/core';
import { layoutInvoicePdf } from '@loop/core/billing';
import type { PdfEngine } from '@loop/core/report';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts, readPdf } from '../testing/readPdf';
import { loadJsPdfEngine } from './loadJsPdfEngine';

/** An invoice with every field Dutch law asks for, as the server stores it. */
const INVOICE: Invoice = {
  id: 7,
  number: 'LOOP-2026-000042',
  payment_id: 31,
  issue_date: '2026-05-21',
  period_start: '2026-05-21',
  period_end: '2026-06-20',
  supplier: {
    name: 'Loop Software BV',
    address: ['Stationsplein 1', '3511 ED Utrecht', 'Nederland'],
    kvk_number: '12345678',
    vat_number: 'NL001234567B01',
  },
  customer: {
    name: 'Bakkerij De Korrel & Zonen',
    address: ['Dorpsstraat 12', '1234 AB Ergenshuizen', 'België'],
    vat_number: 'BE0123456789',
  },
  description: 'Loop smartloop, abonnement voor een maand (21 mei 2026 tot en met 20 juni 2026)',
  amount_excl_cents: 2397,
  vat_rate: 21,
  vat_cents: 503,
  total_cents: 2900,
  currency: 'EUR',
  specimen: null,
};

let engine: PdfEngine;

beforeAll(async () => {
  engine = await loadJsPdfEngine();
});

describe('the invoice PDF drawn by jsPDF', () => {
  it('should hold every field an invoice needs, read back from the file', () => {
    const pdf = readPdf(engine.render(layoutInvoicePdf(INVOICE, engine.measure)));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.title).toBe('Factuur LOOP-2026-000042');
    const text = pageTexts(pdf)
      .flat()
      .join('\n')
      .replace(/\u00a0/g, ' ');
    for (const field of [
      'Factuur',
      'Loop Software BV',
      'Stationsplein 1',
      '3511 ED Utrecht',
      'KvK-nummer: 12345678',
      'Btw-nummer: NL001234567B01',
      'Bakkerij De Korrel & Zonen',
      'Dorpsstraat 12',
      '1234 AB Ergenshuizen',
      'België',
      'Btw-nummer: BE0123456789',
      'Factuurnummer',
      'LOOP-2026-000042',
      'Factuurdatum',
      '21 mei 2026',
      'Periode',
      '21 mei 2026 tot en met 20 juni 2026',
      'Loop smartloop, abonnement voor een maand',
      'Totaal exclusief btw',
      '€ 23,97',
      'Btw 21%',
      '€ 5,03',
      'Totaal inclusief btw',
      '€ 29,00',
      'Pagina 1 van 1',
    ])
      expect(text, field).toContain(field);
  });

  it('should come out byte for byte the same every time it is drawn', () => {
    const first = engine.render(layoutInvoicePdf(INVOICE, engine.measure));
    const again = engine.render(layoutInvoicePdf(INVOICE, engine.measure));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
