import fastifyRateLimit from '@fastify/rate-limit';
import { normaliseEmail } from '@loop/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../http/apiError';

const MINUTE_MS = 60_000;

export type RateLimitedAction =
  | 'login'
  | 'register'
  | 'verifyEmail'
  | 'resendVerification'
  | 'forgotPassword'
  | 'resetPassword'
  | 'respond';

/** Counted per client IP, per e-mail address in the body, or per the pair. */
export type RateLimitScope = 'ip' | 'address' | 'ip+address';

export interface RateLimitRule {
  readonly scope: RateLimitScope;
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitRules = Readonly<Record<RateLimitedAction, readonly RateLimitRule[]>>;

/** Limits on the auth routes: enough for a person who mistypes, too few for guessing. */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  login: [
    { scope: 'ip+address', max: 10, windowMs: MINUTE_MS },
    { scope: 'ip', max: 100, windowMs: 15 * MINUTE_MS },
  ],
  register: [{ scope: 'ip', max: 10, windowMs: 60 * MINUTE_MS }],
  verifyEmail: [{ scope: 'ip', max: 30, windowMs: 15 * MINUTE_MS }],
  resendVerification: [
    { scope: 'ip', max: 10, windowMs: 15 * MINUTE_MS },
    { scope: 'address', max: 5, windowMs: 15 * MINUTE_MS },
  ],
  forgotPassword: [
    { scope: 'ip', max: 5, windowMs: 15 * MINUTE_MS },
    { scope: 'address', max: 5, windowMs: 15 * MINUTE_MS },
  ],
  resetPassword: [{ scope: 'ip', max: 10, windowMs: 15 * MINUTE_MS }],
  // The answering page, per address: generous, because a whole office answering an invitation at
  // once shares one address (about 10 requests a respondent), yet a stop to scripts filling the
  // database through a public link.
  respond: [{ scope: 'ip', max: 3000, windowMs: MINUTE_MS }],
};

/** A preHandler hook that answers 429 once any rule of the action is exceeded. */
export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function addressOf(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? normaliseEmail(email) : '';
}

const KEYS: Readonly<Record<RateLimitScope, (request: FastifyRequest) => string>> = {
  ip: (request) => request.ip,
  address: (request) => addressOf(request),
  'ip+address': (request) => `${request.ip}|${addressOf(request)}`,
};

/**
 * Registers @fastify/rate-limit (in-process store, no global limit) and returns a factory of
 * preHandler hooks: they run after the body is parsed, so a rule can count per address. `null`
 * rules switch rate limiting off (RATE_LIMIT=false, most tests).
 */
export async function createRateLimitHooks(
  app: FastifyInstance,
  rules: RateLimitRules | null,
): Promise<(action: RateLimitedAction) => RateLimitHook[]> {
  if (rules === null) return () => [];
  await app.register(fastifyRateLimit, { global: false });
  return (action) => {
    const limiters = rules[action].map((rule) =>
      app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: KEYS[rule.scope] }),
    );
    if (limiters.length === 0) return [];
    return [
      async (request, reply) => {
        for (const limiter of limiters) {
          const state = await limiter(request);
          if (!state.isAllowed && state.isExceeded) {
            reply.header('retry-after', String(state.ttlInSeconds));
            throw new ApiError(429, MESSAGES.tooManyAttempts);
          }
        }
      },
    ];
  };
}
