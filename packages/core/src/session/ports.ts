import type { ApiResult } from '../api';
import type { AccessTokenClaims } from '../contract';

/** The two tokens as stored (spec §3: local storage keys `token` and `refresh_token`). */
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

/** Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** Runs `task` after `ms`; the returned function cancels it. */
export interface Timer {
  after(ms: number, task: () => void): () => void;
}
