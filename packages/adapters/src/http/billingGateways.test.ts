import type { CheckoutRequest, PlanInput } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type WireRequest, wireClient } from '../testing/wireClient';
import { createAdminBillingGateway } from './createAdminBillingGateway';
import { createBillingGateway } from './createBillingGateway';
import { createInvoiceGateway } from './createInvoiceGateway';

interface Call {
  readonly method: string;
  /** Path below the API base, without the query string. */
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: unknown;
  readonly contentType: string | null;
}

const BASE = 'https://api.loop.test/api/v1';

/** A request as these tests compare it. */
const callOf = (request: WireRequest): Call => {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname.replace('/api/v1', ''),
    query: Object.fromEntries(url.searchParams),
    body: request.body,
    contentType: request.headers.get('content-type'),
  };
};

/** The real client on a fake fetch that records each request and answers `answer(call)` as JSON. */
function billingClient(answer: (call: Call) => unknown = () => ({})) {
  const { client, seen } = wireClient((request) => jsonResponse(200, answer(callOf(request))));
  expect(client.apiBase).toBe(BASE);
  return { client, calls: () => seen.map(callOf) };
}

const CHECKOUT: CheckoutRequest = {
  provider: 'simulated',
  kind: 'subscription',
  amount_cents: 2900,
  currency: 'EUR',
  user_subscription_id: 3,
  plan_id: 2,
  success_url: 'https://app.loop.test/billing/return?status=success',
  cancel_url: 'https://app.loop.test/billing/return?status=cancelled',
};

const PLAN_INPUT: PlanInput = { name: 'smartloop', price_per_month: 29, feature_keys: ['surveys', 'kpi'] };

describe('createBillingGateway', () => {
  it('should read the subscription, the plans and the billing settings with GET', async () => {
    const { client, calls } = billingClient();
    const billing = createBillingGateway(client);
    await billing.subscription();
    await billing.plans();
    await billing.settings();
    expect(calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['GET', '/user-subscriptions/me', {}, undefined],
      ['GET', '/plans', {}, undefined],
      ['GET', '/billing/settings', {}, undefined],
    ]);
  });

  it('should switch to a free plan with POST /user-subscriptions and only plan_id', async () => {
    const { client, calls } = billingClient();
    await createBillingGateway(client).changePlan({ plan_id: 4 });
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: '/user-subscriptions',
        query: {},
        body: { plan_id: 4 },
        contentType: 'application/json',
      },
    ]);
  });

  it('should start a checkout with the full R-BILL-6 payload and hand back the raw answer', async () => {
    const { client, calls } = billingClient(() => ({ data: { checkout_url: 'https://pay.test/c/1' } }));
    const answer = await createBillingGateway(client).checkout(CHECKOUT);
    expect(calls().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/payments/checkout', CHECKOUT],
    ]);
    expect(answer).toEqual({ ok: true, value: { data: { checkout_url: 'https://pay.test/c/1' } } });
  });

  it('should page the payments with page and page_size in the query', async () => {
    const { client, calls } = billingClient(() => ({ items: [], total: 0, page: 1, page_size: 10 }));
    const answer = await createBillingGateway(client).payments({ page: 1, page_size: 10 });
    expect(calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['GET', '/payments', { page: '1', page_size: '10' }, undefined],
    ]);
    expect(answer.ok).toBe(true);
  });

  it('should declare exactly the methods of the port', () => {
    const { client } = billingClient();
    expect(Object.keys(createBillingGateway(client)).sort()).toEqual(
      [
        'cancelPayment',
        'changePlan',
        'checkout',
        'payments',
        'plans',
        'receipt',
        'settings',
        'subscription',
        'syncPayment',
      ].sort(),
    );
  });

  it('should ask the server to sync one payment with the provider', async () => {
    const { client, calls } = billingClient();
    await createBillingGateway(client).syncPayment(42);
    expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /payments/42/sync']);
  });

  it('should ask the server to cancel one payment', async () => {
    const { client, calls } = billingClient();
    await createBillingGateway(client).cancelPayment(42);
    expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /payments/42/cancel']);
  });

  it("should read one payment's receipt", async () => {
    const { client, calls } = billingClient();
    await createBillingGateway(client).receipt(42);
    expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual(['GET /payments/42/receipt']);
  });
});

describe('createAdminBillingGateway', () => {
  it('should read the features and every plan', async () => {
    const { client, calls } = billingClient();
    const admin = createAdminBillingGateway(client);
    await admin.features();
    await admin.plans();
    expect(calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['GET', '/features', {}, undefined],
      ['GET', '/admin/plans', {}, undefined],
    ]);
  });

  it('should create a plan with POST and update one with PUT on its id', async () => {
    const { client, calls } = billingClient();
    const admin = createAdminBillingGateway(client);
    await admin.createPlan(PLAN_INPUT);
    await admin.updatePlan(12, { ...PLAN_INPUT, price_per_month: 39 });
    expect(calls().map((c) => [c.method, c.path, c.body, c.contentType])).toEqual([
      ['POST', '/admin/plans', PLAN_INPUT, 'application/json'],
      ['PUT', '/admin/plans/12', { ...PLAN_INPUT, price_per_month: 39 }, 'application/json'],
    ]);
  });

  it('should page subscriptions and payments with page and page_size', async () => {
    const { client, calls } = billingClient();
    const admin = createAdminBillingGateway(client);
    await admin.subscriptions({ page: 2, page_size: 25 });
    await admin.payments({ page: 3, page_size: 50 });
    expect(calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['GET', '/admin/subscriptions', { page: '2', page_size: '25' }, undefined],
      ['GET', '/admin/payments', { page: '3', page_size: '50' }, undefined],
    ]);
  });

  it('should put an organisation on a plan with POST /admin/subscriptions', async () => {
    const { client, calls } = billingClient(() => ({ id: 9, organization_id: 5, plan_id: 2 }));
    const answer = await createAdminBillingGateway(client).assignPlan({ organization_id: 5, plan_id: 2 });
    expect(calls().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/admin/subscriptions', { organization_id: 5, plan_id: 2 }],
    ]);
    expect(answer).toEqual({ ok: true, value: { id: 9, organization_id: 5, plan_id: 2 } });
  });
});

describe('createInvoiceGateway', () => {
  it('should page the invoices and read and replace the invoice details', async () => {
    const { client, calls } = billingClient();
    const invoices = createInvoiceGateway(client);
    await invoices.invoices({ page: 2, page_size: 25 });
    await invoices.details();
    const details = { name: 'Bakkerij BV', street: '', postcode: '', city: '', country: '', vat_number: '' };
    await invoices.saveDetails(details);
    expect(calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['GET', '/invoices', { page: '2', page_size: '25' }, undefined],
      ['GET', '/organization/invoice-details', {}, undefined],
      ['PUT', '/organization/invoice-details', {}, details],
    ]);
  });

  it("should download an invoice's PDF under the server's file name", async () => {
    const { client, seen } = wireClient(
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="factuur-LOOP-2026-000001.pdf"',
          },
        }),
    );
    const answer = await createInvoiceGateway(client).downloadInvoice(7);
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/v1/invoices/7/pdf',
    ]);
    expect(answer.ok && answer.value.filename).toBe('factuur-LOOP-2026-000001.pdf');
    expect(answer.ok && answer.value.content.size).toBe(4);
  });
});
