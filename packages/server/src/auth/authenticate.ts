import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import type { UserRow } from '../db/schema';
import { ApiError, MESSAGES } from '../http/apiError';
import { primeOrganization, readOrganizationHeader } from '../organizations/requestOrganization';
import { lookupSession, lookupSessionWithMembership, type SessionLookup } from './sessions';

/** Who is calling: set by the `authenticated` hook on every route that needs a login. */
export interface AuthContext {
  readonly user: UserRow;
  readonly sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/**
 * The `onRequest` hook of protected routes (it runs before the body is even read): 401 without a
 * valid, unexpired access token; 419 when its session was revoked (logout, password reset,
 * refresh-token reuse), so the client goes to the login screen instead of refreshing.
 */
export function createAuthenticate(deps: Pick<AppDeps, 'db' | 'accessTokens'>) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (match?.[1] === undefined) throw new ApiError(401, MESSAGES.notLoggedIn);
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
    request.auth = { user: session.user, sessionId };
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
