import type { Invoice, InvoiceDetails, Page, Payment, PaymentReceipt } from '@loop/core';
import { INVOICE_DETAIL_MESSAGES, NO_INVOICE_DETAILS } from '@loop/core/billing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openPostgres } from '../db/openDatabase';
import { invoices, organizations } from '../db/schema';
import {
  checkoutRequestFor,
  createOrganizationWithMember,
  putOnPlan,
  type TestOrganization,
} from '../testing/billing';
import {
  api,
  createTestContext,
  TEST_INVOICE_SUPPLIER,
  type TestContext,
  testConfig,
} from '../testing/testApp';
import { testDatabaseKind } from '../testing/testDatabase';
import { SPECIMEN_TEXTS } from './invoices';
import { updatePaymentState } from './payments';

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'simulated' } });
});

afterAll(async () => {
  await ctx?.close();
});

const as = (org: TestOrganization, token = org.ownerToken) => ({ token, headers: org.headers });

/** A checkout through the simulated provider, paid on its page ('Betalen'). */
async function pay(org: TestOrganization, planName = 'smartloop'): Promise<Payment> {
  const request = await checkoutRequestFor(ctx, app, org, 'simulated', planName);
  const started = await api(app, 'POST', '/payments/checkout', { ...as(org), payload: request });
  expect(started.statusCode, started.body).toBe(201);
  const ref = new URL(started.json<{ checkout_url: string }>().checkout_url).pathname.split('/').at(-1)!;
  const paid = await pressPay(ref);
  expect(paid.statusCode).toBe(303);
  const list = (await api(app, 'GET', '/payments', as(org))).json<Page<Payment>>();
  return list.items[0]!;
}

const pressPay = (ref: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payments/simulated/${ref}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const invoicesOf = async (org: TestOrganization, token = org.ownerToken) => {
  const response = await api(app, 'GET', '/invoices', as(org, token));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Invoice>>().items;
};

const pdfOf = (org: TestOrganization, id: number) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf`,
    headers: { authorization: `Bearer ${org.ownerToken}`, ...org.headers },
  });

/** The texts of an uncompressed PDF, enough to find what is printed on it. */
const pdfText = (bytes: Buffer): string => bytes.toString('latin1');

const DETAILS: InvoiceDetails = {
  name: 'Bakkerij De Korrel',
  street: 'Dorpsstraat 12',
  postcode: '1234ab',
  city: 'Ergenshuizen',
  country: '',
  vat_number: 'nl812345678b01',
};

/** Every invoice number of `year` in the database, as sequence numbers, in order. */
async function sequencesOf(year: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(eq(invoices.year, year));
  return rows.map((row) => row.sequence).sort((a, b) => a - b);
}

describe('invoices of paid payments', () => {
  it('should issue one invoice per paid payment, with the next number of the year and everything it prints', async () => {
    const org = await createOrganizationWithMember(ctx, 'Factuur BV');
    const before = await sequencesOf(2026);
    const payment = await pay(org);
    expect(payment.status).toBe('paid');

    const [invoice, ...others] = await invoicesOf(org);
    expect(others).toEqual([]);
    const sequence = (before.at(-1) ?? 0) + 1;
    expect(invoice).toEqual({
      id: expect.any(Number),
      number: `LOOP-2026-${String(sequence).padStart(6, '0')}`,
      payment_id: payment.id,
      issue_date: '2026-03-02',
      period_start: '2026-03-02',
      period_end: '2026-04-01',
      supplier: {
        name: TEST_INVOICE_SUPPLIER.name,
        address: ['Teststraat 1', '3511 AB Utrecht', 'Nederland'],
        kvk_number: TEST_INVOICE_SUPPLIER.kvkNumber,
        vat_number: TEST_INVOICE_SUPPLIER.vatNumber,
      },
      customer: { name: 'Factuur BV', address: [], vat_number: null },
      description: 'Loop smartloop, abonnement voor een maand (2 maart 2026 tot en met 1 april 2026)',
      amount_excl_cents: 2397,
      vat_rate: 21,
      vat_cents: 503,
      total_cents: 2900,
      currency: 'EUR',
      specimen: SPECIMEN_TEXTS.simulated,
    } satisfies Invoice);
    // Members read the invoices too (they read the finance); paying again or syncing issues none.
    expect(await invoicesOf(org, org.memberToken)).toEqual([invoice]);
    await api(app, 'POST', `/payments/${payment.id}/sync`, as(org));
    expect(await invoicesOf(org)).toEqual([invoice]);
    expect(await sequencesOf(2026)).toEqual([...before, sequence]);
  });

  it("should say on the receipt what the payment bought, from which plan, and link its invoice; another organisation's is 404", async () => {
    const org = await createOrganizationWithMember(ctx, 'Bon BV');
    await putOnPlan(ctx, org.organization.id, 'smartloop');
    const payment = await pay(org, 'proloop');
    const response = await api(app, 'GET', `/payments/${payment.id}/receipt`, as(org));
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json<PaymentReceipt>();
    expect(receipt).toMatchObject({
      payment: { id: payment.id, status: 'paid', amount_cents: 7900 },
      paid_at: ctx.clock.now().toISOString(),
      plan_name: 'proloop',
      previous_plan_name: 'smartloop',
      previous_plan_price_per_month: 29,
      plan_changed: true,
      invoice: { payment_id: payment.id, total_cents: 7900, amount_excl_cents: 6529, vat_cents: 1371 },
    });
    expect(receipt.features.map((feature) => feature.key)).toContain('business');

    const other = await createOrganizationWithMember(ctx, 'Ander BV');
    const foreign = await api(app, 'GET', `/payments/${payment.id}/receipt`, as(other));
    expect(foreign.statusCode).toBe(404);
  });

  it('should keep an issued invoice as it was when the organisation changes its address; the next one has the new', async () => {
    const org = await createOrganizationWithMember(ctx, 'Verhuis BV');
    const saved = await api(app, 'PUT', '/organization/invoice-details', { ...as(org), payload: DETAILS });
    expect(saved.statusCode, saved.body).toBe(200);
    await pay(org, 'smartloop');
    const [first] = await invoicesOf(org);
    expect(first?.customer).toEqual({
      name: 'Bakkerij De Korrel',
      address: ['Dorpsstraat 12', '1234 AB Ergenshuizen', 'Nederland'],
      vat_number: 'NL812345678B01',
    });
    const pdfBefore = (await pdfOf(org, first!.id)).rawPayload;

    const moved = {
      ...DETAILS,
      street: 'Nieuwe Markt 3',
      postcode: '5678 CD',
      city: 'Elders',
      vat_number: '',
    };
    expect(
      (await api(app, 'PUT', '/organization/invoice-details', { ...as(org), payload: moved })).statusCode,
    ).toBe(200);
    await ctx.db
      .update(organizations)
      .set({ name: 'Verhuisd BV' })
      .where(eq(organizations.id, org.organization.id));

    const [again] = (await invoicesOf(org)).filter((invoice) => invoice.id === first!.id);
    expect(again).toEqual(first);
    const pdfAfter = (await pdfOf(org, first!.id)).rawPayload;
    expect(pdfAfter.equals(pdfBefore)).toBe(true);
    expect(pdfText(pdfAfter)).toContain('Dorpsstraat 12');
    expect(pdfText(pdfAfter)).not.toContain('Nieuwe Markt 3');

    await pay(org, 'proloop');
    const [newest] = await invoicesOf(org);
    expect(newest?.id).not.toBe(first?.id);
    expect(newest?.customer).toEqual({
      name: 'Bakkerij De Korrel',
      address: ['Nieuwe Markt 3', '5678 CD Elders', 'Nederland'],
      vat_number: null,
    });
  });

  it("should serve the invoice as a PDF named after its number, the same file every time; another organisation's is 404", async () => {
    const org = await createOrganizationWithMember(ctx, 'Pdf BV');
    await pay(org);
    const [invoice] = await invoicesOf(org);
    const first = await pdfOf(org, invoice!.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="factuur-${invoice!.number}.pdf"`,
    );
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const printed of [invoice!.number, 'Pdf BV', TEST_INVOICE_SUPPLIER.name, 'KvK-nummer: 87654321'])
      expect(pdfText(first.rawPayload)).toContain(printed);
    expect((await pdfOf(org, invoice!.id)).rawPayload.equals(first.rawPayload)).toBe(true);

    const other = await createOrganizationWithMember(ctx, 'Nieuwsgierig BV');
    expect((await pdfOf(other, invoice!.id)).statusCode).toBe(404);
    expect((await pdfOf(other, invoice!.id)).json()).toEqual({ detail: 'Deze factuur bestaat niet.' });
    expect(await invoicesOf(other)).toEqual([]);
    expect((await pdfOf(org, 999_999)).statusCode).toBe(404);
  });
});

describe('PUT /organization/invoice-details', () => {
  it('should refuse a wrong VAT number and half an address in Dutch, per field, and change nothing', async () => {
    const org = await createOrganizationWithMember(ctx, 'Controle BV');
    const refused = await api(app, 'PUT', '/organization/invoice-details', {
      ...as(org),
      payload: { ...NO_INVOICE_DETAILS, city: 'Utrecht', vat_number: 'NL12345' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: INVOICE_DETAIL_MESSAGES.streetMissing,
      fields: {
        street: INVOICE_DETAIL_MESSAGES.streetMissing,
        postcode: INVOICE_DETAIL_MESSAGES.postcodeMissing,
        vat_number: INVOICE_DETAIL_MESSAGES.dutchVat,
      },
    });
    const foreign = await api(app, 'PUT', '/organization/invoice-details', {
      ...as(org),
      payload: { ...NO_INVOICE_DETAILS, vat_number: 'US123456789' },
    });
    expect(foreign.json().fields).toEqual({ vat_number: INVOICE_DETAIL_MESSAGES.euVat });
    expect((await api(app, 'GET', '/organization/invoice-details', as(org))).json()).toEqual(
      NO_INVOICE_DETAILS,
    );
  });

  it('should store the details tidied, for the owner only', async () => {
    const org = await createOrganizationWithMember(ctx, 'Netjes BV');
    const saved = await api(app, 'PUT', '/organization/invoice-details', { ...as(org), payload: DETAILS });
    expect(saved.json()).toEqual({
      name: 'Bakkerij De Korrel',
      street: 'Dorpsstraat 12',
      postcode: '1234 AB',
      city: 'Ergenshuizen',
      country: 'Nederland',
      vat_number: 'NL812345678B01',
    });
    expect((await api(app, 'GET', '/organization/invoice-details', as(org))).json()).toEqual(saved.json());
    const byMember = await api(app, 'PUT', '/organization/invoice-details', {
      ...as(org, org.memberToken),
      payload: NO_INVOICE_DETAILS,
    });
    expect(byMember.statusCode).toBe(403);
    expect((await api(app, 'GET', '/organization/invoice-details', as(org))).json()).toEqual(saved.json());
  });
});

describe('invoice numbers', () => {
  it('should never repeat or skip a number when 20 payments are paid at the same moment', async () => {
    const orgs = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createOrganizationWithMember(ctx, `Tegelijk ${index} BV`)),
    );
    const pending: Payment[] = [];
    for (const org of orgs) {
      const request = await checkoutRequestFor(ctx, app, org, 'simulated', 'smartloop');
      expect(
        (await api(app, 'POST', '/payments/checkout', { ...as(org), payload: request })).statusCode,
      ).toBe(201);
      pending.push((await api(app, 'GET', '/payments', as(org))).json<Page<Payment>>().items[0]!);
    }
    // On PostgreSQL, a pool as large as the burst, so the 20 transactions really run side by side.
    const url = (ctx.database as { url?: string }).url;
    const wide = testDatabaseKind() === 'postgres' && url ? openPostgres(url, { max: 25 }) : null;
    const db: Database = wide?.db ?? ctx.db;
    try {
      const deps = { db, clock: ctx.clock, log: app.appLog, config: testConfig(ctx.dataDir) };
      const results = await Promise.all(
        pending.map((payment) =>
          updatePaymentState(deps, { paymentId: payment.id, state: 'paid', source: 'simulated' }),
        ),
      );
      expect(results.every((result) => result.changed)).toBe(true);
    } finally {
      await wide?.close();
    }
    const sequences = await sequencesOf(2026);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    const issued = await ctx.db.select().from(invoices);
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(issued.length);
    for (const payment of pending)
      expect(issued.filter((invoice) => invoice.paymentId === payment.id)).toHaveLength(1);
  });

  it('should start again at 1 in a new year, by the Dutch calendar', async () => {
    // 23:30 UTC on 31 December is already New Year's Day in the Netherlands.
    ctx.clock.advance(new Date('2026-12-31T23:30:00Z').getTime() - ctx.clock.now().getTime());
    const org = await createOrganizationWithMember(ctx, 'Oudjaar BV');
    await pay(org);
    const [invoice] = await invoicesOf(org);
    expect(invoice?.number).toBe('LOOP-2027-000001');
    expect(invoice?.issue_date).toBe('2027-01-01');
    expect(await sequencesOf(2027)).toEqual([1]);
  });
});
