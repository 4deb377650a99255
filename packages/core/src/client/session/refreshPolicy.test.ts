import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '../../domain/contract';
import type { TokenDecoder } from './ports';
import {
  BACKGROUND_REFRESH_LEAD_MS,
  backgroundRefreshDelay,
  hasBothTokens,
  needsRefresh,
  parseRefreshResponse,
  REFRESH_WHEN_REMAINING_MS,
  readClaims,
} from './refreshPolicy';

const NOW = 1_700_000_000_000;

const decoderReturning = (claims: Partial<AccessTokenClaims>): TokenDecoder => ({ decode: () => claims });

describe('hasBothTokens', () => {
  it('should count as logged in only when both tokens are stored', () => {
    expect(hasBothTokens({ access: 'a', refresh: 'r' })).toBe(true);
  });

  it('should not count as logged in with only the access token', () => {
    expect(hasBothTokens({ access: 'a', refresh: null })).toBe(false);
  });

  it('should not count as logged in with only the refresh token', () => {
    expect(hasBothTokens({ access: null, refresh: 'r' })).toBe(false);
  });

  it('should not count empty strings as tokens', () => {
    expect(hasBothTokens({ access: '', refresh: 'r' })).toBe(false);
    expect(hasBothTokens({ access: 'a', refresh: '' })).toBe(false);
  });
});

describe('needsRefresh', () => {
  it('should use the thresholds of 60 s (R-AUTH-3) and 30 s (R-AUTH-4)', () => {
    expect(REFRESH_WHEN_REMAINING_MS).toBe(60_000);
    expect(BACKGROUND_REFRESH_LEAD_MS).toBe(30_000);
  });

  it('should refresh when 59 s remain', () => {
    expect(needsRefresh(NOW + 59_000, NOW)).toBe(true);
  });

  it('should not refresh when 61 s remain', () => {
    expect(needsRefresh(NOW + 61_000, NOW)).toBe(false);
  });

  it('should not refresh at exactly 60 s (the rule is "under 60 s")', () => {
    expect(needsRefresh(NOW + 60_000, NOW)).toBe(false);
  });

  it('should refresh a token that has already expired', () => {
    expect(needsRefresh(NOW - 5_000, NOW)).toBe(true);
  });
});

describe('backgroundRefreshDelay', () => {
  it('should schedule the refresh exactly 30 s before expiry', () => {
    expect(backgroundRefreshDelay(NOW + 15 * 60_000, NOW)).toBe(15 * 60_000 - 30_000);
  });

  it('should be 0 when already inside the 30 s window', () => {
    expect(backgroundRefreshDelay(NOW + 10_000, NOW)).toBe(0);
  });

  it('should be 0 (never negative) for an expired token', () => {
    expect(backgroundRefreshDelay(NOW - 60_000, NOW)).toBe(0);
  });
});

describe('readClaims', () => {
  it('should read is_admin and convert exp from seconds to milliseconds', () => {
    const claims = readClaims(decoderReturning({ exp: 1_700_000_100, is_admin: true }), 't');
    expect(claims).toEqual({ ok: true, value: { isAdmin: true, expiresAt: 1_700_000_100_000 } });
  });

  it('should treat a missing or non-boolean is_admin as not admin', () => {
    const missing = readClaims(decoderReturning({ exp: 1 }), 't');
    const truthy = readClaims(decoderReturning({ exp: 1, is_admin: 'yes' as unknown as boolean }), 't');
    expect(missing.ok && missing.value.isAdmin).toBe(false);
    expect(truthy.ok && truthy.value.isAdmin).toBe(false);
  });

  it('should return undecodable when the decoder throws', () => {
    const throwing: TokenDecoder = {
      decode: () => {
        throw new Error('Invalid token specified');
      },
    };
    expect(readClaims(throwing, 'garbage')).toEqual({ ok: false, error: 'undecodable' });
  });

  it('should return undecodable when exp is missing', () => {
    expect(readClaims(decoderReturning({ is_admin: true }), 't')).toEqual({
      ok: false,
      error: 'undecodable',
    });
  });

  it('should return undecodable when exp is not a finite number', () => {
    expect(readClaims(decoderReturning({ exp: '123' as unknown as number }), 't').ok).toBe(false);
    expect(readClaims(decoderReturning({ exp: Number.NaN }), 't').ok).toBe(false);
    expect(readClaims(decoderReturning({ exp: Number.POSITIVE_INFINITY }), 't').ok).toBe(false);
  });
});

describe('parseRefreshResponse', () => {
  it('should accept an answer with both tokens', () => {
    expect(parseRefreshResponse({ access_token: 'new-a', refresh_token: 'new-r' })).toEqual({
      ok: true,
      value: { access: 'new-a', refresh: 'new-r' },
    });
  });

  it('should accept an answer without refresh_token (refresh null, so the old one is kept)', () => {
    expect(parseRefreshResponse({ access_token: 'new-a' })).toEqual({
      ok: true,
      value: { access: 'new-a', refresh: null },
    });
  });

  it('should treat an empty or non-string refresh_token as absent', () => {
    const empty = parseRefreshResponse({ access_token: 'a', refresh_token: '' });
    const numeric = parseRefreshResponse({ access_token: 'a', refresh_token: 42 });
    expect(empty.ok && empty.value.refresh).toBeNull();
    expect(numeric.ok && numeric.value.refresh).toBeNull();
  });

  it.each([
    ['a missing access_token', { refresh_token: 'r' }],
    ['an empty access_token', { access_token: '', refresh_token: 'r' }],
    ['a non-string access_token', { access_token: 12345 }],
    ['a null access_token', { access_token: null }],
    ['a null body', null],
    ['a string body', 'access_token'],
    ['an undefined body', undefined],
  ])('should reject %s as malformed', (_label, body) => {
    expect(parseRefreshResponse(body)).toEqual({ ok: false, error: 'malformed' });
  });
});
