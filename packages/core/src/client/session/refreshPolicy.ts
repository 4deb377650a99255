import type { RefreshResponse } from '../../domain/contract';
import { err, ok, type Result } from '../../domain/shared';
import type { StoredTokens, TokenDecoder } from './ports';

/** The guard refreshes an access token with less than this left (R-AUTH-3). */
export const REFRESH_WHEN_REMAINING_MS = 60_000;
/** The background refresh runs this long before expiry (R-AUTH-4). */
export const BACKGROUND_REFRESH_LEAD_MS = 30_000;

/** Both tokens must exist to count as logged in (R-AUTH-2). */
export const hasBothTokens = (tokens: StoredTokens): tokens is { access: string; refresh: string } =>
  Boolean(tokens.access) && Boolean(tokens.refresh);

export interface SessionClaims {
  readonly isAdmin: boolean;
  /** Expiry in milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** Decodes the claims the client reads (is_admin, exp); any decode problem is a value, not a throw. */
export function readClaims(decoder: TokenDecoder, token: string): Result<SessionClaims, 'undecodable'> {
  try {
    const claims = decoder.decode(token);
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return err('undecodable');
    return ok({ isAdmin: claims.is_admin === true, expiresAt: claims.exp * 1000 });
  } catch {
    return err('undecodable');
  }
}

/** Under 60 s left (or already expired): refresh before trusting the token. */
export const needsRefresh = (expiresAt: number, now: number): boolean =>
  expiresAt - now < REFRESH_WHEN_REMAINING_MS;

/** Delay until the background refresh: 30 s before expiry, never negative. */
export const backgroundRefreshDelay = (expiresAt: number, now: number): number =>
  Math.max(0, expiresAt - BACKGROUND_REFRESH_LEAD_MS - now);

/** A refresh answer without a non-empty `access_token` is malformed (R-AUTH-6). */
export function parseRefreshResponse(
  body: unknown,
): Result<{ readonly access: string; readonly refresh: string | null }, 'malformed'> {
  if (typeof body !== 'object' || body === null) return err('malformed');
  const { access_token, refresh_token } = body as RefreshResponse;
  if (typeof access_token !== 'string' || access_token === '') return err('malformed');
  return ok({
    access: access_token,
    refresh: typeof refresh_token === 'string' && refresh_token !== '' ? refresh_token : null,
  });
}
