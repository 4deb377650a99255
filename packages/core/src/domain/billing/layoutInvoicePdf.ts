import type { Invoice, InvoiceParty } from '../contract';
import { formatCents } from '../format';
import {
  finishPdf,
  PDF_TEXT_LEFT,
  PDF_TEXT_RIGHT,
  type PdfDocument,
  type PdfFont,
  PdfPageFlow,
  type TextMeasure,
} from '../report';
import { calendarDayText } from './billingPeriod';

/** The invoice's words (docs/decisions/billing.md, 'What an invoice says'). */
export const INVOICE_PDF_TEXTS = {
  title: 'Factuur',
  from: 'Van',
  to: 'Aan',
  kvk: 'KvK-nummer',
  vat: 'Btw-nummer',
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  period: 'Periode',
  description: 'Omschrijving',
  amount: 'Bedrag',
  subtotal: 'Totaal exclusief btw',
  vatLine: (rate: number) => `Btw ${rate}%`,
  total: 'Totaal inclusief btw',
  paid: (day: string) => `Dit bedrag is op ${day} betaald; je hoeft niets meer te doen.`,
} as const;

const FONTS = {
  title: { style: 'bold', size: 22 },
  specimen: { style: 'bold', size: 11 },
  label: { style: 'bold', size: 10 },
  body: { style: 'normal', size: 10 },
  total: { style: 'bold', size: 11 },
} as const satisfies Record<string, PdfFont>;

const STEP = 15;
const X = PDF_TEXT_LEFT;
/** Where the values of 'Factuurnummer' and the like start. */
const VALUE_X = X + 110;
/** The description column ends here; the amounts stand right-aligned at the text's right edge. */
const DESCRIPTION_RIGHT = PDF_TEXT_RIGHT - 110;
/** Where the labels of the totals start. */
const TOTALS_X = PDF_TEXT_RIGHT - 230;

/** The invoice's title in the file's properties. */
export const invoicePdfTitle = (invoice: Pick<Invoice, 'number'>): string => `Factuur ${invoice.number}`;

/**
 * An invoice as a PDF display list on the page every Loop PDF shares (A4, margins, 'Pagina X van Y'):
 * what Dutch law asks of an invoice, in the order a bookkeeper reads it. Supplier and customer with
 * their addresses, the supplier's KvK and VAT numbers and the customer's VAT number where given;
 * number, date and period; the description with its amount without BTW; the BTW rate and amount;
 * the total; and that it has been paid. A specimen (a simulated payment, the demo supplier) says so
 * under the title.
 */
export function layoutInvoicePdf(invoice: Invoice, measure: TextMeasure): PdfDocument {
  const flow = new PdfPageFlow(measure);
  const texts = INVOICE_PDF_TEXTS;
  const right = (y: number, text: string, font: PdfFont) =>
    flow.draw({ kind: 'text', x: PDF_TEXT_RIGHT - measure.width(text, font), y, text, font });
  const labelled = (label: string, value: string) => {
    const y = flow.text(X, label, FONTS.label, STEP);
    flow.draw({ kind: 'text', x: VALUE_X, y, text: value, font: FONTS.body });
  };
  const party = (heading: string, who: InvoiceParty, numbers: ReadonlyArray<readonly [string, string]>) => {
    flow.gap(10);
    flow.text(X, heading, FONTS.label, STEP);
    flow.wrapped(X, who.name, FONTS.body, { step: STEP });
    for (const line of who.address) flow.wrapped(X, line, FONTS.body, { step: STEP });
    for (const [label, value] of numbers) flow.text(X, `${label}: ${value}`, FONTS.body, STEP);
  };

  // Below the top margin by the title's own height, so everything after it can keep its distance.
  flow.text(X, texts.title, FONTS.title, FONTS.title.size);
  if (invoice.specimen !== null) {
    flow.gap(8);
    flow.wrapped(X, invoice.specimen, FONTS.specimen, { step: STEP });
  }
  party(texts.from, invoice.supplier, [
    [texts.kvk, invoice.supplier.kvk_number],
    [texts.vat, invoice.supplier.vat_number],
  ]);
  party(
    texts.to,
    invoice.customer,
    invoice.customer.vat_number ? [[texts.vat, invoice.customer.vat_number]] : [],
  );

  flow.gap(10);
  labelled(texts.number, invoice.number);
  labelled(texts.date, calendarDayText(invoice.issue_date));
  labelled(
    texts.period,
    `${calendarDayText(invoice.period_start)} tot en met ${calendarDayText(invoice.period_end)}`,
  );
  flow.rule();

  const header = flow.text(X, texts.description, FONTS.label, STEP);
  right(header, texts.amount, FONTS.label);
  const lines = flow.wrapped(X, invoice.description, FONTS.body, { step: STEP, right: DESCRIPTION_RIGHT });
  right(lines[0] ?? header, formatCents(invoice.amount_excl_cents), FONTS.body);
  flow.rule();

  const total = (label: string, cents: number, font: PdfFont) => {
    const y = flow.text(TOTALS_X, label, font, STEP);
    right(y, formatCents(cents), font);
  };
  total(texts.subtotal, invoice.amount_excl_cents, FONTS.body);
  total(texts.vatLine(invoice.vat_rate), invoice.vat_cents, FONTS.body);
  total(texts.total, invoice.total_cents, FONTS.total);

  flow.gap(20);
  flow.wrapped(X, texts.paid(calendarDayText(invoice.issue_date)), FONTS.body, { step: STEP });
  return { ...finishPdf(flow.pages, invoicePdfTitle(invoice)), identity: invoiceIdentity(invoice) };
}

/**
 * What makes the same invoice the same file every time: created at noon (UTC) of its date, and an
 * identifier spelled from its number (each character as two hex digits), so a download today and
 * one next year are byte for byte equal.
 */
export function invoiceIdentity(invoice: Pick<Invoice, 'number' | 'issue_date'>): {
  createdAt: Date;
  fileId: string;
} {
  const hex = Array.from(invoice.number, (char) => (char.charCodeAt(0) & 0xff).toString(16).padStart(2, '0'));
  const createdAt = new Date(`${invoice.issue_date}T12:00:00Z`);
  return {
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date(0) : createdAt,
    fileId: hex.join('').padEnd(32, '0').slice(0, 32).toUpperCase(),
  };
}
