import type { CurrentUser, MemberRole } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../db/schema';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { USER_MESSAGES } from './userRoutes';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function addOrganization(userId: number, name: string, role: MemberRole): Promise<number> {
  const [organization] = await ctx.db
    .insert(organizations)
    .values({ name })
    .returning({ id: organizations.id });
  await ctx.db.insert(memberships).values({ userId, organizationId: organization!.id, role });
  return organization!.id;
}

const me = (token: string) => api(ctx.app, 'GET', '/users/me', { token });

describe('GET /users/me', () => {
  it('should answer exactly the fields of CurrentUser, organisations sorted by name', async () => {
    const user = await createUser(ctx, { name: 'Mila Meijer' });
    const zebra = await addOrganization(user.id, 'Zebra Zorg', 'owner');
    const appel = await addOrganization(user.id, 'appel & Peer', 'member');
    const beta = await addOrganization(user.id, 'Bèta Bouw', 'viewer');
    const { access_token } = await login(ctx.app, user);

    const response = await me(access_token);

    expect(response.statusCode).toBe(200);
    const expected: CurrentUser = {
      can_manage_templates: false,
      onboarding_completed: false,
      organizations: [
        { id: appel, name: 'appel & Peer', role: 'member' },
        { id: beta, name: 'Bèta Bouw', role: 'viewer' },
        { id: zebra, name: 'Zebra Zorg', role: 'owner' },
      ],
      organization_id: appel,
      organization_name: 'appel & Peer',
      id: user.id,
      name: 'Mila Meijer',
      email: user.email,
      is_admin: false,
      email_verified: true,
      pending_email: null,
    };
    expect(response.json()).toStrictEqual(expected);
  });

  it('should answer null organisation fields for a user without organisations', async () => {
    const user = await createUser(ctx);
    const body = (await me((await login(ctx.app, user)).access_token)).json<CurrentUser>();
    expect(body.organizations).toEqual([]);
    expect(body.organization_id).toBeNull();
    expect(body.organization_name).toBeNull();
  });

  it('should show rights as stored now, not as the token remembers them', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    await ctx.db.update(users).set({ canManageTemplates: true, isAdmin: true }).where(eq(users.id, user.id));

    const body = (await me(access_token)).json<CurrentUser>();
    expect(body.can_manage_templates).toBe(true);
    expect(body.is_admin).toBe(true);
  });
});

describe('PATCH /users/me', () => {
  it('should change the name (trimmed) and answer the updated user', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);

    const response = await api(ctx.app, 'PATCH', '/users/me', {
      token: access_token,
      payload: { name: '  Nieuwe Naam ' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({
      name: 'Nieuwe Naam',
      email: user.email,
      email_verified: true,
    });
  });

  it('should validate with the shared rules and leave the user unchanged', async () => {
    const user = await createUser(ctx, { name: 'Blijft Gelijk' });
    const { access_token } = await login(ctx.app, user);

    const response = await api(ctx.app, 'PATCH', '/users/me', {
      token: access_token,
      payload: { name: 'x'.repeat(101), email: 'fout' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Je naam mag hoogstens 100 tekens lang zijn.' });
    expect((await me(access_token)).json<CurrentUser>().name).toBe('Blijft Gelijk');
  });
});

describe('POST /users/me/password', () => {
  const change = (token: string, current: string, next: string) =>
    api(ctx.app, 'POST', '/users/me/password', {
      token,
      payload: { current_password: current, new_password: next },
    });

  it('should refuse a wrong current password on its field', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);

    const response = await change(access_token, 'Niet-mijn-wachtwoord', 'Nieuw-wachtwoord-1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: USER_MESSAGES.wrongPassword,
      fields: { current_password: USER_MESSAGES.wrongPassword },
    });
    await login(ctx.app, user);
  });

  it('should change it, keep this session and end the others', async () => {
    const user = await createUser(ctx);
    const here = await login(ctx.app, user);
    const elsewhere = await login(ctx.app, user);

    const response = await change(here.access_token, user.password, 'Nieuw-wachtwoord-1');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: USER_MESSAGES.passwordChanged });
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await me(elsewhere.access_token)).statusCode).toBe(419);
    const refreshed = await api(ctx.app, 'POST', '/auth/refresh', {
      payload: { refresh_token: here.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    await login(ctx.app, { email: user.email, password: 'Nieuw-wachtwoord-1' });
  });

  it('should check the new password with the shared rules', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const response = await change(access_token, user.password, 'kort');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      new_password: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
    });
  });
});
