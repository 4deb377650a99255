import type { TokenPair } from '@loop/core';
import { LOGIN_FAILED_MESSAGE } from '@loop/core/auth';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../db/schema';
import { MESSAGES } from '../http/apiError';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { AUTH_MESSAGES } from './authRoutes';
import { hashToken } from './secureToken';
import { REFRESH_REUSE_GRACE_MS } from './sessions';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const postLogin = (payload: unknown) => api(ctx.app, 'POST', '/auth/login', { payload });
const refresh = (refreshToken: string) =>
  api(ctx.app, 'POST', '/auth/refresh', { payload: { refresh_token: refreshToken } });
const me = (accessToken: string) => api(ctx.app, 'GET', '/users/me', { token: accessToken });

describe('POST /auth/login', () => {
  it('should answer a token pair with the claims of the contract and open a session', async () => {
    const user = await createUser(ctx, { isAdmin: true });
    const response = await postLogin({ email: ` ${user.email.toUpperCase()} `, password: user.password });

    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access_token', 'refresh_token', 'token_type']);
    expect(pair.token_type).toBe('bearer');
    const claims = decodeJwt(pair.access_token);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.is_admin).toBe(true);
    expect(claims.exp).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 900);
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session).toMatchObject({ userId: user.id, revokedAt: null });
    expect((await me(pair.access_token)).statusCode).toBe(200);
  });

  it('should answer a wrong password and an unknown address identically', async () => {
    const user = await createUser(ctx);
    const wrong = await postLogin({ email: user.email, password: 'Verkeerd-wachtwoord' });
    const unknown = await postLogin({ email: uniqueEmail('onbekend'), password: 'Verkeerd-wachtwoord' });

    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: LOGIN_FAILED_MESSAGE });
    }
    expect(wrong.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('should refuse an unconfirmed address with 403 and mail a new link, but only with the right password', async () => {
    const user = await createUser(ctx, { verified: false });

    const wrong = await postLogin({ email: user.email, password: 'Verkeerd-wachtwoord' });
    expect(wrong.statusCode).toBe(401);
    expect(ctx.mailer.to(user.email, 'verify')).toHaveLength(0);

    const right = await postLogin({ email: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ detail: AUTH_MESSAGES.unverified });
    expect(ctx.mailer.to(user.email, 'verify')).toHaveLength(1);
    expect(await ctx.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it('should ask for both fields in Dutch', async () => {
    const response = await postLogin({ email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'Vul je e-mailadres in.',
      password: 'Vul je wachtwoord in.',
    });
  });

  it('should open a separate session per login', async () => {
    const user = await createUser(ctx);
    const first = decodeJwt((await login(ctx.app, user)).access_token);
    const second = decodeJwt((await login(ctx.app, user)).access_token);
    expect(first.sid).not.toBe(second.sid);
    expect(await ctx.db.$count(sessions, eq(sessions.userId, user.id))).toBe(2);
  });
});

describe('authenticated routes', () => {
  it('should answer 401 without, with a malformed and with a forged token', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const [header, payload] = pair.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;

    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${forged}` },
    ];
    for (const headers of attempts) {
      const response = await api(ctx.app, 'GET', '/users/me', { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.notLoggedIn });
    }
  });

  it('should answer 401 "verlopen" once the access token has expired', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);

    ctx.clock.advance(899_000);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    ctx.clock.advance(2_000);
    const expired = await me(pair.access_token);

    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: MESSAGES.accessExpired });
    const renewed = await refresh(pair.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  it('should rotate: a new pair in the same session, the old refresh token used up', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);

    const response = await refresh(pair.refresh_token);

    expect(response.statusCode).toBe(200);
    const rotated = response.json<{ access_token: string; refresh_token: string }>();
    expect(Object.keys(rotated).sort()).toEqual(['access_token', 'refresh_token']);
    expect(rotated.refresh_token).not.toBe(pair.refresh_token);
    expect(decodeJwt(rotated.access_token).sid).toBe(decodeJwt(pair.access_token).sid);
    const [old] = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refresh_token)));
    expect(old?.usedAt).not.toBeNull();
    expect(old?.replacedBy).toBe(hashToken(rotated.refresh_token));
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);
  });

  it('should treat a used refresh token as theft: revoke the session, 419 for every token of it', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const rotated = (await refresh(pair.refresh_token)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    ctx.clock.advance(REFRESH_REUSE_GRACE_MS + 1);

    const reuse = await refresh(pair.refresh_token);

    expect(reuse.statusCode).toBe(419);
    expect(reuse.json()).toEqual({ detail: MESSAGES.sessionRevoked });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(419);
    const access = await me(rotated.access_token);
    expect(access.statusCode).toBe(419);
    expect(access.json()).toEqual({ detail: MESSAGES.sessionRevoked });
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodeJwt(pair.access_token).sid)));
    expect(session?.revokedReason).toBe('refresh_token_reuse');
  });

  it('should let two tabs refreshing with the same token at once both go on, each with its own new token', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);

    const answers = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.json<TokenPair>());
    expect(first?.refresh_token).not.toBe(second?.refresh_token);
    expect((await me(second!.access_token)).statusCode).toBe(200);
    expect((await refresh(second!.refresh_token)).statusCode).toBe(200);
    expect((await refresh(first!.refresh_token)).statusCode).toBe(200);
  });

  it('should still count a second use as theft once the grace window has passed', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    ctx.clock.advance(REFRESH_REUSE_GRACE_MS - 1);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    ctx.clock.advance(2);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(419);
  });

  it('should hand out one grace successor per rotated token: a third use within the window is theft (L2)', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const rotated = (await refresh(pair.refresh_token)).json<TokenPair>();
    const secondTab = await refresh(pair.refresh_token);
    expect(secondTab.statusCode).toBe(200);

    const replay = await refresh(pair.refresh_token);

    expect(replay.statusCode).toBe(419);
    expect((await me(rotated.access_token)).statusCode).toBe(419);
    expect((await me(secondTab.json<TokenPair>().access_token)).statusCode).toBe(419);
    const chains = await ctx.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(sessions.userId, user.id));
    expect(chains).toHaveLength(3);
  });

  it('should count a second use as theft, even within the window, once its successor was used', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const rotated = (await refresh(pair.refresh_token)).json<TokenPair>();
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);
    const reuse = await refresh(pair.refresh_token);
    expect(reuse.statusCode).toBe(419);
    expect((await me(rotated.access_token)).statusCode).toBe(419);
  });

  it('should answer 401 for an unknown and for an expired refresh token', async () => {
    const unknown = await refresh('onbekend-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: AUTH_MESSAGES.refreshExpired });

    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    ctx.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await refresh(pair.refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: AUTH_MESSAGES.refreshExpired });
  });

  it('should refuse a body without a refresh token', async () => {
    const response = await api(ctx.app, 'POST', '/auth/refresh', { payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ refresh_token: 'Dit veld is verplicht.' });
  });
});

describe('POST /auth/logout', () => {
  it('should end the session: 204, then 419 for its access and refresh tokens, other sessions untouched', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const otherDevice = await login(ctx.app, user);

    const response = await api(ctx.app, 'POST', '/auth/logout', {
      payload: { refresh_token: pair.refresh_token },
    });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await me(pair.access_token)).statusCode).toBe(419);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(419);
    expect((await me(otherDevice.access_token)).statusCode).toBe(200);
  });

  it('should be idempotent and accept unknown tokens', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx.app, user);
    const logout = (token: string) =>
      api(ctx.app, 'POST', '/auth/logout', { payload: { refresh_token: token } });

    expect((await logout(pair.refresh_token)).statusCode).toBe(204);
    expect((await logout(pair.refresh_token)).statusCode).toBe(204);
    expect((await logout('onbekend')).statusCode).toBe(204);
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodeJwt(pair.access_token).sid)));
    expect(session?.revokedReason).toBe('logout');
  });
});
