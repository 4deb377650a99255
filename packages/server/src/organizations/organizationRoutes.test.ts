import type { CurrentUser, Organization } from '@loop/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../db/schema';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { NO_ORGANIZATION, ORGANIZATION_NOT_FOUND } from './memberships';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const create = (token: string, name: unknown) =>
  api(ctx.app, 'POST', '/organizations', { token, payload: { name } });

describe('POST /organizations', () => {
  it('should create the organisation with the creator as owner and complete onboarding', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    expect(
      (await api(ctx.app, 'GET', '/users/me', { token: access_token })).json().onboarding_completed,
    ).toBe(false);

    const response = await create(access_token, '  Bakkerij Noor ');

    expect(response.statusCode).toBe(201);
    const organization = response.json<Organization>();
    expect(organization).toStrictEqual({ id: organization.id, name: 'Bakkerij Noor', role: 'owner' });
    const [membership] = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, organization.id)));
    expect(membership?.role).toBe('owner');
    const current = (await api(ctx.app, 'GET', '/users/me', { token: access_token })).json<CurrentUser>();
    expect(current.onboarding_completed).toBe(true);
    expect(current.organization_id).toBe(organization.id);
  });

  it('should check the name with the shared rules', async () => {
    const { access_token } = await login(ctx.app, await createUser(ctx));
    const empty = await create(access_token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'Vul de naam van je organisatie in.',
      fields: { name: 'Vul de naam van je organisatie in.' },
    });
    expect((await create(access_token, 'x'.repeat(121))).json().fields).toEqual({
      name: 'De naam mag hoogstens 120 tekens lang zijn.',
    });
    expect((await create(access_token, 42)).statusCode).toBe(400);
  });

  it('should need a login', async () => {
    const response = await api(ctx.app, 'POST', '/organizations', { payload: { name: 'Zonder login' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /organizations', () => {
  it("should list only the user's organisations with their role, sorted by name", async () => {
    const owner = await createUser(ctx);
    const ownerToken = (await login(ctx.app, owner)).access_token;
    const second = (await create(ownerToken, 'Tweede')).json<Organization>();
    const first = (await create(ownerToken, 'Eerste')).json<Organization>();
    const member = await createUser(ctx);
    await ctx.db.insert(memberships).values({ userId: member.id, organizationId: second.id, role: 'member' });
    const stranger = await createUser(ctx);

    const ownerList = await api(ctx.app, 'GET', '/organizations', { token: ownerToken });
    expect(ownerList.json()).toEqual([first, second]);
    const memberList = await api(ctx.app, 'GET', '/organizations', {
      token: (await login(ctx.app, member)).access_token,
    });
    expect(memberList.json()).toEqual([{ id: second.id, name: 'Tweede', role: 'member' }]);
    const strangerList = await api(ctx.app, 'GET', '/organizations', {
      token: (await login(ctx.app, stranger)).access_token,
    });
    expect(strangerList.json()).toEqual([]);
  });
});

describe('X-Organization-Id', () => {
  it("should answer 404 for another organisation's id, an unknown id and a non-number", async () => {
    const alice = await createUser(ctx);
    const aliceToken = (await login(ctx.app, alice)).access_token;
    const aliceOrganization = (await create(aliceToken, 'Van Alice')).json<Organization>();
    const bob = await createUser(ctx);
    const bobToken = (await login(ctx.app, bob)).access_token;
    await create(bobToken, 'Van Bob');

    for (const header of [String(aliceOrganization.id), '999999', '99999999999', 'abc', '1.5', '-1', '0']) {
      const response = await api(ctx.app, 'GET', '/branding/mine', {
        token: bobToken,
        headers: { 'x-organization-id': header },
      });
      expect(response.statusCode, `header ${JSON.stringify(header)}`).toBe(404);
      expect(response.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
    }
    const own = await api(ctx.app, 'GET', '/branding/mine', {
      token: aliceToken,
      headers: { 'x-organization-id': String(aliceOrganization.id) },
    });
    expect(own.statusCode).toBe(200);
  });

  it('should fall back to the first organisation without the header, and say so when there is none', async () => {
    const user = await createUser(ctx);
    const token = (await login(ctx.app, user)).access_token;
    const none = await api(ctx.app, 'GET', '/branding/mine', { token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: NO_ORGANIZATION });

    await create(token, 'Enige');
    expect((await api(ctx.app, 'GET', '/branding/mine', { token })).statusCode).toBe(200);
  });
});
