import type { ApiKeyScope } from '@loop/core';
import { API_KEY_MARK } from '@loop/core/apiKeys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import type { UserRow } from '../db/schema';
import { ApiError, MESSAGES } from '../http/apiError';
import { primeOrganization, readOrganizationHeader } from '../organizations/requestOrganization';
import { lookupSession, lookupSessionWithMembership, type SessionLookup } from './sessions';

/** The API key a request came with (R-KEY-5): never its secret. */
export interface ApiKeyCaller {
  readonly id: number;
  readonly prefix: string;
  readonly organizationId: number;
  readonly scopes: readonly ApiKeyScope[];
}

/**
 * Who is calling: set by the `authenticated` hook on every route that needs a login. With an API
 * key the user is the key's maker, `sessionId` is null and `apiKey` names the key.
 */
export interface AuthContext {
  readonly user: UserRow;
  readonly sessionId: string | null;
  readonly apiKey: ApiKeyCaller | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/** The API key path of authentication (apiKeys/apiKeyAuthentication.ts). */
export type ApiKeyAuthentication = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
) => Promise<void>;

/**
 * The `onRequest` hook of protected routes (it runs before the body is even read): 401 without a
 * valid, unexpired access token; 419 when its session was revoked (logout, password reset,
 * refresh-token reuse), so the client goes to the login screen instead of refreshing. A token that
 * starts with `loop_` is an API key and takes the key path (R-KEY-5); a JWT never does.
 */
export function createAuthenticate(deps: Pick<AppDeps, 'db' | 'accessTokens'>, apiKey: ApiKeyAuthentication) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (match?.[1] === undefined) throw new ApiError(401, MESSAGES.notLoggedIn);
    if (match[1].startsWith(API_KEY_MARK)) return apiKey(request, reply, match[1]);
    const verified = await deps.accessTokens.verify(match[1]);
    if (!verified.ok) {
      throw new ApiError(401, verified.error === 'expired' ? MESSAGES.accessExpired : MESSAGES.notLoggedIn);
    }
    const { sessionId, userId } = verified.value;
    const header = readOrganizationHeader(request.headers['x-organization-id']);
    // With an organisation in the header the membership comes along (memberships.ts uses it).
    let session: SessionLookup;
    if (header.kind === 'id') {
      const found = await lookupSessionWithMembership(deps.db, sessionId, userId, header.id);
      if (found.state === 'active') primeOrganization(request, found.organization);
      session = found;
    } else {
      session = await lookupSession(deps.db, sessionId, userId);
    }
    if (session.state === 'revoked') throw new ApiError(419, MESSAGES.sessionRevoked);
    if (session.state === 'unknown') throw new ApiError(401, MESSAGES.notLoggedIn);
    request.auth = { user: session.user, sessionId, apiKey: null };
  };
}

/** The caller of a protected route (its hook has run). */
export function authOf(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new ApiError(401, MESSAGES.notLoggedIn);
  return request.auth;
}

/** Platform administrators only; a logged-in user without the right gets 403, never 401. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = authOf(request);
  if (!auth.user.isAdmin) throw new ApiError(403, MESSAGES.forbiddenAdmin);
  return auth;
}
