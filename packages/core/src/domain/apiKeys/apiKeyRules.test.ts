import { describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  apiKeyExpiry,
  apiKeyExpiryError,
  apiKeyPrefix,
  checkApiKeyForm,
} from './apiKeyRules';

const NOW = new Date('2026-03-10T12:00:00Z');
const KEY = `loop_ab12cd34_${'A'.repeat(42)}-`;

describe('the key format', () => {
  it('should read the prefix of a well-formed key only', () => {
    expect(API_KEY_PATTERN.test(KEY)).toBe(true);
    expect(apiKeyPrefix(KEY)).toBe('loop_ab12cd34');
    expect(apiKeyPrefix(`${KEY}x`)).toBeNull();
    expect(apiKeyPrefix(KEY.replace('ab12cd34', 'AB12CD34'))).toBeNull();
    expect(apiKeyPrefix('loop_ab12cd34_short')).toBeNull();
    expect(apiKeyPrefix('eyJhbGciOi.x.y')).toBeNull();
  });
});

describe('the expiry', () => {
  it('should stop a key at the start of the next day in the Netherlands, summer and winter', () => {
    expect(apiKeyExpiry('2026-01-31')?.toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(apiKeyExpiry('2026-07-01')?.toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(apiKeyExpiry('2026-02-30')).toBeNull();
    expect(apiKeyExpiry('morgen')).toBeNull();
  });

  it('should allow today up to three years ahead', () => {
    expect(apiKeyExpiryError('2026-03-10', NOW)).toBeNull();
    expect(apiKeyExpiryError('2026-03-09', NOW)).toBe(API_KEY_MESSAGES.expiryPast);
    expect(apiKeyExpiryError('2029-04-10', NOW)).toBe(API_KEY_MESSAGES.expiryTooFar);
    expect(apiKeyExpiryError('10-03-2026', NOW)).toBe(API_KEY_MESSAGES.expiryInvalid);
  });
});

describe('checkApiKeyForm', () => {
  it('should give the request with the scopes in the table order, once each', () => {
    const checked = checkApiKeyForm(
      { name: '  Export naar BI ', scopes: ['kpis:read', 'surveys:read', 'kpis:read'], expiresOn: '' },
      NOW,
    );
    expect(checked).toEqual({
      ok: true,
      value: { name: 'Export naar BI', scopes: ['surveys:read', 'kpis:read'] },
    });
  });

  it('should name every wrong field', () => {
    const checked = checkApiKeyForm({ name: ' ', scopes: [], expiresOn: '2020-01-01' }, NOW);
    expect(checked).toEqual({
      ok: false,
      message: null,
      fields: {
        name: API_KEY_MESSAGES.nameRequired,
        scopes: API_KEY_MESSAGES.noScopes,
        expires_on: API_KEY_MESSAGES.expiryPast,
      },
    });
    const unknown = checkApiKeyForm({ name: 'x'.repeat(101), scopes: ['admin'], expiresOn: '' }, NOW);
    expect(unknown.ok ? null : unknown.fields).toEqual({
      name: API_KEY_MESSAGES.nameTooLong,
      scopes: API_KEY_MESSAGES.unknownScope,
    });
  });
});
