import { API_KEY_SCOPES, type ApiKeyScope } from '@loop/core';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import { makeApiKey } from '../testing/apiKeyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { API_KEY_ROUTE_SCOPES } from './apiKeyRouteScopes';

/**
 * The route-by-scope matrix (R-KEY-3, R-KEY-5): every route that needs a login is called with an
 * API key. Routes without a scope refuse every key; a key without the route's scope gets 403; a
 * key with it passes authentication and the role check (the route then answers for its input).
 */
let ctx: TestContext;
let team: TestTeam;
let everything: string;
const only = new Map<ApiKeyScope, string>();
const allBut = new Map<ApiKeyScope, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Sleutelmatrix BV');
  const owner = { token: team.owner.token, headers: team.headers };
  everything = (await makeApiKey(ctx, owner, API_KEY_SCOPES)).secret;
  for (const scope of API_KEY_SCOPES) {
    only.set(scope, (await makeApiKey(ctx, owner, [scope])).secret);
    allBut.set(
      scope,
      (
        await makeApiKey(
          ctx,
          owner,
          API_KEY_SCOPES.filter((other) => other !== scope),
        )
      ).secret,
    );
  }
});

afterAll(async () => {
  await ctx?.close();
});

/** Any working key may ask about itself (apiKeyRoutes.test.ts); no other route without a scope. */
const KEY_ABOUT_ITSELF = 'GET /api/v1/api-keys/current';

const protectedRoutes = () => ctx.app.routePermissions.filter((route) => route.authenticated);

/** Ids that exist nowhere and an empty body: no call of the matrix changes data. */
const call = (route: { method: string; url: string }, key: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, '999999'),
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

describe('the route-by-scope matrix', () => {
  it('should give exactly the reviewed routes a scope, each an organisation route with a login', () => {
    const declared = Object.fromEntries(
      ctx.app.routePermissions
        .filter((route) => route.apiKeyScope !== null)
        .map((route) => [`${route.method} ${route.url}`, route.apiKeyScope]),
    );
    expect(declared).toEqual(API_KEY_ROUTE_SCOPES);
    for (const route of ctx.app.routePermissions.filter((each) => each.apiKeyScope !== null)) {
      expect(route.authenticated, route.url).toBe(true);
      expect(route.permission, route.url).not.toBeNull();
    }
    expect(protectedRoutes().length).toBeGreaterThan(150);
  });

  it('should refuse every key on a route without a scope', async () => {
    const unscoped = protectedRoutes().filter(
      (route) => route.apiKeyScope === null && `${route.method} ${route.url}` !== KEY_ABOUT_ITSELF,
    );
    for (const route of unscoped) {
      const response = await call(route, everything);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), route.url).toEqual({ detail: API_KEY_MESSAGES.routeNotAllowed });
    }
    const urls = unscoped.map((route) => `${route.method} ${route.url}`);
    for (const never of [
      'GET /api/v1/users/me',
      'GET /api/v1/api-keys',
      'POST /api/v1/api-keys',
      'GET /api/v1/admin/users',
    ])
      expect(urls).toContain(never);
  });

  it('should refuse a key without the scope and let one with it through the role check', async () => {
    const scoped = protectedRoutes().filter((route) => route.apiKeyScope !== null);
    for (const route of scoped) {
      const scope = route.apiKeyScope as ApiKeyScope;
      const where = `${route.method} ${route.url}`;
      const without = await call(route, allBut.get(scope) ?? '');
      expect(without.statusCode, where).toBe(403);
      expect(without.json(), where).toEqual({ detail: API_KEY_MESSAGES.scopeMissing(scope) });
      const granted = await call(route, only.get(scope) ?? '');
      expect([401, 403, 419], `${where}: ${granted.body.slice(0, 200)}`).not.toContain(granted.statusCode);
      if (String(granted.headers['content-type']).startsWith('application/json')) {
        expect(granted.json(), where).not.toEqual({ detail: ORGANIZATION_NOT_FOUND });
      }
      // Its own organisation named in the header is fine; any other is refused.
      const other = await call(route, only.get(scope) ?? '', { 'x-organization-id': '999999' });
      expect(other.statusCode, where).toBe(403);
      expect(other.json()).toEqual({ detail: API_KEY_MESSAGES.otherOrganization });
    }
    expect(scoped.length).toBe(Object.keys(API_KEY_ROUTE_SCOPES).length);
  });
});
