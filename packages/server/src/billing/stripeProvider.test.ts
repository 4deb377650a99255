import type { Page, Payment, UserSubscription } from '@loop/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentEvents, processedWebhookEvents } from '../db/schema';
import {
  billingCounts,
  checkoutRequestFor,
  createOrganizationWithMember,
  planNamed,
  putOnPlan,
  TEST_RETURN_URL,
  type TestOrganization,
} from '../testing/billing';
import { type FakeStripe, startFakeStripe } from '../testing/fakeStripe';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { sessionState } from './stripeProvider';
import { WEBHOOK_MESSAGES } from './stripeWebhookRoutes';

const SECRET_KEY = 'sk_test_loop_fake';
const WEBHOOK_SECRET = 'whsec_test_loop_fake';
const RETURN = TEST_RETURN_URL;

let ctx: TestContext;
let stripe: FakeStripe;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  stripe = await startFakeStripe();
  app = await ctx.buildApp({
    config: {
      onlineCheckout: true,
      paymentProvider: 'stripe',
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: stripe.url,
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

async function checkout(org: TestOrganization, planName = 'smartloop') {
  const plan = await planNamed(ctx, planName);
  const request = await checkoutRequestFor(ctx, app, org, 'stripe', planName);
  const response = await api(app, 'POST', '/payments/checkout', {
    token: org.ownerToken,
    headers: org.headers,
    payload: request,
  });
  const payments = (await api(app, 'GET', '/payments', { token: org.ownerToken, headers: org.headers })).json<
    Page<Payment>
  >();
  return { response, plan, payment: payments.items[0]! };
}

const sessionIdOf = (response: { json(): unknown }) =>
  (response.json() as { checkout_url: string }).checkout_url.split('/').at(-1)!;

/** Stripe's checkout session completes as paid, without a subscription (what the webhook reads back). */
const paidAtStripe = (sessionId: string) => {
  const session = stripe.sessions.get(sessionId)!;
  session.status = 'complete';
  session.payment_status = 'paid';
};

/** A new organisation's checkout, paid at Stripe; its webhook is not delivered yet. */
async function paidCheckout(planName?: string) {
  const org = await createOrganizationWithMember(ctx);
  const { response, payment } = await checkout(org, planName);
  const sessionId = sessionIdOf(response);
  paidAtStripe(sessionId);
  return { org, payment, sessionId };
}

/** A Stripe event about a Checkout Session, as Stripe would send it. */
function eventBody(
  id: string,
  type: string,
  sessionId: string,
  object: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        ...object,
      },
    },
  });
}

function deliver(
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null; on?: FastifyInstance } = {},
) {
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp ?? nowSeconds(),
        })
      : options.signature;
  return (options.on ?? app).inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

const planOf = async (org: TestOrganization) =>
  (
    await api(app, 'GET', '/user-subscriptions/me', { token: org.memberToken, headers: org.headers })
  ).json<UserSubscription>().plan_name;

const paymentOf = async (org: TestOrganization, id: number) =>
  (await api(app, 'GET', `/payments/${id}`, { token: org.ownerToken, headers: org.headers })).json<Payment>();

const retrievesOf = (sessionId: string) =>
  stripe.requests.filter((request) => request.method === 'GET' && request.path.endsWith(sessionId)).length;

let eventCounter = 0;
const newEventId = () => `evt_test_${++eventCounter}_${Math.random().toString(36).slice(2, 8)}`;

describe('Stripe checkout', () => {
  it('should create a Checkout Session in subscription mode with a monthly EUR price for the plan', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { response, plan, payment } = await checkout(org);

    expect(response.statusCode).toBe(201);
    const sessionId = sessionIdOf(response);
    expect(response.json()).toEqual({ checkout_url: `https://checkout.stripe.test/c/pay/${sessionId}` });
    const created = stripe.requests.find(
      (request) =>
        request.method === 'POST' && request.form.get('client_reference_id') === String(payment.id),
    );
    expect(created?.path).toBe('/v1/checkout/sessions');
    expect(created?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(created?.headers['idempotency-key']).toBe(`loop-checkout-${payment.id}`);
    expect(Object.fromEntries(created!.form)).toMatchObject({
      mode: 'subscription',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Loop smartloop',
      'metadata[payment_id]': String(payment.id),
      'metadata[organization_id]': String(org.organization.id),
      'metadata[plan_id]': String(plan.id),
      success_url: `${RETURN}?status=success&payment_id=${payment.id}`,
      cancel_url: `${RETURN}?status=cancelled&payment_id=${payment.id}`,
    });
    expect(payment).toMatchObject({ provider: 'stripe', status: 'pending', amount_cents: 2900 });
    expect(await planOf(org)).toBe('basicloop');
  });

  it('should answer 502 and keep the payment as failed when Stripe refuses the session', async () => {
    const org = await createOrganizationWithMember(ctx);
    stripe.failNext('create');
    const { response, payment } = await checkout(org);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'De betaalprovider is niet bereikbaar. Probeer het later opnieuw.',
    });
    expect(payment.status).toBe('failed');
  });
});

describe('POST /payments/webhooks/stripe', () => {
  it('should verify the signature, read the session back from Stripe and activate the plan', async () => {
    const { org, payment, sessionId } = await paidCheckout();
    const eventId = newEventId();

    const delivered = await deliver(eventBody(eventId, 'checkout.session.completed', sessionId));

    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    expect(retrievesOf(sessionId)).toBe(1);
    expect((await paymentOf(org, payment.id)).status).toBe('paid');
    expect(await planOf(org)).toBe('smartloop');
    const events = await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(asc(paymentEvents.id));
    expect(
      events.map((event) => [event.fromStatus, event.toStatus, event.source, event.providerEventId]),
    ).toEqual([
      [null, 'pending', 'checkout', null],
      ['pending', 'paid', 'webhook', eventId],
    ]);
  });

  it('should expire the earlier Checkout Session when a newer checkout starts, so only one can be paid (L4)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const first = await checkout(org, 'smartloop');
    const second = await checkout(org, 'proloop');
    expect(second.response.statusCode).toBe(201);
    const firstSession = sessionIdOf(first.response);

    expect(stripe.sessions.get(firstSession)!.status).toBe('expired');
    expect((await paymentOf(org, first.payment.id)).status).toBe('expired');
    // A late event about the expired session changes nothing: Stripe says it is expired.
    await deliver(eventBody(newEventId(), 'checkout.session.completed', firstSession));
    expect(await planOf(org)).toBe('basicloop');

    stripe.pay(sessionIdOf(second.response));
    await deliver(eventBody(newEventId(), 'checkout.session.completed', sessionIdOf(second.response)));
    expect(await planOf(org)).toBe('proloop');
    expect((await paymentOf(org, first.payment.id)).status).toBe('expired');
  });

  it('should not change the plan for a session paid after the subscription changed, and stop what it started (L4)', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { response, payment } = await checkout(org, 'smartloop');
    // The plan changes by another way (an administrator) while the checkout is open...
    await putOnPlan(ctx, org.organization.id, 'proloop');
    // ... and the old session is paid after all.
    const subscriptionRef = stripe.pay(sessionIdOf(response));

    await deliver(eventBody(newEventId(), 'checkout.session.completed', sessionIdOf(response)));

    expect((await paymentOf(org, payment.id)).status).toBe('paid');
    expect(await planOf(org)).toBe('proloop');
    expect(stripe.subscriptions.get(subscriptionRef)!.status).toBe('canceled');
    await app.appLog.flush();
    const warnings = await ctx.db.query.appLogs.findMany({
      where: (logs, { eq: equals }) => equals(logs.action, 'payment.paid_stale'),
    });
    expect(warnings.map((row) => [row.level, row.orgId])).toEqual([['warning', org.organization.id]]);
  });

  it('should refuse forged, tampered, unsigned and stale deliveries with 400, storing nothing', async () => {
    const { org, payment, sessionId } = await paidCheckout();
    const payload = eventBody(newEventId(), 'checkout.session.completed', sessionId);
    const before = await billingCounts(ctx);
    const genuine = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: nowSeconds(),
    });

    const cases: Array<[string, Promise<{ statusCode: number; json(): unknown }>, string]> = [
      [
        'forged with another secret',
        deliver(payload, { secret: 'whsec_iemand_anders' }),
        WEBHOOK_MESSAGES['invalid-signature'],
      ],
      [
        'tampered body',
        deliver(payload.replace('"paid"', '"unpaid"'), { signature: genuine }),
        WEBHOOK_MESSAGES['invalid-signature'],
      ],
      ['no signature', deliver(payload, { signature: null }), WEBHOOK_MESSAGES['missing-signature']],
      ['garbage signature', deliver(payload, { signature: 'kapot' }), WEBHOOK_MESSAGES['invalid-signature']],
      [
        'stale timestamp',
        deliver(payload, { timestamp: nowSeconds() - 301 }),
        WEBHOOK_MESSAGES['stale-signature'],
      ],
      [
        'an hour old',
        deliver(payload, { timestamp: nowSeconds() - 3600 }),
        WEBHOOK_MESSAGES['stale-signature'],
      ],
    ];
    for (const [name, delivery, detail] of cases) {
      const answer = await delivery;
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json(), name).toEqual({ detail });
    }
    expect(await billingCounts(ctx)).toEqual(before);
    expect(retrievesOf(sessionId)).toBe(0);
    expect((await paymentOf(org, payment.id)).status).toBe('pending');
    expect(await planOf(org)).toBe('basicloop');
    // Within the tolerance the genuine one works.
    expect((await deliver(payload, { timestamp: nowSeconds() - 299 })).statusCode).toBe(200);
    expect(await planOf(org)).toBe('smartloop');
  });

  it('should answer a replayed event as a duplicate and change nothing', async () => {
    const { org, payment, sessionId } = await paidCheckout();
    const payload = eventBody(newEventId(), 'checkout.session.completed', sessionId);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    const after = await billingCounts(ctx);

    // Replayed later with a fresh, valid signature: still the same event id.
    ctx.clock.advance(60_000);
    const replay = await deliver(payload);

    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await billingCounts(ctx)).toEqual(after);
    expect(retrievesOf(sessionId)).toBe(1);
    expect((await paymentOf(org, payment.id)).status).toBe('paid');
  });

  it('should issue one real invoice for a paid checkout, however often and in how many events Stripe says so', async () => {
    const { org, payment, sessionId } = await paidCheckout();
    const completed = eventBody(newEventId(), 'checkout.session.completed', sessionId);
    const succeeded = eventBody(newEventId(), 'checkout.session.async_payment_succeeded', sessionId);
    for (const payload of [completed, completed, succeeded, completed]) {
      expect((await deliver(payload)).statusCode).toBe(200);
    }
    const issued = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      organizationId: org.organization.id,
      totalCents: 2900,
      vatCents: 503,
      amountExclCents: 2397,
      specimen: null,
      supplierName: 'Loop Testleverancier BV',
    });
    const listed = await api(app, 'GET', '/invoices', { token: org.ownerToken, headers: org.headers });
    expect(listed.json<Page<unknown>>().items).toHaveLength(1);
  });

  it('should change the state once when the same event is delivered 10 times at once', async () => {
    const { org, payment, sessionId } = await paidCheckout('proloop');
    const eventId = newEventId();
    const payload = eventBody(eventId, 'checkout.session.completed', sessionId);
    const before = await billingCounts(ctx);

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(
      answers.filter((answer) => answer.json<{ duplicate: boolean }>().duplicate === false).length,
    ).toBeGreaterThanOrEqual(1);
    expect(await billingCounts(ctx)).toEqual({
      ...before,
      // One state change (pending → paid), one processed event, one new subscription, one invoice.
      paymentEvents: before.paymentEvents + 1,
      processedWebhookEvents: before.processedWebhookEvents + 1,
      subscriptions: before.subscriptions + 1,
      invoices: before.invoices + 1,
    });
    const changes = await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, eventId));
    expect(changes).toHaveLength(1);
    expect((await paymentOf(org, payment.id)).status).toBe('paid');
    expect(await planOf(org)).toBe('proloop');
  });

  it("should go by Stripe's state, not the event's payload: an open session stays pending", async () => {
    const org = await createOrganizationWithMember(ctx);
    const { response, payment } = await checkout(org);
    const sessionId = sessionIdOf(response);
    // The event claims a paid session; Stripe itself says it is still open.
    const claimed = await deliver(eventBody(newEventId(), 'checkout.session.completed', sessionId));

    expect(claimed.statusCode).toBe(200);
    expect(retrievesOf(sessionId)).toBe(1);
    expect((await paymentOf(org, payment.id)).status).toBe('pending');
    expect(await planOf(org)).toBe('basicloop');

    // Later Stripe lets the session expire: a new event, read back as expired.
    stripe.sessions.get(sessionId)!.status = 'expired';
    await deliver(eventBody(newEventId(), 'checkout.session.expired', sessionId, { status: 'expired' }));
    expect((await paymentOf(org, payment.id)).status).toBe('expired');
    expect(await planOf(org)).toBe('basicloop');
  });

  it('should not record an event while Stripe cannot be asked, so the redelivery still counts', async () => {
    const { org, payment, sessionId } = await paidCheckout();
    const eventId = newEventId();
    const payload = eventBody(eventId, 'checkout.session.completed', sessionId);

    stripe.failNext('retrieve');
    const failed = await deliver(payload);
    expect(failed.statusCode).toBe(502);
    expect(await ctx.db.$count(processedWebhookEvents, eq(processedWebhookEvents.eventId, eventId))).toBe(0);
    expect((await paymentOf(org, payment.id)).status).toBe('pending');

    const redelivered = await deliver(payload);
    expect(redelivered.json()).toEqual({ received: true, duplicate: false });
    expect((await paymentOf(org, payment.id)).status).toBe('paid');
  });

  it('should accept and ignore events about sessions that are not ours', async () => {
    const before = await billingCounts(ctx);
    const foreign = await deliver(
      eventBody(newEventId(), 'checkout.session.completed', 'cs_test_van_iemand_anders'),
    );
    const other = await deliver(
      JSON.stringify({
        id: newEventId(),
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', object: 'invoice' } },
      }),
    );
    expect([foreign.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(await billingCounts(ctx)).toEqual({
      ...before,
      processedWebhookEvents: before.processedWebhookEvents + 2,
    });
  });

  it('should answer 404 when Stripe is not configured', async () => {
    const response = await deliver(eventBody(newEventId(), 'checkout.session.completed', 'cs_x'), {
      on: ctx.app,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: WEBHOOK_MESSAGES.notConfigured });
  });
});

describe('POST /payments/:id/sync with Stripe', () => {
  it('should activate the plan from Stripe when the webhook never came', async () => {
    const org = await createOrganizationWithMember(ctx);
    const { response, payment } = await checkout(org);
    const sessionId = sessionIdOf(response);
    const sync = () =>
      api(app, 'POST', `/payments/${payment.id}/sync`, { token: org.ownerToken, headers: org.headers });

    expect((await sync()).json<Payment>().status).toBe('pending');
    paidAtStripe(sessionId);
    expect((await sync()).json<Payment>().status).toBe('paid');
    expect(await planOf(org)).toBe('smartloop');
    const retrieves = retrievesOf(sessionId);
    expect((await sync()).json<Payment>().status).toBe('paid');
    expect(retrievesOf(sessionId)).toBe(retrieves);

    stripe.failNext('retrieve');
    const other = await checkout(org, 'proloop');
    const unreachable = await api(app, 'POST', `/payments/${other.payment.id}/sync`, {
      token: org.ownerToken,
      headers: org.headers,
    });
    expect(unreachable.statusCode).toBe(502);
  });
});

describe('sessionState', () => {
  it("should map Stripe's session to a payment state", () => {
    expect(sessionState({ status: 'open', payment_status: 'unpaid' })).toBe('pending');
    expect(sessionState({ status: 'complete', payment_status: 'paid' })).toBe('paid');
    expect(sessionState({ status: 'complete', payment_status: 'no_payment_required' })).toBe('paid');
    expect(sessionState({ status: 'complete', payment_status: 'unpaid' })).toBe('pending');
    expect(sessionState({ status: 'expired', payment_status: 'unpaid' })).toBe('expired');
    expect(sessionState({ status: null, payment_status: 'unpaid' })).toBe('pending');
  });
});
