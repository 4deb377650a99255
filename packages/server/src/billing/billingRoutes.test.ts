import type { BillingSettings, Feature, Plan, UserSubscription } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import { billingCounts, createOrganizationWithMember, planNamed, putOnPlan } from '../testing/billing';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let features: Feature[];

beforeAll(async () => {
  ctx = await createTestContext();
  const token = (await login(ctx.app, await createUser(ctx))).access_token;
  features = (await api(ctx.app, 'GET', '/features', { token })).json<Feature[]>();
});

afterAll(async () => {
  await ctx?.close();
});

const feature = (key: string): Feature => {
  const found = features.find((each) => each.key === key);
  if (found === undefined) throw new Error(`no feature ${key}`);
  return found;
};

const me = (token: string, headers: Record<string, string>) =>
  api(ctx.app, 'GET', '/user-subscriptions/me', { token, headers });

describe('GET /features', () => {
  it('should list the six features in order, with Dutch names and HTML descriptions', async () => {
    expect(features.map((each) => [each.key, each.name])).toEqual([
      ['core', 'Basis'],
      ['ai', 'AI-inzichten'],
      ['analytics', 'Analyse'],
      ['export', 'Exporteren'],
      ['branding', 'Eigen huisstijl'],
      ['business', 'Bedrijfsanalyse'],
    ]);
    for (const each of features) expect(Object.keys(each)).toEqual(['key', 'name', 'description']);
    for (const key of ['core', 'analytics', 'export', 'branding']) {
      expect(feature(key).description).toMatch(
        /^<p>.*<strong>.+<\/strong>.*<\/p><ul>(<li>[^<]+<\/li>)+<\/ul>$/,
      );
    }
  });

  it('should describe the AI insights as the summaries of open answers, by Loop unless a language model is connected (0018)', () => {
    const text = feature('ai').description;
    expect(text).toContain('<strong>Samenvattingen van open antwoorden</strong>');
    expect(text).toContain('Loop maakt de samenvatting zelf, zonder taalmodel');
    expect(text).not.toContain('nog niet beschikbaar');
  });

  it('should describe the business analysis as built, by rules unless a language model is connected (0016)', () => {
    const text = feature('business').description;
    expect(text).toContain('Een <strong>bedrijfsanalyse</strong> van je organisatie');
    expect(text).toContain('Het rapport afdrukken of bewaren als PDF en Markdown');
    expect(text).toContain('Loop schrijft het rapport zelf, met vaste regels over je cijfers.');
    expect(text).not.toContain('nog niet beschikbaar');
  });

  it('should describe analytics as the page across all surveys, and core as what every plan has', () => {
    // Migration 0010: core promised contacts, invitations and a dashboard, analytics a KPI dashboard
    // before either existed; 0014 names the KPI board (core), the advanced KPI dashboard and finance.
    const analytics = feature('analytics').description;
    expect(analytics).toContain('al je surveys samen');
    expect(analytics).toContain('best en de laagst scorende stellingen');
    expect(analytics).toContain('Het geavanceerde KPI-dashboard');
    expect(analytics).toContain(
      'de btw per kwartaal, en bankafschriften importeren (CAMT.053, MT940 en CSV)',
    );
    expect(feature('core').description).toContain('Een KPI-bord op je dashboard');
    expect(feature('core').description).toContain('Resultaten per vraag met grafieken');
    expect(feature('core').description).toContain('Antwoorden exporteren als CSV');
    expect(feature('core').description).toContain(
      'Logica (vragen tonen, overslaan en eigen eindschermen), meerdere talen',
    );
    expect(feature('core').description).toContain(
      'met meldingen per e-mail, Slack of Teams en een deelbare resultatenpagina',
    );
    // Migration 0043: keys, webhooks and the command-line client, once they worked.
    expect(feature('core').description).toContain(
      'API-sleutels met bevoegdheden, ondertekende webhooks met een afleverlog en het opdrachtregelprogramma',
    );
  });

  it('should describe export as the XLSX export and the results PDF, with CSV on every plan and no reports', () => {
    // Migration 0009: the text once promised PDF and Markdown reports; 0017 names the PDF summary
    // of a survey's results, which the results page now makes.
    const text = feature('export').description;
    expect(text).toContain('XLSX');
    expect(text).toContain('een samenvatting als PDF');
    expect(text).toContain('Exporteren als CSV en de export van één respondent kunnen met elk abonnement');
    expect(text).not.toMatch(/Markdown|rapport/i);
  });

  it('should need a login', async () => {
    for (const path of ['/features', '/plans', '/user-subscriptions/me', '/billing/settings', '/payments']) {
      expect((await api(ctx.app, 'GET', path)).statusCode, path).toBe(401);
    }
  });
});

describe('GET /plans', () => {
  it('should answer the three plans cheapest first, with their features as Feature objects', async () => {
    const token = (await login(ctx.app, await createUser(ctx))).access_token;
    const response = await api(ctx.app, 'GET', '/plans', { token });
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    expect(plans.map(({ name, price_per_month }) => [name, price_per_month])).toEqual([
      ['basicloop', 0],
      ['smartloop', 29],
      ['proloop', 79],
    ]);
    expect(plans[0]!.features).toStrictEqual([feature('core')]);
    expect(plans[1]!.features).toStrictEqual(['core', 'analytics', 'export', 'branding'].map(feature));
    // 'business' is back on proloop (0016), and 'ai' with the summaries of open answers (0018).
    expect(plans[2]!.features).toStrictEqual(
      ['core', 'ai', 'analytics', 'export', 'branding', 'business'].map(feature),
    );
    expect(Object.keys(plans[0]!)).toEqual(['id', 'name', 'price_per_month', 'features']);
  });
});

describe('GET /user-subscriptions/me', () => {
  it('should put a new organisation on basicloop, for the owner and every member alike', async () => {
    const { ownerToken, memberToken, headers } = await createOrganizationWithMember(ctx, 'Nieuw BV');
    const basicloop = await planNamed(ctx, 'basicloop');

    const response = await me(ownerToken, headers);

    expect(response.statusCode).toBe(200);
    const subscription = response.json<UserSubscription>();
    expect(subscription).toStrictEqual({
      id: subscription.id,
      plan_id: basicloop.id,
      plan_name: 'basicloop',
      status: 'active',
      start_date: ctx.clock.now().toISOString(),
      end_date: null,
      features: [feature('core')],
    });
    expect((await me(memberToken, headers)).json()).toStrictEqual(subscription);
  });

  it("should answer the current organisation's subscription and 404 for another organisation", async () => {
    const first = await createOrganizationWithMember(ctx, 'Eerste');
    const second = await createOrganizationWithMember(ctx, 'Tweede');
    await putOnPlan(ctx, second.organization.id, 'proloop');

    expect((await me(second.ownerToken, second.headers)).json<UserSubscription>().plan_name).toBe('proloop');
    expect((await me(first.ownerToken, first.headers)).json<UserSubscription>().plan_name).toBe('basicloop');
    const foreign = await me(first.ownerToken, second.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
  });
});

describe('POST /user-subscriptions', () => {
  const change = (token: string, headers: Record<string, string>, payload: unknown) =>
    api(ctx.app, 'POST', '/user-subscriptions', { token, headers, payload });

  it('should switch an owner to a free plan at once, ending the old subscription', async () => {
    const { organization, ownerToken, memberToken, headers } = await createOrganizationWithMember(ctx);
    await putOnPlan(ctx, organization.id, 'smartloop');
    const before = (await me(ownerToken, headers)).json<UserSubscription>();
    ctx.clock.advance(60_000);
    const basicloop = await planNamed(ctx, 'basicloop');

    const response = await change(ownerToken, headers, { plan_id: basicloop.id });

    expect(response.statusCode).toBe(201);
    const after = response.json<UserSubscription>();
    expect(after).toMatchObject({
      plan_id: basicloop.id,
      plan_name: 'basicloop',
      status: 'active',
      start_date: ctx.clock.now().toISOString(),
      end_date: null,
      features: [feature('core')],
    });
    expect(after.id).not.toBe(before.id);
    expect((await me(memberToken, headers)).json()).toStrictEqual(after);
    const [old] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, before.id));
    expect(old).toMatchObject({ status: 'cancelled', endDate: ctx.clock.now() });
  });

  it('should refuse an unknown plan, the current plan and a paid plan, storing nothing', async () => {
    const { ownerToken, headers } = await createOrganizationWithMember(ctx);
    const basicloop = await planNamed(ctx, 'basicloop');
    const smartloop = await planNamed(ctx, 'smartloop');
    const before = await billingCounts(ctx);

    for (const planId of [999_999, 0, -1, 2 ** 40]) {
      const unknown = await change(ownerToken, headers, { plan_id: planId });
      expect(unknown.statusCode, String(planId)).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Dit plan bestaat niet.' });
    }
    const same = await change(ownerToken, headers, { plan_id: basicloop.id });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ detail: 'Je hebt dit plan al.' });
    const paid = await change(ownerToken, headers, { plan_id: smartloop.id });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().detail).toBe('Voor dit plan is een betaling nodig.');
    for (const payload of [{}, { plan_id: '1' }, { plan_id: 1.5 }, { plan_id: null }]) {
      const bad = await change(ownerToken, headers, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['plan_id']);
    }
    expect(await billingCounts(ctx)).toEqual(before);
  });

  it('should answer 409 when a paid plan the organisation already has is chosen', async () => {
    const { organization, ownerToken, headers } = await createOrganizationWithMember(ctx);
    const proloop = await putOnPlan(ctx, organization.id, 'proloop');
    const response = await change(ownerToken, headers, { plan_id: proloop.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Je hebt dit plan al.' });
  });

  it('should let only owners change the plan, and only their own organisation', async () => {
    const { organization, ownerToken, memberToken, headers } = await createOrganizationWithMember(ctx);
    await putOnPlan(ctx, organization.id, 'smartloop');
    const basicloop = await planNamed(ctx, 'basicloop');
    const stranger = await createOrganizationWithMember(ctx, 'Vreemd');
    const before = await billingCounts(ctx);

    const byMember = await change(memberToken, headers, { plan_id: basicloop.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['billing.manage'] });
    const foreign = await change(stranger.ownerToken, headers, { plan_id: basicloop.id });
    expect(foreign.statusCode).toBe(404);
    expect(await billingCounts(ctx)).toEqual(before);
    expect((await me(ownerToken, headers)).json<UserSubscription>().plan_name).toBe('smartloop');
  });
});

describe('GET /billing/settings', () => {
  const settings = async (app = ctx.app) => {
    const token = (await login(app, await createUser(ctx))).access_token;
    const response = await api(app, 'GET', '/billing/settings', { token });
    expect(response.statusCode).toBe(200);
    return response.json<BillingSettings>();
  };

  it('should say online checkout is off with Stripe by default', async () => {
    expect(await settings()).toStrictEqual({ online_checkout: false, provider: 'stripe' });
  });

  it('should follow ONLINE_CHECKOUT and PAYMENT_PROVIDER, and stay off for a provider that is not set up', async () => {
    const simulated = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'simulated' } });
    expect(await settings(simulated)).toStrictEqual({ online_checkout: true, provider: 'simulated' });
    const stripeWithoutKeys = await ctx.buildApp({
      config: { onlineCheckout: true, paymentProvider: 'stripe' },
    });
    expect(await settings(stripeWithoutKeys)).toStrictEqual({ online_checkout: false, provider: 'stripe' });
    const production = await ctx.buildApp({
      config: { onlineCheckout: true, paymentProvider: 'simulated', production: true },
    });
    expect(await settings(production)).toStrictEqual({ online_checkout: false, provider: 'simulated' });
  });
});
