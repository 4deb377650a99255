import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { AppDeps } from '../appDeps';
import type { RateLimitedAction, RateLimitHook } from '../auth/rateLimits';
import type { RequireFeature } from '../billing/requireFeature';
import type { SchemaTypeProvider } from './schema';

/** What every group of routes gets from buildApp. */
export interface RouteContext {
  readonly deps: AppDeps;
  /** `onRequest` hook of protected routes (an API key may be counted against its limit: the reply). */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** `preHandler` hooks limiting an auth action (none when rate limiting is off). */
  readonly rateLimit: (action: RateLimitedAction) => RateLimitHook[];
  /** `preHandler` hook of routes that need a feature of the organisation's plan (403 otherwise). */
  readonly requireFeature: RequireFeature;
}

/** A group of routes, registered under /api/v1, typed by the route schemas. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, SchemaTypeProvider>;
