import { loadJsPdfEngine } from '@loop/adapters/pdf';
import type { Invoice, InvoiceDetails, Page } from '@loop/core';
import {
  billingPeriod,
  calendarDayIso,
  formatInvoiceNumber,
  invoiceAddressLines,
  layoutInvoicePdf,
  splitVat,
} from '@loop/core/billing';
import { isoDay, longDayText } from '@loop/core/format';
import type { PdfEngine } from '@loop/core/report';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceSupplier } from '../config';
import type { Queryable, Transaction } from '../db/database';
import {
  type InvoiceRow,
  invoiceCounters,
  invoices,
  organizations,
  type PaymentRow,
  plans,
} from '../db/schema';
import { offsetOf, type Paging, toPage } from '../http/paging';

export const INVOICE_MESSAGES = {
  notFound: 'Deze factuur bestaat niet.',
} as const;

/** Printed under the title of an invoice that is not a valid one, and why. */
export const SPECIMEN_TEXTS = {
  simulated: 'Proefbetaling: er is geen geld betaald. Dit is geen geldige factuur.',
  demoSupplier:
    'Voorbeeldfactuur: de leveranciersgegevens van deze Loop-server zijn niet ingesteld (INVOICE_SUPPLIER_*). Dit is geen geldige factuur.',
} as const;

/** The invoice's description: the plan and the month it pays for. */
export const invoiceDescription = (planName: string, start: string, end: string): string =>
  `Loop ${planName}, abonnement voor een maand (${start} tot en met ${end})`;

/** The next number of `year`: its counter row, taken (and held) until the caller's transaction ends. */
async function nextSequence(tx: Transaction, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row.lastNumber;
}

/**
 * Issues the invoice of a payment that has just been marked paid, in that same transaction
 * (docs/decisions/billing.md, 'Invoice numbers run per year without gaps'): the next number of the
 * year of payment (in the Netherlands), and a copy of everything printed on it, from the
 * organisation's invoice details, the plan's name and the supplier as they are now
 * (docs/decisions/billing.md, 'An invoice keeps what it printed').
 */
export async function issueInvoice(
  tx: Transaction,
  payment: PaymentRow,
  supplier: InvoiceSupplier | null,
  now: Date,
): Promise<InvoiceRow> {
  // The configuration guarantees a supplier wherever a payment can be paid (config.ts, invoiceSupplier).
  if (supplier === null)
    throw new Error(`Payment ${payment.id} was paid, but no invoice supplier is configured`);
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, payment.organizationId));
  if (organization === undefined) throw new Error(`Organisation ${payment.organizationId} vanished`);
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, payment.planId));
  const period = billingPeriod(now);
  const year = period.start.year;
  const sequence = await nextSequence(tx, year);
  const amounts = splitVat(payment.amountCents);
  const details = invoiceDetailsOf(organization);
  const specimen =
    payment.provider === 'simulated'
      ? SPECIMEN_TEXTS.simulated
      : supplier.demo
        ? SPECIMEN_TEXTS.demoSupplier
        : null;
  const [row] = await tx
    .insert(invoices)
    .values({
      organizationId: payment.organizationId,
      paymentId: payment.id,
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      issueDate: isoDay(now),
      periodStart: calendarDayIso(period.start),
      periodEnd: calendarDayIso(period.end),
      supplierName: supplier.name,
      supplierAddress: [supplier.street, `${supplier.postcode} ${supplier.city}`, supplier.country],
      supplierKvkNumber: supplier.kvkNumber,
      supplierVatNumber: supplier.vatNumber,
      customerName: details.name || organization.name,
      customerAddress: invoiceAddressLines(details),
      customerVatNumber: details.vat_number || null,
      description: invoiceDescription(plan?.name ?? '', longDayText(period.start), longDayText(period.end)),
      amountExclCents: amounts.exclCents,
      vatRate: amounts.rate,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      currency: 'EUR',
      specimen,
      createdAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  payment_id: row.paymentId,
  issue_date: row.issueDate,
  period_start: row.periodStart,
  period_end: row.periodEnd,
  supplier: {
    name: row.supplierName,
    address: row.supplierAddress,
    kvk_number: row.supplierKvkNumber,
    vat_number: row.supplierVatNumber,
  },
  customer: { name: row.customerName, address: row.customerAddress, vat_number: row.customerVatNumber },
  description: row.description,
  amount_excl_cents: row.amountExclCents,
  vat_rate: row.vatRate,
  vat_cents: row.vatCents,
  total_cents: row.totalCents,
  currency: row.currency,
  specimen: row.specimen,
});

/** The organisation's invoices, newest first. */
export async function listInvoices(
  db: Queryable,
  organizationId: number,
  paging: Paging,
): Promise<Page<Invoice>> {
  const scope = eq(invoices.organizationId, organizationId);
  const [total, rows] = await Promise.all([
    db.$count(invoices, scope),
    db
      .select()
      .from(invoices)
      .where(scope)
      .orderBy(desc(invoices.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
  ]);
  return toPage(rows.map(toInvoice), total, paging);
}

/** An invoice of this organisation, or null (another organisation's invoice looks like none). */
export async function findInvoice(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
  return row ?? null;
}

/** The invoice of a payment, if it has one. */
export async function invoiceOfPayment(db: Queryable, paymentId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
  return row ?? null;
}

type OrganizationRow = typeof organizations.$inferSelect;

/** The organisation's invoice details as the wire has them. */
export const invoiceDetailsOf = (row: OrganizationRow): InvoiceDetails => ({
  name: row.invoiceName,
  street: row.invoiceStreet,
  postcode: row.invoicePostcode,
  city: row.invoiceCity,
  country: row.invoiceCountry,
  vat_number: row.vatNumber,
});

/** The organisation's invoice details; null when the organisation is gone. */
export async function findInvoiceDetails(
  db: Queryable,
  organizationId: number,
): Promise<InvoiceDetails | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return row === undefined ? null : invoiceDetailsOf(row);
}

/** Replaces the organisation's invoice details (already checked); invoices issued before keep theirs. */
export async function saveInvoiceDetails(
  db: Queryable,
  organizationId: number,
  details: InvoiceDetails,
): Promise<InvoiceDetails> {
  const [row] = await db
    .update(organizations)
    .set({
      invoiceName: details.name,
      invoiceStreet: details.street,
      invoicePostcode: details.postcode,
      invoiceCity: details.city,
      invoiceCountry: details.country,
      vatNumber: details.vat_number,
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (row === undefined) throw new Error(`Organisation ${organizationId} vanished`);
  return invoiceDetailsOf(row);
}

let engine: Promise<PdfEngine> | null = null;

/**
 * The invoice as PDF bytes: core's layout drawn by the same jsPDF engine the browser uses for the
 * other PDFs, from the stored copy, so every download of an invoice is the same document. jsPDF
 * loads with the first invoice asked for.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  engine ??= loadJsPdfEngine().catch((error: unknown) => {
    engine = null;
    throw error;
  });
  const loaded = await engine;
  return loaded.render(layoutInvoicePdf(invoice, loaded.measure));
}
