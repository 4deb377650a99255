import type { CheckoutRequest, Page, Payment, UserSubscription } from '@loop/core';
import { formatCents } from '@loop/core/format';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../db/schema';
import {
  billingCounts,
  checkoutRequestFor,
  createOrganizationWithMember,
  planNamed,
  putOnPlan,
  TEST_RETURN_URL,
  type TestOrganization,
} from '../testing/billing';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { BILLING_ERRORS, returnUrlProblem, withPaymentId } from './checkout';
import type { PaymentProviderPort } from './paymentProvider';

let ctx: TestContext;
/** Online checkout on, with the simulated provider (APP_URL http://loop.test). */
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'simulated' } });
});

afterAll(async () => {
  await ctx?.close();
});

const _RETURN = TEST_RETURN_URL;

async function checkoutRequest(org: TestOrganization, planName = 'smartloop'): Promise<CheckoutRequest> {
  return checkoutRequestFor(ctx, app, org, 'simulated', planName);
}

const checkout = (org: TestOrganization, payload: unknown, token = org.ownerToken, on = app) =>
  api(on, 'POST', '/payments/checkout', { token, headers: org.headers, payload });

describe('POST /payments/checkout', () => {
  it('should store a pending payment and answer the checkout address of the provider', async () => {
    const org = await createOrganizationWithMember(ctx);
    const request = await checkoutRequest(org);

    const response = await checkout(org, request);

    expect(response.statusCode).toBe(201);
    const { checkout_url } = response.json<{ checkout_url: string }>();
    expect(checkout_url).toMatch(/^http:\/\/loop\.test\/betalen\/simulatie\/sim_[A-Za-z0-9_-]{22}$/);
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.organizationId, org.organization.id));
    expect(row).toMatchObject({
      provider: 'simulated',
      kind: 'subscription',
      status: 'pending',
      amountCents: 2900,
      currency: 'EUR',
      subscriptionId: request.user_subscription_id,
      planId: request.plan_id,
      providerRef: checkout_url.split('/').at(-1),
    });
    const events = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row!.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'pending', source: 'checkout' }]);
    // The plan is not active before the provider says it is paid.
    const subscription = (
      await api(app, 'GET', '/user-subscriptions/me', { token: org.memberToken, headers: org.headers })
    ).json<UserSubscription>();
    expect(subscription.plan_name).toBe('basicloop');
  });

  it('should answer 409 when online checkout is off (the default)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const request = await checkoutRequest(org);
    const before = await billingCounts(ctx);
    const response = await checkout(org, request, org.ownerToken, ctx.app);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Online afrekenen is tijdelijk uitgeschakeld.' });
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should let only owners check out', async () => {
    const org = await createOrganizationWithMember(ctx);
    const request = await checkoutRequest(org);
    const before = await billingCounts(ctx);
    const response = await checkout(org, request, org.memberToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: PERMISSION_DENIED['billing.manage'] });
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should refuse every bad input with a Dutch 4xx naming the problem, storing nothing', async () => {
    const org = await createOrganizationWithMember(ctx);
    const other = await createOrganizationWithMember(ctx, 'Andere BV');
    const request = await checkoutRequest(org);
    const otherSubscription = (await checkoutRequest(other)).user_subscription_id;
    const basicloop = await planNamed(ctx, 'basicloop');
    const before = await billingCounts(ctx);

    const cases: Array<[string, unknown, number, string | null]> = [
      ['unknown plan', { ...request, plan_id: 999_999 }, 404, null],
      ['plan id beyond serial', { ...request, plan_id: 2 ** 40 }, 404, null],
      ['the free plan it has', { ...request, plan_id: basicloop.id, amount_cents: 0 }, 409, null],
      ['negative amount', { ...request, amount_cents: -2900 }, 400, 'amount_cents'],
      ['fractional amount', { ...request, amount_cents: 2900.5 }, 400, 'amount_cents'],
      ['amount as text', { ...request, amount_cents: '2900' }, 400, 'amount_cents'],
      ['amount below the price', { ...request, amount_cents: 2899 }, 400, 'amount_cents'],
      ['amount in euros', { ...request, amount_cents: 29 }, 400, 'amount_cents'],
      ['amount above the price', { ...request, amount_cents: 7900 }, 400, 'amount_cents'],
      ['currency USD', { ...request, currency: 'USD' }, 400, 'currency'],
      ['currency lower case', { ...request, currency: 'eur' }, 400, 'currency'],
      ['other kind', { ...request, kind: 'once' }, 400, 'kind'],
      ['other provider', { ...request, provider: 'stripe' }, 400, 'provider'],
      ['unknown provider', { ...request, provider: 'paypal' }, 400, 'provider'],
      [
        'subscription of another organisation',
        { ...request, user_subscription_id: otherSubscription },
        400,
        'user_subscription_id',
      ],
      ['unknown subscription', { ...request, user_subscription_id: 999_999 }, 400, 'user_subscription_id'],
      ['missing success_url', { ...request, success_url: undefined }, 400, 'success_url'],
      ['empty success_url', { ...request, success_url: '' }, 400, 'success_url'],
      ['relative success_url', { ...request, success_url: '/billing/return' }, 400, 'success_url'],
      ['javascript success_url', { ...request, success_url: 'javascript:alert(1)' }, 400, 'success_url'],
      [
        'foreign success_url',
        { ...request, success_url: 'https://evil.example/billing/return' },
        400,
        'success_url',
      ],
      [
        'look-alike host',
        { ...request, success_url: 'http://loop.test.evil.example/return' },
        400,
        'success_url',
      ],
      [
        'other scheme, same host',
        { ...request, success_url: 'https://loop.test/billing/return' },
        400,
        'success_url',
      ],
      [
        'credentials in url',
        { ...request, success_url: 'http://loop.test@evil.example/' },
        400,
        'success_url',
      ],
      ['missing cancel_url', { ...request, cancel_url: undefined }, 400, 'cancel_url'],
      ['foreign cancel_url', { ...request, cancel_url: '//evil.example/' }, 400, 'cancel_url'],
      ['missing plan_id', { ...request, plan_id: undefined }, 400, 'plan_id'],
    ];
    for (const [name, payload, status, field] of cases) {
      const response = await checkout(org, payload);
      expect(response.statusCode, name).toBe(status);
      const body = response.json<{ detail: string; fields?: Record<string, string> }>();
      expect(typeof body.detail, name).toBe('string');
      if (field !== null) {
        expect(Object.keys(body.fields ?? {}), name).toContain(field);
        expect(body.detail, name).toMatch(field === 'amount_cents' ? /amount_cents|bedrag/i : /./);
      }
    }
    expect(await billingCounts(ctx)).toEqual(before);

    const unknown = await checkout(org, { ...request, plan_id: 999_999 });
    expect(unknown.json()).toEqual({ detail: 'Dit plan bestaat niet.' });
    const mismatch = await checkout(org, { ...request, amount_cents: 2899 });
    expect(mismatch.json().detail).toBe(
      `Het bedrag (amount_cents) klopt niet met de prijs van het plan: verwacht 2900 cent (${formatCents(2900)}).`,
    );
    const currency = await checkout(org, { ...request, currency: 'USD' });
    expect(currency.json()).toEqual({
      detail: 'Alleen betalingen in euro (EUR) zijn mogelijk.',
      fields: { currency: 'Alleen betalingen in euro (EUR) zijn mogelijk.' },
    });
    const missing = await checkout(org, { ...request, success_url: undefined });
    expect(missing.json().detail).toBe('Het veld "success_url": dit veld is verplicht.');
    const foreign = await checkout(org, { ...request, success_url: 'https://evil.example/' });
    expect(foreign.json().detail).toBe(
      'Geef een volledig terugkeeradres op http://loop.test, bijvoorbeeld http://loop.test/billing/return.',
    );
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should refuse a free plan: it needs no payment', async () => {
    const org = await createOrganizationWithMember(ctx);
    await putOnPlan(ctx, org.organization.id, 'proloop');
    const basicloop = await planNamed(ctx, 'basicloop');
    const request = { ...(await checkoutRequest(org, 'smartloop')), plan_id: basicloop.id, amount_cents: 0 };
    const before = await billingCounts(ctx);
    const response = await checkout(org, request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: BILLING_ERRORS.freePlan,
      fields: { plan_id: BILLING_ERRORS.freePlan },
    });
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should answer 409 for the plan the organisation already has', async () => {
    const org = await createOrganizationWithMember(ctx);
    await putOnPlan(ctx, org.organization.id, 'smartloop');
    const request = await checkoutRequest(org, 'smartloop');
    const before = await billingCounts(ctx);
    const response = await checkout(org, request);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Je hebt dit plan al.' });
    expect(await billingCounts(ctx)).toEqual(before);
    // Upgrading from there is fine.
    expect((await checkout(org, await checkoutRequest(org, 'proloop'))).statusCode).toBe(201);
  });

  it("should answer 404 for another organisation's header", async () => {
    const org = await createOrganizationWithMember(ctx);
    const stranger = await createOrganizationWithMember(ctx, 'Vreemd');
    const request = await checkoutRequest(org);
    const response = await api(app, 'POST', '/payments/checkout', {
      token: stranger.ownerToken,
      headers: org.headers,
      payload: request,
    });
    expect(response.statusCode).toBe(404);
  });

  it('should answer 502 and keep the payment as failed when the provider cannot start a checkout', async () => {
    const broken: PaymentProviderPort = {
      name: 'simulated',
      createCheckout: async () => {
        throw new Error('provider down');
      },
      parseWebhook: () => ({ ok: false, error: 'unsupported' }),
      fetchState: async () => ({ state: 'pending', subscriptionRef: null }),
      cancelCheckout: async () => ({ state: 'cancelled', subscriptionRef: null }),
      cancelSubscription: async () => {},
      subscriptionEnded: async () => true,
    };
    const brokenApp = await ctx.buildApp({
      config: { onlineCheckout: true, paymentProvider: 'simulated' },
      paymentProviders: { simulated: broken },
    });
    const org = await createOrganizationWithMember(ctx);
    const response = await checkout(org, await checkoutRequest(org), org.ownerToken, brokenApp);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: BILLING_ERRORS.providerUnavailable });
    const list = (await api(app, 'GET', '/payments', { token: org.ownerToken, headers: org.headers })).json<
      Page<Payment>
    >();
    expect(list.items.map((payment) => payment.status)).toEqual(['failed']);
  });

  it('should never answer 5xx to whatever JSON an owner sends', async () => {
    const org = await createOrganizationWithMember(ctx);
    const request = await checkoutRequest(org);
    const field = fc.constantFrom(...Object.keys(request));
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom('http://loop.test/x', 'EUR', 'simulated', 'subscription'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value), async (changes) => {
        const response = await checkout(org, { ...request, ...changes });
        expect(response.statusCode, JSON.stringify(changes)).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().detail).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('returnUrlProblem and withPaymentId', () => {
  it('should accept only absolute http(s) addresses on the app origin', () => {
    const origin = 'https://app.loop.nl';
    expect(returnUrlProblem('https://app.loop.nl/billing/return?status=success', origin)).toBeNull();
    for (const bad of [
      '',
      'app.loop.nl/billing',
      'http://app.loop.nl/billing',
      'https://app.loop.nl:8443/billing',
      'https://evil.nl/?https://app.loop.nl',
      'data:text/html,hoi',
    ]) {
      expect(returnUrlProblem(bad, origin), bad).not.toBeNull();
    }
  });

  it('should add payment_id to the query, keeping what is there', () => {
    expect(withPaymentId('http://loop.test/billing/return?status=success', 12)).toBe(
      'http://loop.test/billing/return?status=success&payment_id=12',
    );
    expect(withPaymentId('http://loop.test/billing/return?payment_id=1#top', 7)).toBe(
      'http://loop.test/billing/return?payment_id=7#top',
    );
  });
});
