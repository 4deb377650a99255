import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { LogItem, LogsResponse } from '@loop/core';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { appLogs, users } from '../db/schema';
import { MESSAGES } from '../http/apiError';
import {
  api,
  createTestContext,
  createUser,
  login,
  type TestContext,
  testConfig,
  testPasswordHasher,
} from '../testing/testApp';
import { startLogRetention } from './logRetention';
import { LOG_LIMIT_DEFAULT, LOG_WINDOW_DEFAULT_DAYS } from './logRoutes';
import { UNMATCHED_ROUTE } from './requestLog';

let ctx: TestContext;
let adminToken: string;
let userToken: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, await createUser(ctx, { isAdmin: true }))).access_token;
  userToken = (await login(ctx.app, await createUser(ctx))).access_token;
});

afterAll(async () => {
  await ctx?.close();
});

async function logs(query = '', token = adminToken): Promise<LogItem[]> {
  await ctx.app.appLog.flush();
  const response = await api(ctx.app, 'GET', `/admin/logs${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LogsResponse>().items;
}

/** Rows straight into the table, `daysAgo` before the fake clock's now. */
async function insertRows(count: number, daysAgo: number, action = 'test.row') {
  const ts = new Date(ctx.clock.now().getTime() - daysAgo * DAY_MS);
  await ctx.db.insert(appLogs).values(
    Array.from({ length: count }, () => ({
      ts,
      logDate: ts.toISOString().slice(0, 10),
      level: 'info' as const,
      category: 'test',
      orgId: null,
      action,
      route: '',
      httpStatus: null,
      message: `${daysAgo} dagen oud`,
    })),
  );
}

describe('GET /admin/logs', () => {
  it('should answer 403 to a logged-in user and to a template manager without admin rights, 401 without login', async () => {
    expect((await api(ctx.app, 'GET', '/admin/logs', { token: userToken })).json()).toEqual({
      detail: MESSAGES.forbiddenAdmin,
    });
    expect((await api(ctx.app, 'GET', '/admin/logs', { token: userToken })).statusCode).toBe(403);
    const manager = await createUser(ctx);
    await ctx.db.update(users).set({ canManageTemplates: true }).where(eq(users.id, manager.id));
    const managerToken = (await login(ctx.app, manager)).access_token;
    expect((await api(ctx.app, 'GET', '/admin/logs', { token: managerToken })).statusCode).toBe(403);
    expect((await api(ctx.app, 'GET', '/admin/logs')).statusCode).toBe(401);
  });

  it('should record every API request with its route pattern, status and organisation, newest first', async () => {
    const created = await api(ctx.app, 'POST', '/organizations', {
      token: userToken,
      payload: { name: 'Logboek BV' },
    });
    const organizationId = created.json<{ id: number }>().id;
    ctx.clock.advance(1_000);
    await api(ctx.app, 'GET', '/user-subscriptions/me', {
      token: userToken,
      headers: { 'x-organization-id': String(organizationId) },
    });
    ctx.clock.advance(1_000);
    await api(ctx.app, 'GET', '/payments/424242', {
      token: userToken,
      headers: { 'x-organization-id': String(organizationId) },
    });
    ctx.clock.advance(1_000);
    await api(ctx.app, 'GET', '/bestaat/niet/geheim-token-123');
    ctx.clock.advance(1_000);

    const items = await logs();

    const times = items.map((item) => Date.parse(item.ts ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const requests = items.filter((item) => item.category === 'http');
    expect(
      requests.slice(0, 4).map((item) => [item.action, item.route, item.http_status, item.org_id]),
    ).toEqual([
      ['GET', UNMATCHED_ROUTE, 404, null],
      ['GET', '/api/v1/payments/:id', 404, organizationId],
      ['GET', '/api/v1/user-subscriptions/me', 200, organizationId],
      ['POST', '/api/v1/organizations', 201, null],
    ]);
    expect(requests[1]).toMatchObject({
      level: 'warning',
      message: expect.stringMatching(/^GET \/api\/v1\/payments\/:id 404 in \d+ ms$/),
    });
    expect(requests[2]).toMatchObject({ level: 'info', log_date: '2026-03-02' });
    expect(JSON.stringify(items)).not.toContain('424242');
    expect(JSON.stringify(items)).not.toContain('geheim-token-123');
    const audit = items.find((item) => item.action === 'organization.created');
    expect(audit).toMatchObject({
      level: 'audit',
      category: 'organization',
      org_id: organizationId,
      route: '/api/v1/organizations',
      http_status: null,
      message: `Organisatie ${organizationId} aangemaakt`,
    });
    expect(typeof audit?.id).toBe('number');
  });

  it('should record logins, failed logins and logouts as audit events', async () => {
    const user = await createUser(ctx);
    await api(ctx.app, 'POST', '/auth/login', {
      payload: { email: user.email, password: 'Fout-wachtwoord-9' },
    });
    const session = await login(ctx.app, user);
    await api(ctx.app, 'POST', '/auth/logout', { payload: { refresh_token: session.refresh_token } });

    const actions = (await logs()).filter((item) => item.level !== 'info' && item.category === 'auth');
    expect(actions.slice(0, 3).map((item) => [item.action, item.message])).toEqual([
      ['auth.logout', 'Uitgelogd'],
      ['auth.login', 'Inloggen gelukt'],
      ['auth.login.failed', 'Inloggen mislukt: onbekend adres of verkeerd wachtwoord'],
    ]);
  });

  it(`should by default give the last ${LOG_WINDOW_DEFAULT_DAYS} days, and widen with from, to and limit`, async () => {
    await insertRows(2, 31, 'window.old');
    await insertRows(3, 29, 'window.recent');
    const byAction = (items: LogItem[], action: string) => items.filter((item) => item.action === action);

    const standard = await logs();
    expect(byAction(standard, 'window.old')).toHaveLength(0);
    expect(byAction(standard, 'window.recent')).toHaveLength(3);
    expect(standard.length).toBeLessThanOrEqual(LOG_LIMIT_DEFAULT);

    const from = new Date(ctx.clock.now().getTime() - 40 * DAY_MS).toISOString();
    const to = new Date(ctx.clock.now().getTime() - 30 * DAY_MS).toISOString();
    const older = await logs(`?from=${from}&to=${to}`);
    expect(older.map((item) => item.action)).toEqual(['window.old', 'window.old']);

    expect(await logs('?limit=2')).toHaveLength(2);
  });

  it('should send the rows compressed to a browser that accepts it', async () => {
    await insertRows(200, 1, 'compressed.row');
    const plain = await api(ctx.app, 'GET', '/admin/logs', { token: adminToken });
    const compressed = await api(ctx.app, 'GET', '/admin/logs', {
      token: adminToken,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('should refuse malformed parameters with a Dutch message naming them', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=9999999', 'limit'],
      ['?from=gisteren', 'from'],
      ['?to=2026-13-45T00:00:00Z', 'to'],
      ['?from=2026-03-01', 'from'],
      ['?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'from'],
    ] as const) {
      const response = await api(ctx.app, 'GET', `/admin/logs${query}`, { token: adminToken });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields), query).toEqual([field]);
    }
  });
});

describe('log retention', () => {
  it('should remove rows older than the configured number of days and keep the rest', async () => {
    await insertRows(3, 100, 'retention.old');
    await insertRows(2, 80, 'retention.kept');
    const lines: string[] = [];
    const retention = startLogRetention(
      {
        db: ctx.db,
        clock: ctx.clock,
        output: {
          info: (_details, message) => lines.push(message),
          error: (_d, message) => lines.push(message),
        },
      },
      { days: 90, intervalMs: 60 * 60 * 1000 },
    );
    const removed = await retention.runOnce();
    await retention.stop();
    expect(removed).toBeGreaterThanOrEqual(3);
    const remaining = await ctx.db.select({ action: appLogs.action }).from(appLogs);
    expect(remaining.filter((row) => row.action === 'retention.old')).toHaveLength(0);
    expect(remaining.filter((row) => row.action === 'retention.kept')).toHaveLength(2);
    expect(await retention.runOnce()).toBe(0);
    expect(
      lines.some((line) => /^Applicatielog: \d+ regel\(s\) ouder dan 90 dagen verwijderd$/.test(line)),
    ).toBe(true);
  });
});

describe('a failing log store', () => {
  it('should not fail the request, and should show the failure in the server output', async () => {
    const output: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, callback) {
          output.push(String(chunk));
          callback();
        },
      }),
    );
    const app = await buildApp({
      config: testConfig(ctx.dataDir),
      db: ctx.db,
      mailer: ctx.mailer,
      clock: ctx.clock,
      passwordHasher: testPasswordHasher,
      logger,
      logSink: {
        write: async () => {
          throw new Error('schijf vol');
        },
      },
      logOptions: { flushIntervalMs: 1, maxAttempts: 1 },
    });
    try {
      const user = await createUser(ctx);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(200);
      await app.appLog.flush();
      const failure = output.map((line) => JSON.parse(line)).find((line) => line.level === 50);
      expect(failure?.msg).toMatch(/^Applicatielog: \d+ regel\(s\) konden niet worden opgeslagen/);
      expect(failure?.err?.message).toBe('schijf vol');
    } finally {
      await app.close();
    }
  });
});
