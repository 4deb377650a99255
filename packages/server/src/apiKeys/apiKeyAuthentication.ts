import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@loop/core/apiKeys';
import { can } from '@loop/core/organisation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import type { ApiKeyAuthentication } from '../auth/authenticate';
import type { RateLimitHook } from '../auth/rateLimits';
import { hashToken } from '../auth/secureToken';
import { ApiError } from '../http/apiError';
import { primeOrganization, readOrganizationHeader } from '../organizations/requestOrganization';
import { type KeyHolder, keyHolder, recordUse } from './apiKeyStore';

/** Last use is written at most this often per key (R-KEY-8). */
export const LAST_USE_INTERVAL_MS = 60_000;

/** Why a key does not work at all (401), or null when it does. */
function unusable(holder: KeyHolder | null, now: Date): string | null {
  if (holder === null) return API_KEY_MESSAGES.unknown;
  if (holder.revokedAt !== null) return API_KEY_MESSAGES.revoked;
  if (holder.expiresAt !== null && holder.expiresAt.getTime() <= now.getTime())
    return API_KEY_MESSAGES.expired;
  // A key is bounded by its maker's role now (R-KEY-4): gone, left or no longer owner or manager.
  if (holder.user === null || !can(holder.role, 'apiKeys.manage')) return API_KEY_MESSAGES.creatorGone;
  return null;
}

/**
 * The key path of the `authenticate` hook (R-KEY-5, R-KEY-6): one indexed query for the key, its
 * maker and the maker's role. The route must accept keys with a scope the key has, the
 * organisation is the key's own (another id in X-Organization-Id: 403), and the key's requests are
 * counted against its own limit (R-KEY-7). The role check (`config.permission`) then runs as for
 * the maker's session, on the membership read here.
 */
export function createApiKeyAuthentication(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  limits: readonly RateLimitHook[],
): ApiKeyAuthentication {
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    if (!API_KEY_PATTERN.test(key)) throw new ApiError(401, API_KEY_MESSAGES.malformed);
    const now = deps.clock.now();
    const holder = await keyHolder(deps.db, hashToken(key));
    const refusal = unusable(holder, now);
    if (refusal !== null || holder === null || holder.user === null || holder.role === null) {
      throw new ApiError(401, refusal ?? API_KEY_MESSAGES.unknown);
    }
    request.auth = {
      user: holder.user,
      sessionId: null,
      apiKey: {
        id: holder.id,
        prefix: holder.prefix,
        organizationId: holder.organizationId,
        scopes: holder.scopes,
      },
    };
    for (const limit of limits) await limit(request, reply);
    const { apiKeyScope: scope, apiKeySelf } = request.routeOptions.config;
    if (scope === undefined && apiKeySelf !== true) throw new ApiError(403, API_KEY_MESSAGES.routeNotAllowed);
    if (scope !== undefined && !holder.scopes.includes(scope))
      throw new ApiError(403, API_KEY_MESSAGES.scopeMissing(scope));
    const header = readOrganizationHeader(request.headers['x-organization-id']);
    if (header.kind === 'invalid' || (header.kind === 'id' && header.id !== holder.organizationId)) {
      throw new ApiError(403, API_KEY_MESSAGES.otherOrganization);
    }
    primeOrganization(request, {
      id: holder.organizationId,
      name: holder.organizationName,
      role: holder.role,
    });
    if (holder.lastUsedAt === null || now.getTime() - holder.lastUsedAt.getTime() >= LAST_USE_INTERVAL_MS) {
      // Not awaited: the answer does not wait for bookkeeping; a failed write only loses one timestamp.
      recordUse(deps.db, { id: holder.id, now, ip: request.ip, minAgeMs: LAST_USE_INTERVAL_MS }).catch(
        (error) => request.log.warn({ err: error, apiKeyId: holder.id }, 'recording API key use failed'),
      );
    }
  };
}
