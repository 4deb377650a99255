import fastifyRateLimit from '@fastify/rate-limit';
import { ANALYSIS_MESSAGES, SUMMARY_MESSAGES } from '@loop/core';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { normaliseEmail } from '@loop/core/auth';
import { RESULTS_LINK_MESSAGES } from '@loop/core/surveys/results';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError, MESSAGES } from '../http/apiError';
import { knownOrganizationId } from '../organizations/memberships';

const MINUTE_MS = 60_000;

export type RateLimitedAction =
  | 'login'
  | 'register'
  | 'verifyEmail'
  | 'resendVerification'
  | 'forgotPassword'
  | 'resetPassword'
  | 'respond'
  | 'invite'
  | 'invitationLink'
  | 'passwordCheck'
  | 'emailChange'
  | 'businessAnalysis'
  | 'openAnswerSummary'
  | 'sharedResultsPassword'
  | 'apiKey';

/**
 * Counted per client IP, per e-mail address in the body, per the pair, per signed-in account, per
 * the request's organisation (after the membership check), per the link token in the path, or per
 * the API key the request came with.
 */
export type RateLimitScope = 'ip' | 'address' | 'ip+address' | 'account' | 'organization' | 'link' | 'apiKey';

export interface RateLimitRule {
  readonly scope: RateLimitScope;
  readonly max: number;
  readonly windowMs: number;
  /** The 429's detail; default MESSAGES.tooManyAttempts. */
  readonly detail?: string;
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
  // Every invitation sends a mail: enough to bring in a department, too few to spam with.
  invite: [{ scope: 'ip', max: 50, windowMs: 60 * MINUTE_MS }],
  // Opening and accepting invitation links: a token cannot be guessed, but scripts need not try.
  invitationLink: [{ scope: 'ip', max: 60, windowMs: 15 * MINUTE_MS }],
  // The current password, asked before an account change: a stolen access token must not become
  // a way to guess it, from one address or many.
  passwordCheck: [
    { scope: 'account', max: 5, windowMs: 15 * MINUTE_MS },
    { scope: 'ip', max: 20, windowMs: 15 * MINUTE_MS },
  ],
  // Each request mails the address asked for: a stop to using an account to flood a mailbox.
  emailChange: [
    { scope: 'account', max: 5, windowMs: 60 * MINUTE_MS },
    { scope: 'address', max: 3, windowMs: 60 * MINUTE_MS },
  ],
  // An analysis reads every KPI, survey and finance month, and with a language model it costs
  // money: a few a minute per organisation is more than anyone reads.
  businessAnalysis: [
    { scope: 'organization', max: 3, windowMs: MINUTE_MS, detail: ANALYSIS_MESSAGES.tooMany },
    { scope: 'organization', max: 30, windowMs: 60 * MINUTE_MS, detail: ANALYSIS_MESSAGES.tooMany },
  ],
  // A summary reads up to 10,000 answers, and with a language model it costs money: enough for a
  // team going through a survey's open questions and periods, too few to run up a bill.
  openAnswerSummary: [
    { scope: 'organization', max: 20, windowMs: MINUTE_MS, detail: SUMMARY_MESSAGES.tooMany },
    { scope: 'organization', max: 200, windowMs: 60 * MINUTE_MS, detail: SUMMARY_MESSAGES.tooMany },
  ],
  // Passwords of shared results pages (R-SHARE-6): every try counts, the right one too (one a page
  // load). Per address enough for a person who mistypes; per link a stop to guessing from many.
  sharedResultsPassword: [
    { scope: 'ip', max: 10, windowMs: 15 * MINUTE_MS, detail: RESULTS_LINK_MESSAGES.tooManyGuesses },
    { scope: 'link', max: 100, windowMs: 15 * MINUTE_MS, detail: RESULTS_LINK_MESSAGES.tooManyGuesses },
  ],
  // Every request made with an API key (R-KEY-7): 10 a second on average is more than a sync job
  // needs, and a runaway script cannot crowd out the people using Loop. API_KEY_RATE_LIMIT sets it.
  apiKey: apiKeyRateLimit(600),
};

/** The rule of requests made with an API key: `perMinute` per key (R-KEY-7). */
export function apiKeyRateLimit(perMinute: number): readonly RateLimitRule[] {
  return [{ scope: 'apiKey', max: perMinute, windowMs: MINUTE_MS, detail: API_KEY_MESSAGES.tooMany }];
}

/** A preHandler hook that answers 429 once any rule of the action is exceeded. */
export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function addressOf(request: FastifyRequest): string {
  const body = request.body;
  const fields =
    typeof body === 'object' && body !== null ? (body as { email?: unknown; new_email?: unknown }) : {};
  // The address a request is about: the one to log in with, or the one asked for in an e-mail change.
  const email = fields.new_email ?? fields.email;
  return typeof email === 'string' ? normaliseEmail(email) : '';
}

const KEYS: Readonly<Record<RateLimitScope, (request: FastifyRequest) => string>> = {
  ip: (request) => request.ip,
  address: (request) => addressOf(request),
  'ip+address': (request) => `${request.ip}|${addressOf(request)}`,
  // Runs after authentication; an unauthenticated request never gets this far.
  account: (request) => `user:${request.auth?.user.id ?? 'none'}`,
  // Runs after the membership check, which found the organisation.
  organization: (request) => `org:${knownOrganizationId(request) ?? 'none'}`,
  link: (request) => `link:${(request.params as { token?: unknown } | undefined)?.token ?? ''}`,
  // Runs once the key is known (apiKeyAuthentication.ts).
  apiKey: (request) => `key:${request.auth?.apiKey?.id ?? 'none'}`,
};

/** Where the counters live: this process, or a Redis every API instance shares. */
export interface RateLimitStore {
  readonly redis: Redis | null;
}

/**
 * Connects to the Redis at `url` for shared counters. Commands fail at once while the connection is
 * down (no offline queue, one attempt) so a request never waits on Redis; ioredis keeps reconnecting
 * in the background. An unreachable Redis at start is logged, not fatal.
 */
export async function connectRateLimitStore(
  url: string,
  log: { warn(object: object, message: string): void },
): Promise<RateLimitStore & { close(): Promise<void> }> {
  // Loaded only when configured: most installations never need it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    connectionName: 'loop-api',
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'));
  await redis.connect().catch((error: unknown) => {
    log.warn({ err: error }, 'redis not reachable at start: rate limits let requests through until it is');
  });
  return {
    redis,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Registers @fastify/rate-limit (no global limit) and returns a factory of preHandler hooks: they
 * run after the body is parsed, so a rule can count per address. `null` rules switch rate limiting
 * off (RATE_LIMIT=false, most tests). With Redis the counters are shared by every instance behind
 * a load balancer (a fixed window per key, kept by a Lua script); when Redis cannot be reached a
 * request goes through rather than failing, and the error is logged. Every rule counts under its
 * own key prefix: the plugin gives limiters made with `createRateLimit` one shared namespace.
 */
export async function createRateLimitHooks(
  app: FastifyInstance,
  rules: RateLimitRules | null,
  store: RateLimitStore = { redis: null },
): Promise<(action: RateLimitedAction) => RateLimitHook[]> {
  if (rules === null) return () => [];
  await app.register(fastifyRateLimit, {
    global: false,
    ...(store.redis === null ? {} : { redis: store.redis, nameSpace: 'loop:rate-limit:' }),
  });
  return (action) => {
    const limiters = rules[action].map((rule, index) => {
      const keyOf = KEYS[rule.scope];
      const limit = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${action}:${index}:${keyOf(request)}`,
      });
      return { limit, detail: rule.detail ?? MESSAGES.tooManyAttempts };
    });
    if (limiters.length === 0) return [];
    return [
      async (request, reply) => {
        for (const { limit, detail } of limiters) {
          let state: Awaited<ReturnType<typeof limit>>;
          try {
            state = await limit(request);
          } catch (error) {
            // The shared counter store is unreachable: better a request without its limit than
            // logins and answers failing with it.
            request.log.warn({ err: error, action }, 'rate limit store unavailable, request let through');
            return;
          }
          if (!state.isAllowed && state.isExceeded) {
            reply.header('retry-after', String(state.ttlInSeconds));
            throw new ApiError(429, detail);
          }
        }
      },
    ];
  };
}
