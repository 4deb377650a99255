import type { Page, Payment, UserSubscription } from '@loop/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedCheckouts, subscriptions } from '../db/schema';
import {
  checkoutRequestFor,
  createOrganizationWithMember,
  planNamed,
  TEST_RETURN_URL,
  type TestOrganization,
} from '../testing/billing';
import { type FakeStripe, startFakeStripe } from '../testing/fakeStripe';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { BILLING_ERRORS } from './checkout';

const SECRET_KEY = 'sk_test_loop_fake';
const WEBHOOK_SECRET = 'whsec_test_loop_fake';
const _RETURN = TEST_RETURN_URL;

let ctx: TestContext;
let stripe: FakeStripe;
let app: FastifyInstance;
let simulatedApp: FastifyInstance;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  stripe = await startFakeStripe();
  const stripeConfig = {
    stripeSecretKey: SECRET_KEY,
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: stripe.url,
  };
  app = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'stripe', ...stripeConfig } });
  simulatedApp = await ctx.buildApp({
    config: { onlineCheckout: true, paymentProvider: 'simulated', ...stripeConfig },
  });
  adminToken = (await login(app, await createUser(ctx, { isAdmin: true }))).access_token;
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

/** The simulated checkout page's 'Betalen' button. */
const paySimulated = (ref: string) =>
  simulatedApp.inject({
    method: 'POST',
    url: `/api/v1/payments/simulated/${ref}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: '',
  });

const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

async function startCheckout(org: TestOrganization, planName: string, on = app) {
  const plan = await planNamed(ctx, planName);
  const request = await checkoutRequestFor(ctx, on, org, on === app ? 'stripe' : 'simulated', planName);
  const response = await api(on, 'POST', '/payments/checkout', {
    token: org.ownerToken,
    headers: org.headers,
    payload: request,
  });
  expect(response.statusCode).toBe(201);
  const checkoutUrl = response.json<{ checkout_url: string }>().checkout_url;
  const payments = (await api(on, 'GET', '/payments', { token: org.ownerToken, headers: org.headers })).json<
    Page<Payment>
  >();
  return { payment: payments.items[0]!, ref: checkoutUrl.split('/').at(-1)!, plan };
}

const sync = (org: TestOrganization, paymentId: number) =>
  api(app, 'POST', `/payments/${paymentId}/sync`, { token: org.ownerToken, headers: org.headers });

const cancel = (org: TestOrganization, paymentId: number, on = app, token = org.ownerToken) =>
  api(on, 'POST', `/payments/${paymentId}/cancel`, { token, headers: org.headers });

/** Checks out a plan at the fake Stripe, pays it there and syncs: answers the Stripe subscription id. */
async function payWithStripe(org: TestOrganization, planName: string): Promise<string> {
  const { payment, ref } = await startCheckout(org, planName);
  const subscriptionId = stripe.pay(ref);
  expect((await sync(org, payment.id)).json<Payment>().status).toBe('paid');
  return subscriptionId;
}

const rowsOf = (org: TestOrganization) =>
  ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, org.organization.id))
    .orderBy(asc(subscriptions.id));

const planOf = async (org: TestOrganization) =>
  (
    await api(app, 'GET', '/user-subscriptions/me', { token: org.memberToken, headers: org.headers })
  ).json<UserSubscription>().plan_name;

const cancelsOf = (subscriptionId: string) =>
  stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)
    .length;

let eventCounter = 0;
const newEventId = () => `evt_sub_${++eventCounter}_${Math.random().toString(36).slice(2, 8)}`;

function deliver(payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature':
        signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: nowSeconds(),
        }),
    },
    payload,
  });
}

/** A Stripe event about a subscription; its payload says 'canceled' whatever Stripe's real state is. */
const subscriptionEvent = (id: string, subscriptionId: string, type = 'customer.subscription.deleted') =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } },
  });

describe('Remembering the Stripe subscription', () => {
  it('should store session.subscription on the new subscription row when a checkout is paid (sync)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    const rows = await rowsOf(org);
    expect(rows.map((row) => [row.status, row.stripeSubscriptionId, row.providerCancelPending])).toEqual([
      ['cancelled', null, false],
      ['active', subscriptionId, false],
    ]);
  });

  it('should store it when the webhook applies the paid checkout too', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { ref } = await startCheckout(org, 'proloop');
    const subscriptionId = stripe.pay(ref);
    const payload = JSON.stringify({
      id: newEventId(),
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      data: { object: { id: ref, object: 'checkout.session', status: 'complete', payment_status: 'paid' } },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await rowsOf(org)).at(-1)).toMatchObject({
      status: 'active',
      stripeSubscriptionId: subscriptionId,
    });
  });
});

describe('Cancelling the replaced Stripe subscription', () => {
  it('should cancel it at Stripe after a switch to the free plan', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    const basic = await planNamed(ctx, 'basicloop');
    const switched = await api(app, 'POST', '/user-subscriptions', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { plan_id: basic.id },
    });
    expect(switched.statusCode).toBe(201);
    expect(cancelsOf(subscriptionId)).toBe(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const rows = await rowsOf(org);
    expect(rows.map((row) => [row.status, row.stripeSubscriptionId, row.providerCancelPending])).toEqual([
      ['cancelled', null, false],
      ['cancelled', subscriptionId, false],
      ['active', null, false],
    ]);
  });

  it('should cancel it when an admin puts the organisation on another plan', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'proloop');
    const smart = await planNamed(ctx, 'smartloop');
    const assigned = await api(app, 'POST', '/admin/subscriptions', {
      token: adminToken,
      payload: { organization_id: org.organization.id, plan_id: smart.id },
    });
    expect(assigned.statusCode).toBe(201);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await planOf(org)).toBe('smartloop');
  });

  it('should cancel the old one when a checkout for another plan is paid, keeping the new one', async () => {
    const org = await createOrganizationWithMember(ctx);
    const first = await payWithStripe(org, 'smartloop');
    const second = await payWithStripe(org, 'proloop');
    expect(stripe.subscriptions.get(first)?.status).toBe('canceled');
    expect(stripe.subscriptions.get(second)?.status).toBe('active');
    expect(await planOf(org)).toBe('proloop');
    expect((await rowsOf(org)).at(-1)).toMatchObject({ status: 'active', stripeSubscriptionId: second });
  });

  it('should keep the switch when Stripe refuses, mark the cancel pending and retry it on the next sync', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    const basic = await planNamed(ctx, 'basicloop');
    stripe.failNext('cancelSubscription');
    const switched = await api(app, 'POST', '/user-subscriptions', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { plan_id: basic.id },
    });
    expect(switched.statusCode).toBe(201);
    expect(await planOf(org)).toBe('basicloop');
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    const [replaced] = (await rowsOf(org)).filter((row) => row.stripeSubscriptionId === subscriptionId);
    expect(replaced).toMatchObject({ status: 'cancelled', providerCancelPending: true });

    // Any later sync (here: an old, finished payment of this organisation) retries it.
    const payments = (
      await api(app, 'GET', '/payments', { token: org.ownerToken, headers: org.headers })
    ).json<Page<Payment>>();
    expect((await sync(org, payments.items[0]!.id)).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const [retried] = (await rowsOf(org)).filter((row) => row.stripeSubscriptionId === subscriptionId);
    expect(retried?.providerCancelPending).toBe(false);
  });

  it('should retry a pending cancel on the next webhook', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    const basic = await planNamed(ctx, 'basicloop');
    stripe.failNext('cancelSubscription');
    await api(app, 'POST', '/user-subscriptions', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { plan_id: basic.id },
    });
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    const unrelated = JSON.stringify({
      id: newEventId(),
      object: 'event',
      type: 'invoice.paid',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      data: { object: { id: 'in_test_1', object: 'invoice' } },
    });
    expect((await deliver(unrelated)).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const pending = await ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.providerCancelPending, true));
    expect(pending).toEqual([]);
  });

  it('should cancel nothing at Stripe for a plan paid with the simulated provider', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { ref } = await startCheckout(org, 'smartloop', simulatedApp);
    expect((await paySimulated(ref)).statusCode).toBe(303);
    const deletes = stripe.requests.filter((r) => r.method === 'DELETE').length;
    const basic = await planNamed(ctx, 'basicloop');
    const switched = await api(simulatedApp, 'POST', '/user-subscriptions', {
      token: org.ownerToken,
      headers: org.headers,
      payload: { plan_id: basic.id },
    });
    expect(switched.statusCode).toBe(201);
    expect(stripe.requests.filter((r) => r.method === 'DELETE').length).toBe(deletes);
    expect(
      (await rowsOf(org)).every((row) => row.stripeSubscriptionId === null && !row.providerCancelPending),
    ).toBe(true);
  });
});

describe('customer.subscription.deleted', () => {
  it("should end the current subscription and put the organisation back on basicloop, from Stripe's state", async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'proloop');
    stripe.subscriptions.get(subscriptionId)!.status = 'canceled';
    const eventId = newEventId();
    const delivered = await deliver(subscriptionEvent(eventId, subscriptionId));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    expect(await planOf(org)).toBe('basicloop');
    const rows = await rowsOf(org);
    expect(rows.map((row) => [row.status, row.stripeSubscriptionId])).toEqual([
      ['cancelled', null],
      ['cancelled', subscriptionId],
      ['active', null],
    ]);
    expect(rows[1]?.endDate).not.toBeNull();
    expect(
      stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);

    // The same event again: a duplicate, nothing changes.
    const again = await deliver(subscriptionEvent(eventId, subscriptionId));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await rowsOf(org)).toHaveLength(3);
  });

  it('should change nothing when Stripe says the subscription is still active, whatever the payload says', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    const delivered = await deliver(subscriptionEvent(newEventId(), subscriptionId));
    expect(delivered.statusCode).toBe(200);
    expect(await planOf(org)).toBe('smartloop');
  });

  it('should refuse a forged delivery and not record an event while Stripe cannot be asked', async () => {
    const org = await createOrganizationWithMember(ctx);
    const subscriptionId = await payWithStripe(org, 'smartloop');
    stripe.subscriptions.get(subscriptionId)!.status = 'canceled';
    const payload = subscriptionEvent(newEventId(), subscriptionId);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_wrong',
      timestamp: nowSeconds(),
    });
    expect((await deliver(payload, forged)).statusCode).toBe(400);
    expect(await planOf(org)).toBe('smartloop');

    stripe.failNext('retrieveSubscription');
    expect((await deliver(payload)).statusCode).toBe(502);
    expect(await planOf(org)).toBe('smartloop');
    // The redelivery is not a duplicate and ends it.
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    expect(await planOf(org)).toBe('basicloop');
  });

  it('should leave the organisation alone when the ended subscription is no longer its current one', async () => {
    const org = await createOrganizationWithMember(ctx);
    const first = await payWithStripe(org, 'smartloop');
    await payWithStripe(org, 'proloop');
    const delivered = await deliver(subscriptionEvent(newEventId(), first));
    expect(delivered.statusCode).toBe(200);
    expect(await planOf(org)).toBe('proloop');
  });

  it('should ignore subscriptions that are not ours', async () => {
    const delivered = await deliver(subscriptionEvent(newEventId(), 'sub_unknown'));
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('POST /payments/:id/cancel', () => {
  it('should expire the Stripe session, read it back and answer the cancelled payment; idempotent', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment, ref } = await startCheckout(org, 'smartloop');
    const response = await cancel(org, payment.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Payment>()).toMatchObject({ id: payment.id, status: 'cancelled' });
    expect(stripe.sessions.get(ref)?.status).toBe('expired');
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`${ref}/expire`)),
    ).toHaveLength(1);
    expect(await planOf(org)).toBe('basicloop');

    const again = await cancel(org, payment.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<Payment>().status).toBe('cancelled');
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`${ref}/expire`)),
    ).toHaveLength(1);
  });

  it('should never cancel a paid payment (409), also when it was paid at Stripe after all', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment, ref } = await startCheckout(org, 'smartloop');
    stripe.pay(ref);
    const late = await cancel(org, payment.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: BILLING_ERRORS.paymentPaid });
    expect(await planOf(org)).toBe('smartloop');

    const paid = await cancel(org, payment.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ detail: BILLING_ERRORS.paymentPaid });
  });

  it("should answer 404 for another organisation's payment or an unknown id", async () => {
    const org = await createOrganizationWithMember(ctx);
    const other = await createOrganizationWithMember(ctx, 'Ander BV');
    const { payment } = await startCheckout(org, 'smartloop');
    const foreign = await api(app, 'POST', `/payments/${payment.id}/cancel`, {
      token: other.ownerToken,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await cancel(org, 999999999)).statusCode).toBe(404);
    expect((await cancel(org, Number.NaN)).statusCode).toBe(404);
    expect(
      (
        await api(app, 'GET', `/payments/${payment.id}`, { token: org.ownerToken, headers: org.headers })
      ).json<Payment>().status,
    ).toBe('pending');
  });

  it('should answer 502 and keep the payment pending when Stripe cannot be asked', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment } = await startCheckout(org, 'smartloop');
    stripe.failNext('retrieve');
    expect((await cancel(org, payment.id)).statusCode).toBe(502);
    expect(
      (
        await api(app, 'GET', `/payments/${payment.id}`, { token: org.ownerToken, headers: org.headers })
      ).json<Payment>().status,
    ).toBe('pending');
  });

  it('should mark a simulated checkout cancelled, and refuse a paid one', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { payment, ref } = await startCheckout(org, 'smartloop', simulatedApp);
    const response = await cancel(org, payment.id, simulatedApp);
    expect(response.statusCode).toBe(200);
    expect(response.json<Payment>().status).toBe('cancelled');
    const [checkout] = await ctx.db.select().from(simulatedCheckouts).where(eq(simulatedCheckouts.ref, ref));
    expect(checkout?.state).toBe('cancelled');
    expect((await cancel(org, payment.id, simulatedApp)).json<Payment>().status).toBe('cancelled');

    const paid = await startCheckout(org, 'proloop', simulatedApp);
    expect((await paySimulated(paid.ref)).statusCode).toBe(303);
    expect((await cancel(org, paid.payment.id, simulatedApp)).statusCode).toBe(409);
    expect(await planOf(org)).toBe('proloop');
  });
});
