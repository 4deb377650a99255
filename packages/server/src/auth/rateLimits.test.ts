import { FORGOT_PASSWORD_MESSAGE } from '@loop/core/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../http/apiError';
import { createTestContext, createUser, type TestContext, uniqueEmail } from '../testing/testApp';
import { DEFAULT_RATE_LIMITS } from './rateLimits';

let ctx: TestContext;
let limited: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  limited = await ctx.buildApp({
    rateLimits: {
      login: [{ scope: 'ip+address', max: 3, windowMs: 60_000 }],
      forgotPassword: [
        { scope: 'ip', max: 4, windowMs: 60_000 },
        { scope: 'address', max: 2, windowMs: 60_000 },
      ],
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const loginFrom = (app: FastifyInstance, email: string, ip = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    payload: { email, password: 'Verkeerd-wachtwoord' },
  });

describe('rate limits on auth routes', () => {
  it('should answer 429 in Dutch with Retry-After once the login limit for an address is used up', async () => {
    const user = await createUser(ctx);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await loginFrom(limited, user.email)).statusCode).toBe(401);
    }

    const blocked = await loginFrom(limited, user.email);

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const right = await limited.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '203.0.113.7',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('should count per address and IP: another address or another IP is not blocked', async () => {
    const email = uniqueEmail('gericht');
    for (let attempt = 0; attempt < 4; attempt++) await loginFrom(limited, email, '198.51.100.1');
    expect((await loginFrom(limited, email, '198.51.100.1')).statusCode).toBe(429);

    expect((await loginFrom(limited, uniqueEmail('ander'), '198.51.100.1')).statusCode).toBe(401);
    expect((await loginFrom(limited, email, '198.51.100.2')).statusCode).toBe(401);
  });

  it('should limit forgot-password per address and per IP', async () => {
    const forgot = (email: string, ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: ip,
        payload: { email },
      });
    const email = uniqueEmail('vergeten');

    expect((await forgot(email, '192.0.2.10')).statusCode).toBe(202);
    expect((await forgot(email, '192.0.2.11')).statusCode).toBe(202);
    const perAddress = await forgot(email, '192.0.2.12');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json()).toEqual({ detail: MESSAGES.tooManyAttempts });

    const ip = '192.0.2.20';
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await forgot(uniqueEmail('ip'), ip);
      expect(answer.json()).toEqual({ detail: FORGOT_PASSWORD_MESSAGE });
    }
    expect((await forgot(uniqueEmail('ip'), ip)).statusCode).toBe(429);
  });

  it('should not limit at all when rate limiting is off', async () => {
    const email = uniqueEmail('vrij');
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.login[0]!.max + 2; attempt++) {
      expect((await loginFrom(ctx.app, email)).statusCode).toBe(401);
    }
  });

  it('should apply the default rules when the config switches limiting on', async () => {
    const defaults = await ctx.buildApp({ config: { rateLimit: true } });
    const email = uniqueEmail('standaard');
    const allowed = DEFAULT_RATE_LIMITS.login.find((rule) => rule.scope === 'ip+address')!.max;
    for (let attempt = 0; attempt < allowed; attempt++) {
      expect((await loginFrom(defaults, email, '203.0.113.99')).statusCode).toBe(401);
    }
    expect((await loginFrom(defaults, email, '203.0.113.99')).statusCode).toBe(429);
  });
});

// Test machines run Redis on 127.0.0.1:6379 ; REDIS_TEST_URL points elsewhere.
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis (REDIS_URL)', () => {
  const rules = { login: [{ scope: 'ip+address' as const, max: 3, windowMs: 60_000 }] };

  it('should count one limit over two API instances, so a client cannot double it by switching', async () => {
    const first = await ctx.buildApp({ config: { redisUrl: REDIS_URL }, rateLimits: rules });
    const second = await ctx.buildApp({ config: { redisUrl: REDIS_URL }, rateLimits: rules });
    const email = uniqueEmail('gedeeld');

    expect((await loginFrom(first, email)).statusCode).toBe(401);
    expect((await loginFrom(second, email)).statusCode).toBe(401);
    expect((await loginFrom(first, email)).statusCode).toBe(401);
    const blocked = await loginFrom(second, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    expect((await loginFrom(first, uniqueEmail('apart'))).statusCode).toBe(401);
  });

  it('should let requests through, not fail them, when Redis cannot be reached', async () => {
    const app = await ctx.buildApp({ config: { redisUrl: 'redis://127.0.0.1:1' }, rateLimits: rules });
    const email = uniqueEmail('zonder-redis');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await loginFrom(app, email)).statusCode).toBe(401);
    }
  });
});

describe('the current-password check (security finding L6)', () => {
  it('should stop guessing the password through a stolen access token, from any number of addresses', async () => {
    const user = await createUser(ctx);
    const token = (
      await limited.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '192.0.2.50',
        payload: { email: user.email, password: user.password },
      })
    ).json<{ access_token: string }>().access_token;
    const change = (currentPassword: string, ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/users/me/password',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: currentPassword, new_password: 'Een-nieuw-wachtwoord-1' },
      });
    const guesses = DEFAULT_RATE_LIMITS.passwordCheck.find((rule) => rule.scope === 'account')!.max;
    for (let attempt = 0; attempt < guesses; attempt++) {
      expect((await change(`gok-${attempt}`, `192.0.2.${attempt + 1}`)).statusCode).toBe(400);
    }

    const blocked = await change(user.password, '192.0.2.99');

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    const other = await createUser(ctx);
    const otherToken = (
      await limited.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '192.0.2.51',
        payload: { email: other.email, password: other.password },
      })
    ).json<{ access_token: string }>().access_token;
    const unaffected = await limited.inject({
      method: 'POST',
      url: '/api/v1/users/me/password',
      remoteAddress: '192.0.2.60',
      headers: { authorization: `Bearer ${otherToken}` },
      payload: { current_password: 'fout', new_password: 'Een-nieuw-wachtwoord-1' },
    });
    expect(unaffected.statusCode).toBe(400);
  });
});
