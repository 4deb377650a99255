import type { AdminOverview, AdminUser, Page } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../http/apiError';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx, { name: 'Anna Admin', isAdmin: true });
  adminToken = (await login(ctx.app, admin)).access_token;
  const user = await createUser(ctx, { name: 'Gewone Gerrit' });
  userToken = (await login(ctx.app, user)).access_token;
  await api(ctx.app, 'POST', '/organizations', { token: userToken, payload: { name: 'Gerrits Garage' } });
  await api(ctx.app, 'POST', '/organizations', { token: userToken, payload: { name: 'Gerrits Tweede' } });
  await createUser(ctx, { name: 'Onbevestigde Olga', email: 'olga_100%@voorbeeld.nl', verified: false });
});

afterAll(async () => {
  await ctx?.close();
});

describe('admin routes', () => {
  it('should answer 403 (not 401) to a logged-in user without admin rights', async () => {
    for (const path of ['/admin/overview', '/admin/users']) {
      const response = await api(ctx.app, 'GET', path, { token: userToken });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.forbiddenAdmin });
    }
    expect((await api(ctx.app, 'GET', '/admin/overview')).statusCode).toBe(401);
  });

  it('should give the platform totals', async () => {
    const extra = await createUser(ctx);
    const extraSession = await login(ctx.app, extra);
    await api(ctx.app, 'POST', '/auth/logout', { payload: { refresh_token: extraSession.refresh_token } });

    const response = await api(ctx.app, 'GET', '/admin/overview', { token: adminToken });

    expect(response.statusCode).toBe(200);
    expect(response.json<AdminOverview>()).toStrictEqual({
      users_total: 4,
      users_verified: 3,
      organizations_total: 2,
      sessions_active: 2,
    });
  });

  it('should not count sessions whose refresh token has expired as active', async () => {
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    const freshAdminToken = (await login(ctx.app, await createUser(ctx, { isAdmin: true }))).access_token;
    const overview = (
      await api(ctx.app, 'GET', '/admin/overview', { token: freshAdminToken })
    ).json<AdminOverview>();
    expect(overview.sessions_active).toBe(1);
    adminToken = freshAdminToken;
  });

  it('should list users page by page with their organisation count', async () => {
    const first = await api(ctx.app, 'GET', '/admin/users?page=1&page_size=2', { token: adminToken });

    expect(first.statusCode).toBe(200);
    const page = first.json<Page<AdminUser>>();
    expect(page).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(page.items.map((item) => item.name)).toEqual(['Anna Admin', 'Gewone Gerrit']);
    expect(page.items[1]).toStrictEqual({
      id: page.items[1]!.id,
      name: 'Gewone Gerrit',
      email: page.items[1]!.email,
      is_admin: false,
      can_manage_templates: false,
      email_verified: true,
      onboarding_completed: true,
      organizations: 2,
      created_at: '2026-03-02T09:00:00.000Z',
    });
    const second = (await api(ctx.app, 'GET', '/admin/users?page=2&page_size=2', { token: adminToken })).json<
      Page<AdminUser>
    >();
    expect(second.items.map((item) => item.name)).toEqual(['Onbevestigde Olga', 'Test Gebruiker']);
    const beyond = (await api(ctx.app, 'GET', '/admin/users?page=9', { token: adminToken })).json<
      Page<AdminUser>
    >();
    expect(beyond).toMatchObject({ items: [], total: 5, page: 9, page_size: 25 });
  });

  it('should search name and address case-insensitively, with LIKE wildcards taken literally', async () => {
    const byName = (await api(ctx.app, 'GET', '/admin/users?q=gERRIT', { token: adminToken })).json<
      Page<AdminUser>
    >();
    expect(byName.items.map((item) => item.name)).toEqual(['Gewone Gerrit']);
    expect(byName.total).toBe(1);

    const literal = (await api(ctx.app, 'GET', '/admin/users?q=_100%25', { token: adminToken })).json<
      Page<AdminUser>
    >();
    expect(literal.items.map((item) => item.name)).toEqual(['Onbevestigde Olga']);
    const wildcard = (await api(ctx.app, 'GET', '/admin/users?q=%25', { token: adminToken })).json<
      Page<AdminUser>
    >();
    expect(wildcard.total).toBe(1);
  });

  it('should refuse bad paging values with a Dutch message naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=-1', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page_size=1.5', 'page_size'],
      ['page=99999999999', 'page'],
    ];
    for (const [query, field] of cases) {
      const response = await api(ctx.app, 'GET', `/admin/users?${query}`, { token: adminToken });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields), query).toEqual([field]);
      expect(response.json().detail, query).toContain(field);
    }
  });
});
