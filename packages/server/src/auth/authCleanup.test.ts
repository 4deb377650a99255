import { eq, inArray } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, refreshTokens, sessions } from '../db/schema';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { deleteExpiredAuthRows, startAuthCleanup } from './authCleanup';
import { hashToken } from './secureToken';

const DAY_MS = 86_400_000;
const TTL_DAYS = 30; // testConfig's refresh-token lifetime

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const refresh = (refreshToken: string) =>
  api(ctx.app, 'POST', '/auth/refresh', { payload: { refresh_token: refreshToken } });
const sessionIdOf = (accessToken: string) => String(decodeJwt(accessToken).sid);
const sessionExists = async (id: string) =>
  (await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id))).length === 1;
const tokenExists = async (token: string) =>
  (
    await ctx.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
  ).length === 1;

describe('deleteExpiredAuthRows', () => {
  it('should remove dead sessions and expired tokens a day late, and leave everything still usable working', async () => {
    const active = await login(ctx.app, await createUser(ctx));
    const idle = await login(ctx.app, await createUser(ctx));
    const loggedOut = await login(ctx.app, await createUser(ctx));
    expect(
      (await api(ctx.app, 'POST', '/auth/logout', { payload: { refresh_token: loggedOut.refresh_token } }))
        .statusCode,
    ).toBe(204);

    // Twenty days on, the active session refreshes; its first token is used up but kept.
    ctx.clock.advance(20 * DAY_MS);
    const renewed = await refresh(active.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const current = renewed.json<{ refresh_token: string }>().refresh_token;

    // Just inside the grace day: nothing goes yet.
    ctx.clock.advance((TTL_DAYS - 20) * DAY_MS + 12 * 3_600_000);
    expect(await deleteExpiredAuthRows(ctx.db, ctx.clock.now(), TTL_DAYS)).toMatchObject({ sessions: 0 });
    expect(await sessionExists(sessionIdOf(idle.access_token))).toBe(true);

    // A day and a half past the idle session's last token: it and the logged-out one go.
    ctx.clock.advance(DAY_MS);
    const counts = await deleteExpiredAuthRows(ctx.db, ctx.clock.now(), TTL_DAYS);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(await sessionExists(sessionIdOf(idle.access_token))).toBe(false);
    expect(await sessionExists(sessionIdOf(loggedOut.access_token))).toBe(false);
    expect(await tokenExists(idle.refresh_token)).toBe(false);
    expect((await refresh(idle.refresh_token)).statusCode).toBe(401);

    // The active session stays, without its expired first token, and keeps working.
    expect(await sessionExists(sessionIdOf(active.access_token))).toBe(true);
    expect(await tokenExists(active.refresh_token)).toBe(false);
    expect(await tokenExists(current)).toBe(true);
    expect((await refresh(current)).statusCode).toBe(200);
  });

  it('should keep a session revoked lately, so a stale tab still hears it was logged out (419)', async () => {
    const pair = await login(ctx.app, await createUser(ctx));
    ctx.clock.advance((TTL_DAYS - 1) * DAY_MS);
    // Used today, revoked today: it stays until its refresh token could not have been used anyway.
    const renewing = await refresh(pair.refresh_token);
    expect(renewing.statusCode).toBe(200);
    const renewed = renewing.json<{ refresh_token: string }>().refresh_token;
    await api(ctx.app, 'POST', '/auth/logout', { payload: { refresh_token: renewed } });
    await deleteExpiredAuthRows(ctx.db, ctx.clock.now(), TTL_DAYS);
    expect((await refresh(renewed)).statusCode).toBe(419);
  });

  it('should remove e-mail links a day after they expired', async () => {
    const user = await createUser(ctx);
    const now = ctx.clock.now().getTime();
    const link = (name: string, expiresAgoMs: number) => ({
      tokenHash: hashToken(name),
      userId: user.id,
      kind: 'reset' as const,
      createdAt: new Date(now - expiresAgoMs - 3_600_000),
      expiresAt: new Date(now - expiresAgoMs),
    });
    await ctx.db
      .insert(emailTokens)
      .values([link('verlopen', 2 * DAY_MS), link('net-verlopen', 3_600_000), link('geldig', -3_600_000)]);

    await deleteExpiredAuthRows(ctx.db, ctx.clock.now(), TTL_DAYS);

    const left = await ctx.db
      .select({ hash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(inArray(emailTokens.tokenHash, ['verlopen', 'net-verlopen', 'geldig'].map(hashToken)));
    expect(left.map((row) => row.hash).sort()).toEqual(
      [hashToken('geldig'), hashToken('net-verlopen')].sort(),
    );
  });
});

describe('startAuthCleanup', () => {
  it('should report what a pass removed, and report a failing pass instead of throwing', async () => {
    const messages: string[] = [];
    const output = {
      info: (_details: object, message: string) => messages.push(message),
      error: (_details: object, message: string) => messages.push(message),
    };
    const pair = await login(ctx.app, await createUser(ctx));
    ctx.clock.advance((TTL_DAYS + 2) * DAY_MS);
    const job = startAuthCleanup({ db: ctx.db, clock: ctx.clock, output }, { refreshTokenTtlDays: TTL_DAYS });
    expect(await job.runOnce()).toBeGreaterThanOrEqual(2);
    expect(await sessionExists(sessionIdOf(pair.access_token))).toBe(false);
    expect(messages.some((message) => /^Opschonen: \d+ sessie\(s\)/.test(message))).toBe(true);
    await job.stop();

    const broken = startAuthCleanup(
      { db: ctx.db, clock: { now: () => new Date(Number.NaN) }, output },
      { refreshTokenTtlDays: TTL_DAYS },
    );
    expect(await broken.runOnce()).toBe(0);
    expect(messages).toContain('Opschonen: verlopen sessies en tokens konden niet worden verwijderd');
    await broken.stop();
  });
});
