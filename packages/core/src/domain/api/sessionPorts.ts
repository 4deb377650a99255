import type { AccessTokenClaims } from '../contract';
import type { ApiResult } from './apiResult';

/** The two tokens as stored (R-AUTH-1: local storage keys `token` and `refresh_token`). */
export interface StoredTokens {
  readonly access: string | null;
  readonly refresh: string | null;
}

/** Where the session's tokens live. */
export interface TokenStore {
  read(): StoredTokens;
  write(tokens: { readonly access: string; readonly refresh: string }): void;
  clear(): void;
}

/** Reads the claims of an access token without verifying it; throws on a token it cannot decode. */
export interface TokenDecoder {
  decode(token: string): Partial<AccessTokenClaims>;
}

/** Exchanges a refresh token; the body is returned raw so the policy can reject a malformed answer. */
export interface RefreshGateway {
  refresh(refreshToken: string): Promise<ApiResult<unknown>>;
}

export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

export interface SessionState {
  readonly status: SessionStatus;
  /** `is_admin` from the access token (the debug_admin override is applied by the guard). */
  readonly isAdmin: boolean;
  /** Access-token expiry in ms since the epoch, when authenticated. */
  readonly expiresAt: number | null;
}

export type SessionEndReason = 'signed-out' | 'refresh-failed' | 'revoked' | 'undecodable' | 'tokens-removed';

/** Starting and ending the session, as the sign-in use-cases need it (the client's `SessionKeeper`). */
export interface SessionControl {
  signIn(tokens: { readonly access: string; readonly refresh: string }): SessionState;
  end(reason: SessionEndReason): SessionState;
}
