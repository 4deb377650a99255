import type { AdminPayment, AdminSubscription, Page, Plan, UserSubscription } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES } from '../billing/catalog';
import { subscriptions } from '../db/schema';
import { MESSAGES } from '../http/apiError';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import {
  billingCounts,
  createOrganizationWithMember,
  planNamed,
  type TestOrganization,
} from '../testing/billing';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { ADMIN_BILLING_MESSAGES } from './adminBillingRoutes';

let ctx: TestContext;
let adminToken: string;
let org: TestOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, await createUser(ctx, { isAdmin: true }))).access_token;
  org = await createOrganizationWithMember(ctx, 'Klant BV');
});

afterAll(async () => {
  await ctx?.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  api(ctx.app, method, path, { token: adminToken, ...(payload === undefined ? {} : { payload }) });

const subscriptionOf = async (target: TestOrganization) =>
  (
    await api(ctx.app, 'GET', '/user-subscriptions/me', {
      token: target.memberToken,
      headers: target.headers,
    })
  ).json<UserSubscription>();

describe('admin billing routes', () => {
  it('should answer 403 to everyone but admins, before looking at the body, and 401 without login', async () => {
    const before = await billingCounts(ctx);
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['GET', '/admin/plans', undefined],
      ['POST', '/admin/plans', { name: 'hack', price_per_month: 0, feature_keys: ['core'] }],
      ['POST', '/admin/plans', { onzin: true }],
      ['PUT', '/admin/plans/1', { name: 'hack', price_per_month: 0, feature_keys: ['core'] }],
      ['GET', '/admin/subscriptions', undefined],
      ['GET', '/admin/payments', undefined],
      ['POST', '/admin/subscriptions', { organization_id: org.organization.id, plan_id: 1 }],
      ['POST', '/admin/subscriptions', {}],
    ];
    for (const [method, path, payload] of calls) {
      const asOwner = await api(ctx.app, method, path, {
        token: org.ownerToken,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(asOwner.statusCode, `${method} ${path}`).toBe(403);
      expect(asOwner.json()).toEqual({ detail: MESSAGES.forbiddenAdmin });
      const anonymous = await api(ctx.app, method, path, payload === undefined ? {} : { payload });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should list the plans', async () => {
    const response = await admin('GET', '/admin/plans');
    expect(response.statusCode).toBe(200);
    expect(response.json<Plan[]>().map((plan) => plan.name)).toEqual(['basicloop', 'smartloop', 'proloop']);
  });

  it('should create a plan and show it to everyone, sorted by price', async () => {
    const response = await admin('POST', '/admin/plans', {
      name: '  teamloop ',
      price_per_month: 49.95,
      feature_keys: ['analytics', 'core', 'analytics'],
    });

    expect(response.statusCode).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({ name: 'teamloop', price_per_month: 49.95 });
    expect(plan.features.map((feature) => feature.key)).toEqual(['core', 'analytics']);
    expect(plan.features[0]).toMatchObject({ key: 'core', name: 'Basis' });
    const visible = (await api(ctx.app, 'GET', '/plans', { token: org.memberToken })).json<Plan[]>();
    expect(visible.map((each) => each.name)).toEqual(['basicloop', 'smartloop', 'teamloop', 'proloop']);
    expect(visible[2]).toStrictEqual(plan);
  });

  it('should check a plan: name, price, features; a taken name is 409; nothing stored', async () => {
    const before = await billingCounts(ctx);
    const valid = { name: 'nieuwloop', price_per_month: 10, feature_keys: ['core'] };
    const cases: Array<[string, unknown, string]> = [
      ['empty name', { ...valid, name: '   ' }, 'name'],
      ['long name', { ...valid, name: 'x'.repeat(61) }, 'name'],
      ['negative price', { ...valid, price_per_month: -1 }, 'price_per_month'],
      ['three decimals', { ...valid, price_per_month: 9.999 }, 'price_per_month'],
      ['absurd price', { ...valid, price_per_month: 1e12 }, 'price_per_month'],
      ['price as text', { ...valid, price_per_month: '10' }, 'price_per_month'],
      ['unknown feature', { ...valid, feature_keys: ['core', 'teleportatie'] }, 'feature_keys'],
      ['without core', { ...valid, feature_keys: ['analytics'] }, 'feature_keys'],
      ['no features', { ...valid, feature_keys: [] }, 'feature_keys'],
      ['missing features', { name: 'x', price_per_month: 1 }, 'feature_keys'],
    ];
    for (const [name, payload, field] of cases) {
      const response = await admin('POST', '/admin/plans', payload);
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(response.json().fields), name).toContain(field);
    }
    expect((await admin('POST', '/admin/plans', { ...valid, name: 'x'.repeat(61) })).json().fields).toEqual({
      name: PLAN_MESSAGES.nameTooLong,
    });
    expect(
      (await admin('POST', '/admin/plans', { ...valid, feature_keys: ['core', 'teleportatie'] })).json()
        .fields,
    ).toEqual({ feature_keys: 'Onbekende functie: teleportatie.' });
    const taken = await admin('POST', '/admin/plans', { ...valid, name: 'SmartLoop' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      detail: PLAN_MESSAGES.nameTaken,
      fields: { name: PLAN_MESSAGES.nameTaken },
    });
    expect(await billingCounts(ctx)).toEqual(before);
    expect((await admin('POST', '/admin/plans', { ...valid, name: 'x'.repeat(60) })).statusCode).toBe(201);
  });

  it('should change a plan, giving organisations on it the new features at once', async () => {
    const smartloop = await planNamed(ctx, 'smartloop');
    const customer = await createOrganizationWithMember(ctx, 'Smart BV');
    await admin('POST', '/admin/subscriptions', {
      organization_id: customer.organization.id,
      plan_id: smartloop.id,
    });

    const response = await admin('PUT', `/admin/plans/${smartloop.id}`, {
      name: 'smartloop',
      price_per_month: 32.5,
      // Smartloop already has every feature a route delivers: the change takes one away.
      feature_keys: ['core', 'analytics', 'export'],
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<Plan>()).toMatchObject({ id: smartloop.id, price_per_month: 32.5 });
    expect((await subscriptionOf(customer)).features.map((feature) => feature.key)).toEqual([
      'core',
      'analytics',
      'export',
    ]);
  });

  it('should refuse an unknown plan, a taken name and a price for the default plan', async () => {
    const basicloop = await planNamed(ctx, 'basicloop');
    const body = { name: 'basicloop', price_per_month: 0, feature_keys: ['core'] };
    for (const id of ['999999', 'abc', '0']) {
      const response = await admin('PUT', `/admin/plans/${id}`, body);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: PLAN_MESSAGES.notFound });
    }
    const renamed = await admin('PUT', `/admin/plans/${basicloop.id}`, { ...body, name: 'PROLOOP' });
    expect(renamed.statusCode).toBe(409);
    const priced = await admin('PUT', `/admin/plans/${basicloop.id}`, { ...body, price_per_month: 5 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().fields).toEqual({ price_per_month: PLAN_MESSAGES.defaultMustBeFree });
    expect(await planNamed(ctx, 'basicloop')).toStrictEqual(basicloop);
    // Renaming the default plan keeps new organisations on it.
    expect(
      (await admin('PUT', `/admin/plans/${basicloop.id}`, { ...body, name: 'startloop' })).statusCode,
    ).toBe(200);
    const fresh = await createOrganizationWithMember(ctx, 'Vers BV');
    expect((await subscriptionOf(fresh)).plan_name).toBe('startloop');
    await admin('PUT', `/admin/plans/${basicloop.id}`, body);
  });

  it('should put an organisation on a plan by hand, without a payment', async () => {
    const target = await createOrganizationWithMember(ctx, 'Handmatig BV');
    const proloop = await planNamed(ctx, 'proloop');
    const before = await billingCounts(ctx);
    const old = await subscriptionOf(target);
    ctx.clock.advance(1000);

    const response = await admin('POST', '/admin/subscriptions', {
      organization_id: target.organization.id,
      plan_id: proloop.id,
    });

    expect(response.statusCode).toBe(201);
    const created = response.json<AdminSubscription>();
    expect(created).toStrictEqual({
      id: created.id,
      organization_id: target.organization.id,
      organization_name: 'Handmatig BV',
      plan_id: proloop.id,
      plan_name: 'proloop',
      status: 'active',
      start_date: ctx.clock.now().toISOString(),
      end_date: null,
    });
    expect((await subscriptionOf(target)).id).toBe(created.id);
    expect(await billingCounts(ctx)).toEqual({ ...before, subscriptions: before.subscriptions + 1 });

    const history = (await admin('GET', '/admin/subscriptions?page=1&page_size=2')).json<
      Page<AdminSubscription>
    >();
    expect(history.items[0]).toStrictEqual(created);
    expect(history.items[1]).toMatchObject({
      id: old.id,
      organization_name: 'Handmatig BV',
      plan_name: 'basicloop',
      status: 'cancelled',
      end_date: ctx.clock.now().toISOString(),
    });

    const again = await admin('POST', '/admin/subscriptions', {
      organization_id: target.organization.id,
      plan_id: proloop.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ADMIN_BILLING_MESSAGES.alreadyOnPlan });
    const noOrganization = await admin('POST', '/admin/subscriptions', {
      organization_id: 999_999,
      plan_id: proloop.id,
    });
    expect(noOrganization.statusCode).toBe(404);
    expect(noOrganization.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
    const noPlan = await admin('POST', '/admin/subscriptions', {
      organization_id: target.organization.id,
      plan_id: 2 ** 40,
    });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json()).toEqual({ detail: PLAN_MESSAGES.notFound });
  });

  it('should list subscriptions and payments of every organisation page by page', async () => {
    const checkoutApp = await ctx.buildApp({
      config: { onlineCheckout: true, paymentProvider: 'simulated' },
    });
    const payer = await createOrganizationWithMember(ctx, 'Betaler BV');
    const smartloop = await planNamed(ctx, 'smartloop');
    const subscription = await subscriptionOf(payer);
    const started = await api(checkoutApp, 'POST', '/payments/checkout', {
      token: payer.ownerToken,
      headers: payer.headers,
      payload: {
        provider: 'simulated',
        kind: 'subscription',
        amount_cents: Math.round(smartloop.price_per_month * 100),
        currency: 'EUR',
        user_subscription_id: subscription.id,
        plan_id: smartloop.id,
        success_url: 'http://loop.test/billing/return?status=success',
        cancel_url: 'http://loop.test/billing/return?status=cancelled',
      },
    });
    expect(started.statusCode).toBe(201);

    const payments = (await admin('GET', '/admin/payments')).json<Page<AdminPayment>>();
    expect(payments).toMatchObject({ page: 1, page_size: 25, total: 1 });
    expect(payments.items[0]).toMatchObject({
      organization_id: payer.organization.id,
      organization_name: 'Betaler BV',
      provider: 'simulated',
      status: 'pending',
      plan_id: smartloop.id,
      user_subscription_id: subscription.id,
    });

    const all = (await admin('GET', '/admin/subscriptions?page_size=100')).json<Page<AdminSubscription>>();
    expect(all.total).toBe(await ctx.db.$count(subscriptions));
    expect(all.items.map((item) => item.id)).toEqual(
      [...all.items.map((item) => item.id)].sort((a, b) => b - a),
    );
    const second = (await admin('GET', '/admin/subscriptions?page=2&page_size=1')).json<
      Page<AdminSubscription>
    >();
    expect(second.items).toStrictEqual([all.items[1]]);
    expect((await admin('GET', '/admin/payments?page_size=500')).statusCode).toBe(400);
  });
});
