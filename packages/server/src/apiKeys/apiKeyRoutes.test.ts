import type { ApiKey, Survey } from '@loop/core';
import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@loop/core/apiKeys';
import { isoDay } from '@loop/core/format';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyRateLimit } from '../auth/rateLimits';
import { hashToken } from '../auth/secureToken';
import { apiKeys, appLogs, memberships, surveyResponses } from '../db/schema';
import { makeApiKey, withKey } from '../testing/apiKeyTesting';
import { createSurvey } from '../testing/responseTesting';
import { sampleQuestions } from '../testing/surveyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let team: TestTeam;
let neighbour: TestTeam;
let survey: Survey;

const as = (member: { token: string }, t: TestTeam = team) => ({ token: member.token, headers: t.headers });

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Sleutelbedrijf BV');
  neighbour = await createTeam(ctx, 'Buurman BV');
  survey = await createSurvey(
    ctx,
    {
      organization: team.organization,
      managerToken: team.owner.token,
      memberToken: team.member.token,
      headers: team.headers,
    },
    { questions: sampleQuestions() },
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('making and listing keys', () => {
  it('should show the secret once and store only its SHA-256', async () => {
    const made = await makeApiKey(ctx, as(team.manager), ['surveys:read', 'kpis:read'], {
      name: 'BI-export',
      expires_on: isoDay(ctx.clock.now().getTime() + 30 * 86_400_000),
    });
    expect(made.secret).toMatch(API_KEY_PATTERN);
    expect(made.secret.startsWith(`${made.api_key.prefix}_`)).toBe(true);
    expect(made.api_key).toMatchObject({
      name: 'BI-export',
      scopes: ['surveys:read', 'kpis:read'],
      created_by: { id: team.manager.id, name: 'Bram Beheerder' },
      last_used_at: null,
      revoked_at: null,
    });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.api_key.id));
    expect(row?.secretHash).toBe(hashToken(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(14));
    const listed = await api(ctx.app, 'GET', '/api-keys', as(team.owner));
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(made.secret.slice(14));
    expect(listed.json<ApiKey[]>().map((key) => key.id)).toContain(made.api_key.id);
    const elsewhere = await api(ctx.app, 'GET', '/api-keys', as(neighbour.owner, neighbour));
    expect(elsewhere.json<ApiKey[]>().map((key) => key.id)).not.toContain(made.api_key.id);
  });

  it('should let only owners and managers manage keys', async () => {
    for (const member of [team.member, team.viewer]) {
      const response = await api(ctx.app, 'POST', '/api-keys', {
        ...as(member),
        payload: { name: 'Stiekem', scopes: ['surveys:read'] },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: PERMISSION_DENIED['apiKeys.manage'] });
    }
  });

  it('should refuse a bad form with Dutch field messages and store nothing', async () => {
    const before = await ctx.db.$count(apiKeys);
    const response = await api(ctx.app, 'POST', '/api-keys', {
      ...as(team.owner),
      payload: { name: ' ', scopes: [], expires_on: '2001-01-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: API_KEY_MESSAGES.nameRequired,
      scopes: API_KEY_MESSAGES.noScopes,
      expires_on: API_KEY_MESSAGES.expiryPast,
    });
    const unknown = await api(ctx.app, 'POST', '/api-keys', {
      ...as(team.owner),
      payload: { name: 'x', scopes: ['admin:all'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await ctx.db.$count(apiKeys)).toBe(before);
  });
});

describe('calling Loop with a key', () => {
  it('should work for its own organisation without a header, and refuse another one', async () => {
    const { secret } = await makeApiKey(ctx, as(team.owner), ['surveys:read']);
    const listed = await withKey(ctx, secret, 'GET', '/surveys');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(survey.title);
    const results = await withKey(ctx, secret, 'GET', `/surveys/${survey.id}/results`);
    expect(results.statusCode).toBe(200);
    const theirs = await createSurvey(ctx, {
      organization: neighbour.organization,
      managerToken: neighbour.owner.token,
      memberToken: neighbour.member.token,
      headers: neighbour.headers,
    });
    expect((await withKey(ctx, secret, 'GET', `/surveys/${theirs.id}/results`)).statusCode).toBe(404);
    const other = await withKey(ctx, secret, 'GET', '/surveys', {
      headers: { 'x-organization-id': String(neighbour.organization.id) },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: API_KEY_MESSAGES.otherOrganization });
  });

  it('should tell any key about itself and its organisation, and refuse a session', async () => {
    const made = await makeApiKey(ctx, as(team.manager), ['kpis:write'], { name: 'CLI' });
    const current = await withKey(ctx, made.secret, 'GET', '/api-keys/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      api_key: expect.objectContaining({ id: made.api_key.id, name: 'CLI', scopes: ['kpis:write'] }),
      organization: { id: team.organization.id, name: 'Sleutelbedrijf BV' },
    });
    const session = await api(ctx.app, 'GET', '/api-keys/current', as(team.manager));
    expect([session.statusCode, session.json()]).toEqual([403, { detail: API_KEY_MESSAGES.keyOnly }]);
  });

  it('should answer 401 with its own message for a malformed, unknown, revoked or expired key', async () => {
    const malformed = await withKey(ctx, 'loop_kort', 'GET', '/surveys');
    expect([malformed.statusCode, malformed.json()]).toEqual([401, { detail: API_KEY_MESSAGES.malformed }]);
    const unknown = await withKey(ctx, `loop_abcdefgh_${'A'.repeat(43)}`, 'GET', '/surveys');
    expect([unknown.statusCode, unknown.json()]).toEqual([401, { detail: API_KEY_MESSAGES.unknown }]);

    const made = await makeApiKey(ctx, as(team.owner), ['surveys:read']);
    const revoked = await api(ctx.app, 'POST', `/api-keys/${made.api_key.id}/revoke`, as(team.manager));
    expect(revoked.json<ApiKey>().revoked_at).not.toBeNull();
    const afterRevoke = await withKey(ctx, made.secret, 'GET', '/surveys');
    expect([afterRevoke.statusCode, afterRevoke.json()]).toEqual([401, { detail: API_KEY_MESSAGES.revoked }]);
    const foreign = await api(
      ctx.app,
      'POST',
      `/api-keys/${made.api_key.id}/revoke`,
      as(neighbour.owner, neighbour),
    );
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: API_KEY_MESSAGES.keyNotFound }]);
  });

  it('should stop working when its maker is no longer owner or manager', async () => {
    const maker = team.manager;
    const made = await makeApiKey(ctx, as(maker), ['surveys:read']);
    const where = and(eq(memberships.userId, maker.id), eq(memberships.organizationId, team.organization.id));
    await ctx.db.update(memberships).set({ role: 'member' }).where(where);
    const demoted = await withKey(ctx, made.secret, 'GET', '/surveys');
    expect([demoted.statusCode, demoted.json()]).toEqual([401, { detail: API_KEY_MESSAGES.creatorGone }]);
    await ctx.db.update(memberships).set({ role: 'manager' }).where(where);
    expect((await withKey(ctx, made.secret, 'GET', '/surveys')).statusCode).toBe(200);
  });

  it('should record the last use at most once a minute, and log the key by prefix only', async () => {
    const made = await makeApiKey(ctx, as(team.owner), ['kpis:read']);
    const lastUse = async () =>
      (await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.api_key.id)))[0]?.lastUsedAt?.getTime();
    const waitForUse = async (expected: number) => {
      for (let tries = 0; tries < 50 && (await lastUse()) !== expected; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await lastUse()).toBe(expected);
    };
    const first = ctx.clock.now().getTime();
    expect((await withKey(ctx, made.secret, 'GET', '/kpis')).statusCode).toBe(200);
    await waitForUse(first);
    ctx.clock.advance(30_000);
    await withKey(ctx, made.secret, 'GET', '/kpis');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lastUse()).toBe(first);
    ctx.clock.advance(31_000);
    await withKey(ctx, made.secret, 'GET', '/kpis');
    await waitForUse(first + 61_000);
    const listed = (await api(ctx.app, 'GET', '/api-keys', as(team.owner))).json<ApiKey[]>();
    expect(listed.find((key) => key.id === made.api_key.id)?.last_used_ip).toBe('127.0.0.1');

    await ctx.app.appLog.flush();
    const rows = await ctx.db.select().from(appLogs).where(eq(appLogs.route, '/api/v1/kpis'));
    const messages = rows.map((row) => row.message).join('\n');
    expect(messages).toContain(`met API-sleutel ${made.api_key.prefix} (id ${made.api_key.id})`);
    expect(messages).not.toContain(made.secret.slice(14));
  });

  it('should count requests per key and answer 429 with Retry-After over the limit', async () => {
    const app = await ctx.buildApp({ rateLimits: { apiKey: apiKeyRateLimit(2) } });
    const first = await makeApiKey(ctx, as(team.owner), ['surveys:read']);
    const second = await makeApiKey(ctx, as(team.owner), ['surveys:read']);
    const get = (key: string) =>
      app.inject({ method: 'GET', url: '/api/v1/surveys', headers: { authorization: `Bearer ${key}` } });
    expect((await get(first.secret)).statusCode).toBe(200);
    expect((await get(first.secret)).statusCode).toBe(200);
    const limited = await get(first.secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: API_KEY_MESSAGES.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second.secret)).statusCode).toBe(200);
  });
});

describe('writing responses with a key', () => {
  it('should submit through the answering checks and delete a response', async () => {
    const writer = await makeApiKey(ctx, as(team.owner), ['responses:write']);
    const reader = await makeApiKey(ctx, as(team.owner), ['surveys:read']);
    const path = `/surveys/${survey.id}/responses`;
    const count = () => ctx.db.$count(surveyResponses, eq(surveyResponses.surveyId, survey.id));
    const before = await count();
    const missing = await withKey(ctx, writer.secret, 'POST', path, { payload: { answers: [] } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toContain('answers.q-nps');
    expect(await count()).toBe(before);
    const refused = await withKey(ctx, reader.secret, 'POST', path, {
      payload: { answers: [{ question_id: 'q-nps', value: { score: 9 } }] },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { detail: API_KEY_MESSAGES.scopeMissing('responses:write') },
    ]);
    const submitted = await withKey(ctx, writer.secret, 'POST', path, {
      payload: { answers: [{ question_id: 'q-nps', value: { score: 9 } }] },
    });
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json().status).toBe('completed');
    expect(await count()).toBe(before + 1);
    const [stored] = await ctx.db
      .select({ id: surveyResponses.id, status: surveyResponses.status })
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(stored?.status).toBe('completed');
    const deleted = await withKey(ctx, writer.secret, 'DELETE', `${path}/${stored?.id}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await count()).toBe(before);
  });
});

describe('an expiring key', () => {
  // Last in the file: the clock moves on two days, past every session's access token.
  it('should work through its last day and answer 401 after it', async () => {
    const today = isoDay(ctx.clock.now());
    const expiring = await makeApiKey(ctx, as(team.owner), ['surveys:read'], { expires_on: today });
    expect(new Date(expiring.api_key.expires_at ?? '').getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect((await withKey(ctx, expiring.secret, 'GET', '/surveys')).statusCode).toBe(200);
    ctx.clock.advance(2 * 86_400_000);
    const expired = await withKey(ctx, expiring.secret, 'GET', '/surveys');
    expect([expired.statusCode, expired.json()]).toEqual([401, { detail: API_KEY_MESSAGES.expired }]);
  });
});
