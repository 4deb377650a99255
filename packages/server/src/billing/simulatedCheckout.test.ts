import type { Feature, Page, Payment, UserSubscription } from '@loop/core';
import { formatCents } from '@loop/core/format';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, simulatedCheckouts } from '../db/schema';
import {
  billingCounts,
  checkoutRequestFor,
  createOrganizationWithMember,
  planNamed,
  TEST_RETURN_URL,
  type TestOrganization,
} from '../testing/billing';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { BILLING_ERRORS } from './checkout';

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'simulated' } });
});

afterAll(async () => {
  await ctx?.close();
});

const RETURN = TEST_RETURN_URL;

async function startCheckout(org: TestOrganization, planName = 'smartloop') {
  const plan = await planNamed(ctx, planName);
  const request = await checkoutRequestFor(ctx, app, org, 'simulated', planName);
  const response = await api(app, 'POST', '/payments/checkout', {
    token: org.ownerToken,
    headers: org.headers,
    payload: request,
  });
  expect(response.statusCode).toBe(201);
  const url = new URL(response.json<{ checkout_url: string }>().checkout_url);
  const list = (
    await api(app, 'GET', '/payments?page=1&page_size=10', { token: org.ownerToken, headers: org.headers })
  ).json<Page<Payment>>();
  return { plan, path: url.pathname, ref: url.pathname.split('/').at(-1)!, payment: list.items[0]! };
}

/** What a browser sends for `<form method="post">` without fields. */
const pressButton = (ref: string, decision: 'pay' | 'cancel', on = app) =>
  on.inject({
    method: 'POST',
    url: `/api/v1/payments/simulated/${ref}/${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: '',
  });

const subscriptionOf = async (org: TestOrganization, token = org.memberToken) =>
  (await api(app, 'GET', '/user-subscriptions/me', { token, headers: org.headers })).json<UserSubscription>();

const eventsOf = (paymentId: number) =>
  ctx.db
    .select({ from: paymentEvents.fromStatus, to: paymentEvents.toStatus, source: paymentEvents.source })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));

const sync = (org: TestOrganization, paymentId: number, token = org.ownerToken) =>
  api(app, 'POST', `/payments/${paymentId}/sync`, { token, headers: org.headers });

describe('the simulated checkout', () => {
  it('should go from checkout through the page and "Betalen" to an active plan with its features', async () => {
    const org = await createOrganizationWithMember(ctx, 'Betaal & Co');
    const { plan, path, ref, payment } = await startCheckout(org);
    expect(payment).toMatchObject({ status: 'pending', provider: 'simulated', amount_cents: 2900 });

    const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self' http://loop.test");
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<dd>smartloop</dd>');
    expect(page.body).toContain(`${formatCents(2900)} per maand`);
    expect(page.body).toContain('Betaal &amp; Co');
    expect(page.body).toContain(
      `<form method="post" action="/api/v1/payments/simulated/${ref}/pay"><button type="submit">Betalen</button></form>`,
    );
    expect(page.body).toContain(`action="/api/v1/payments/simulated/${ref}/cancel"`);
    expect(page.body).toContain('>Annuleren</button>');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);

    const paid = await pressButton(ref, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${RETURN}?status=success&payment_id=${payment.id}`);

    const shown = await api(app, 'GET', `/payments/${payment.id}`, {
      token: org.ownerToken,
      headers: org.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Payment>()).toStrictEqual({ ...payment, status: 'paid' });
    const synced = await sync(org, payment.id);
    expect(synced.statusCode).toBe(200);
    expect(synced.json<Payment>().status).toBe('paid');

    const subscription = await subscriptionOf(org);
    expect(subscription).toMatchObject({
      plan_id: plan.id,
      plan_name: 'smartloop',
      status: 'active',
      end_date: null,
    });
    expect(subscription.features.map((feature: Feature) => feature.key)).toEqual([
      'core',
      'analytics',
      'export',
      'branding',
    ]);
    expect(await eventsOf(payment.id)).toEqual([
      { from: null, to: 'pending', source: 'checkout' },
      { from: 'pending', to: 'paid', source: 'simulated' },
    ]);
    // A gated feature now works for the organisation.
    const branding = await api(app, 'PATCH', '/branding/mine', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { primary_color: '#112233' },
    });
    expect(branding.statusCode).toBe(200);

    // The page now says it is done; pressing again changes nothing.
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('Deze betaling is al afgerond (betaald).');
    expect(again.body).not.toContain('<form');
    expect((await pressButton(ref, 'cancel')).headers.location).toBe(
      `${RETURN}?status=success&payment_id=${payment.id}`,
    );
    expect((await subscriptionOf(org)).plan_name).toBe('smartloop');
    expect(await eventsOf(payment.id)).toHaveLength(2);
  });

  it('should leave the old plan after "Annuleren" and send the browser to cancel_url', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { ref, payment } = await startCheckout(org, 'proloop');

    const cancelled = await pressButton(ref, 'cancel');

    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${RETURN}?status=cancelled&payment_id=${payment.id}`);
    expect((await sync(org, payment.id)).json<Payment>().status).toBe('cancelled');
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
    expect((await pressButton(ref, 'pay')).headers.location).toBe(
      `${RETURN}?status=cancelled&payment_id=${payment.id}`,
    );
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
    expect(await eventsOf(payment.id)).toEqual([
      { from: null, to: 'pending', source: 'checkout' },
      { from: 'pending', to: 'cancelled', source: 'simulated' },
    ]);
  });

  it('should leave only the newest checkout payable: an earlier one expires, and its page can no longer pay (L4)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const first = await startCheckout(org, 'smartloop');
    const second = await startCheckout(org, 'proloop');

    expect((await sync(org, first.payment.id)).json<Payment>().status).toBe('expired');
    await pressButton(first.ref, 'pay');
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
    expect(await eventsOf(first.payment.id)).toEqual([
      { from: null, to: 'pending', source: 'checkout' },
      { from: 'pending', to: 'expired', source: 'checkout' },
    ]);

    await pressButton(second.ref, 'pay');
    expect((await subscriptionOf(org)).plan_name).toBe('proloop');
  });

  it('should refuse a new checkout when an open one turns out to be paid already (L4)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const first = await startCheckout(org, 'smartloop');
    // The provider took the payment, but the app has not heard of it yet.
    await ctx.db
      .update(simulatedCheckouts)
      .set({ state: 'paid' })
      .where(eq(simulatedCheckouts.ref, first.ref));

    const request = await checkoutRequestFor(ctx, app, org, 'simulated', 'proloop');
    const refused = await api(app, 'POST', '/payments/checkout', {
      token: org.ownerToken,
      headers: org.headers,
      payload: request,
    });

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: BILLING_ERRORS.subscriptionChanged });
    expect((await subscriptionOf(org)).plan_name).toBe('smartloop');
    expect((await sync(org, first.payment.id)).json<Payment>().status).toBe('paid');
  });

  it('should not change the plan when a checkout is paid after the plan changed otherwise (L4)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { ref, payment } = await startCheckout(org, 'smartloop');
    await api(app, 'POST', '/user-subscriptions', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { plan_id: (await planNamed(ctx, 'basicloop')).id },
    });
    // Switching plans ended the open checkout: paying it now does nothing.
    expect((await sync(org, payment.id)).json<Payment>().status).toBe('expired');
    await pressButton(ref, 'pay');
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
  });

  it("should let only the owner check or cancel the organisation's checkout (security finding L1)", async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment } = await startCheckout(org);
    for (const action of ['sync', 'cancel']) {
      const byMember = await api(app, 'POST', `/payments/${payment.id}/${action}`, {
        token: org.memberToken,
        headers: org.headers,
      });
      expect(byMember.statusCode, action).toBe(403);
      expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['billing.manage'] });
    }
    expect(await eventsOf(payment.id)).toEqual([{ from: null, to: 'pending', source: 'checkout' }]);
    const cancelled = await api(app, 'POST', `/payments/${payment.id}/cancel`, {
      token: org.ownerToken,
      headers: org.headers,
    });
    expect(cancelled.json<Payment>().status).toBe('cancelled');
  });

  it("should activate the plan on sync from the provider's own state, once, when nothing else did", async () => {
    const org = await createOrganizationWithMember(ctx);
    const { ref, payment } = await startCheckout(org);

    const early = await sync(org, payment.id);
    expect(early.json<Payment>().status).toBe('pending');
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');

    // The provider took the payment, but the app never heard of it (a missed webhook).
    await ctx.db.update(simulatedCheckouts).set({ state: 'paid' }).where(eq(simulatedCheckouts.ref, ref));
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');

    const first = await sync(org, payment.id);
    const second = await sync(org, payment.id);
    expect(first.json<Payment>().status).toBe('paid');
    expect(second.json()).toStrictEqual(first.json());
    expect((await subscriptionOf(org)).plan_name).toBe('smartloop');
    expect(await eventsOf(payment.id)).toEqual([
      { from: null, to: 'pending', source: 'checkout' },
      { from: 'pending', to: 'paid', source: 'return' },
    ]);
  });

  it("should never trust the return address: status=success without the provider's word changes nothing", async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment } = await startCheckout(org);
    const before = await billingCounts(ctx);
    const response = await app.inject({
      method: 'GET',
      url: `/billing/return?status=success&payment_id=${payment.id}`,
    });
    expect(response.statusCode).toBe(404);
    expect((await sync(org, payment.id)).json<Payment>().status).toBe('pending');
    expect(await billingCounts(ctx)).toEqual(before);
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
  });

  it("should answer 404 for another organisation's payment, an unknown one and a non-number", async () => {
    const org = await createOrganizationWithMember(ctx);
    const stranger = await createOrganizationWithMember(ctx, 'Vreemd');
    const { payment } = await startCheckout(org);
    for (const id of [String(payment.id), '999999', 'abc', '1.5', '99999999999']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await api(
          app,
          method,
          method === 'GET' ? `/payments/${id}` : `/payments/${id}/sync`,
          {
            token: stranger.ownerToken,
            headers: stranger.headers,
          },
        );
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Deze betaling bestaat niet.' });
      }
    }
    const viaHeader = await api(app, 'GET', `/payments/${payment.id}`, {
      token: stranger.ownerToken,
      headers: org.headers,
    });
    expect(viaHeader.statusCode).toBe(404);
    expect(
      (await api(app, 'GET', '/payments', { token: stranger.ownerToken, headers: stranger.headers })).json(),
    ).toEqual({ items: [], total: 0, page: 1, page_size: 25 });
  });

  it('should list payments newest first, page by page, and refuse bad paging', async () => {
    const org = await createOrganizationWithMember(ctx);
    const ids: number[] = [];
    for (const plan of ['smartloop', 'proloop', 'smartloop'])
      ids.push((await startCheckout(org, plan)).payment.id);
    const list = (query: string, token = org.ownerToken) =>
      api(app, 'GET', `/payments${query}`, { token, headers: org.headers });
    const byMember = await list('', org.memberToken);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['billing.manage'] });

    const first = (await list('?page=1&page_size=2')).json<Page<Payment>>();
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.items.map((payment) => payment.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[1]).toStrictEqual({
      id: ids[1],
      provider: 'simulated',
      kind: 'subscription',
      // Each new checkout ended the one before it (security finding L4).
      status: 'expired',
      amount_cents: 7900,
      currency: 'EUR',
      user_subscription_id: first.items[1]!.user_subscription_id,
      plan_id: (await planNamed(ctx, 'proloop')).id,
      created_at: ctx.clock.now().toISOString(),
    });
    const second = (await list('?page=2&page_size=2')).json<Page<Payment>>();
    expect(second.items.map((payment) => payment.id)).toEqual([ids[0]]);
    const defaults = (await list('')).json<Page<Payment>>();
    expect(defaults).toMatchObject({ total: 3, page: 1, page_size: 25 });
    expect(defaults.items).toHaveLength(3);

    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?page_size=101', 'page_size'],
      ['?page_size=0', 'page_size'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
  });

  it('should escape what it shows and answer 404 for an unknown reference', async () => {
    const org = await createOrganizationWithMember(ctx, '<script>alert(1)</script> BV');
    const { path } = await startCheckout(org);
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; BV');
    expect(page.body).not.toContain('<script>');

    for (const request of [
      { method: 'GET' as const, url: '/betalen/simulatie/sim_bestaatniet' },
      { method: 'POST' as const, url: '/api/v1/payments/simulated/sim_bestaatniet/pay' },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('should be refused with 404 in production', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { path, ref, payment } = await startCheckout(org);
    const production = await ctx.buildApp({
      config: { onlineCheckout: true, paymentProvider: 'simulated', production: true },
    });
    expect((await production.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await pressButton(ref, 'pay', production)).statusCode).toBe(404);
    const synced = await api(production, 'POST', `/payments/${payment.id}/sync`, {
      token: org.ownerToken,
      headers: org.headers,
    });
    expect(synced.statusCode).toBe(409);
    expect((await subscriptionOf(org)).plan_name).toBe('basicloop');
  });
});
