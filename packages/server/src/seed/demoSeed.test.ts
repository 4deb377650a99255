import type { Branding, CurrentUser } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branding, memberships, organizations, users } from '../db/schema';
import { api, createTestContext, login, type TestContext, testPasswordHasher } from '../testing/testApp';
import { DEMO_ADMIN, DEMO_ORGANIZATION, DEMO_USER, seedDemoData } from './demoSeed';

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
});

describe('seedDemoData', () => {
  it('should create the demo organisation, admin and user once, and change nothing on later runs', async () => {
    const first = await seed();
    expect(first).toEqual({ createdUsers: [DEMO_ADMIN.email, DEMO_USER.email], createdOrganization: true });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ users: 2, organizations: 1, memberships: 2, branding: 1 });

    const second = await seed();
    expect(second).toEqual({ createdUsers: [], createdOrganization: false });
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

  it('should be safe when two instances seed at the same moment', async () => {
    const before = await counts();
    await Promise.all([seed(), seed()]);
    expect(await counts()).toEqual(before);
  });
});
