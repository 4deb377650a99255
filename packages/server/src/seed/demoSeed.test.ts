import type {
  Branding,
  BusinessAnalysisResponse,
  CurrentUser,
  OpenAnswerSummary,
  Page,
  SurveySummary,
  UserSubscription,
} from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branding, memberships, organizations, subscriptions, users } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { api, createTestContext, login, type TestContext, testPasswordHasher } from '../testing/testApp';
import { DEMO_ADMIN, DEMO_ORGANIZATION, DEMO_USER, seedDemoData } from './demoSeed';
import { DEMO_SURVEY_TITLES } from './demoSurveys';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const seed = () => seedDemoData({ db: ctx.db, clock: ctx.clock, passwords: testPasswordHasher });

const counts = async () => ({
  users: await ctx.db.$count(users),
  organizations: await ctx.db.$count(organizations),
  memberships: await ctx.db.$count(memberships),
  branding: await ctx.db.$count(branding),
  subscriptions: await ctx.db.$count(subscriptions),
});

const demoPlan = async (token: string) =>
  (await api(ctx.app, 'GET', '/user-subscriptions/me', { token })).json<UserSubscription>();

describe('seedDemoData', () => {
  it('should create the demo organisation, admin and user once, and change nothing on later runs', async () => {
    const first = await seed();
    expect(first).toEqual({
      createdUsers: [DEMO_ADMIN.email, DEMO_USER.email],
      createdOrganization: true,
      createdSurveys: [DEMO_SURVEY_TITLES.employees, DEMO_SURVEY_TITLES.customers],
    });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ users: 2, organizations: 1, memberships: 2, branding: 1, subscriptions: 1 });

    const second = await seed();
    expect(second).toEqual({ createdUsers: [], createdOrganization: false, createdSurveys: [] });
    expect(await counts()).toEqual(afterFirst);
  });

  it('should give the admin all rights and ownership, and the user a plain membership', async () => {
    const admin = await login(ctx.app, DEMO_ADMIN);
    const adminMe = (
      await api(ctx.app, 'GET', '/users/me', { token: admin.access_token })
    ).json<CurrentUser>();
    expect(adminMe).toMatchObject({
      name: 'Anna Beheerder',
      is_admin: true,
      can_manage_templates: true,
      email_verified: true,
      onboarding_completed: true,
      organization_name: DEMO_ORGANIZATION.name,
    });
    const orgs = await api(ctx.app, 'GET', '/organizations', { token: admin.access_token });
    expect(orgs.json()).toEqual([{ id: adminMe.organization_id, name: 'Demo Organisatie', role: 'owner' }]);

    const user = await login(ctx.app, DEMO_USER);
    const userMe = (await api(ctx.app, 'GET', '/users/me', { token: user.access_token })).json<CurrentUser>();
    expect(userMe).toMatchObject({
      name: 'Daan Demo',
      is_admin: false,
      can_manage_templates: false,
      email_verified: true,
      onboarding_completed: true,
      organization_id: adminMe.organization_id,
    });
    const look = (await api(ctx.app, 'GET', '/branding/mine', { token: user.access_token })).json<Branding>();
    expect(look.primary_color).toBe('#0f766e');
  });

  it('should put the demo organisation on proloop, so every member sees every feature a plan sells', async () => {
    const user = await login(ctx.app, DEMO_USER);
    const subscription = await demoPlan(user.access_token);
    expect(subscription).toMatchObject({ plan_name: 'proloop', status: 'active', end_date: null });
    expect(subscription.features.map((feature) => feature.key)).toEqual([
      'core',
      'ai',
      'analytics',
      'export',
      'branding',
      'business',
    ]);
  });

  it('should let a demo member make a business analysis of the demo surveys', async () => {
    const user = await login(ctx.app, DEMO_USER);
    const response = await api(ctx.app, 'POST', '/organization/business-analysis', {
      token: user.access_token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, metadata } = response.json<BusinessAnalysisResponse>();
    expect(metadata.organization.name).toBe(DEMO_ORGANIZATION.name);
    const titles = Object.values(DEMO_SURVEY_TITLES);
    expect(metadata.data_points.surveys).toBe(titles.length);
    for (const title of titles) expect(analysis).toContain(`### ${title}`);
  });

  it("should let a demo member summarise the employee survey's open answers into themes", async () => {
    const user = await login(ctx.app, DEMO_USER);
    const list = await api(ctx.app, 'GET', '/surveys?q=Medewerkerstevredenheid', {
      token: user.access_token,
    });
    const [survey] = list.json<Page<SurveySummary>>().items;
    const response = await api(ctx.app, 'POST', `/surveys/${survey?.id}/questions/mtv-verbeter/summary`, {
      token: user.access_token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<OpenAnswerSummary>();
    expect(summary.answers_total).toBeGreaterThan(20);
    expect(summary.themes.length).toBeGreaterThan(2);
    expect(summary.themes.every((theme) => theme.count >= 2 && theme.quotes.length > 0)).toBe(true);
  });

  it('should never overwrite a changed password or brand colour', async () => {
    const session = await login(ctx.app, DEMO_USER);
    await api(ctx.app, 'POST', '/users/me/password', {
      token: session.access_token,
      payload: { current_password: DEMO_USER.password, new_password: 'Zelf-gekozen-1' },
    });
    const admin = await login(ctx.app, DEMO_ADMIN);
    await api(ctx.app, 'PATCH', '/branding/mine', {
      token: admin.access_token,
      payload: { primary_color: '#123456' },
    });

    await seed();

    const oldPassword = await api(ctx.app, 'POST', '/auth/login', { payload: DEMO_USER });
    expect(oldPassword.statusCode).toBe(401);
    await login(ctx.app, { email: DEMO_USER.email, password: 'Zelf-gekozen-1' });
    const [row] = await ctx.db.select().from(branding);
    expect(row?.primaryColor).toBe('#123456');
    const [demoUser] = await ctx.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    expect(demoUser?.name).toBe('Daan Demo');
  });

  it('should leave a plan chosen later alone', async () => {
    const admin = await login(ctx.app, DEMO_ADMIN);
    const [organization] = await ctx.db.select().from(organizations);
    await putOnPlan(ctx, organization!.id, 'smartloop');
    await seed();
    expect((await demoPlan(admin.access_token)).plan_name).toBe('smartloop');
    await putOnPlan(ctx, organization!.id, 'proloop');
  });

  it('should move a demo organisation from before billing (basicloop only) to proloop once', async () => {
    const fresh = await createTestContext();
    try {
      const freshSeed = () =>
        seedDemoData({ db: fresh.db, clock: fresh.clock, passwords: testPasswordHasher });
      await freshSeed();
      // As the billing migration leaves an organisation that existed before it: basicloop only.
      const [organization] = await fresh.db.select().from(organizations);
      await fresh.db.delete(subscriptions);
      await putOnPlan(fresh, organization!.id, 'basicloop');

      await freshSeed();
      await freshSeed();

      const rows = await fresh.db.select().from(subscriptions).orderBy(subscriptions.id);
      expect(rows.map((row) => row.status)).toEqual(['cancelled', 'active']);
      const admin = await login(fresh.app, DEMO_ADMIN);
      const current = (
        await api(fresh.app, 'GET', '/user-subscriptions/me', { token: admin.access_token })
      ).json<UserSubscription>();
      expect(current.plan_name).toBe('proloop');
    } finally {
      await fresh.close();
    }
  });

  it('should be safe when two instances seed at the same moment', async () => {
    const before = await counts();
    await Promise.all([seed(), seed()]);
    expect(await counts()).toEqual(before);
  });
});
