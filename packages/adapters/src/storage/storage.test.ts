import { CONSENT_KEYS, consentKeyFor } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { throwingStorage } from '../testing/throwingStorage';
import { browserStorage } from './browserStorage';
import { createConsentStore } from './createConsentStore';
import { createDebugAdminFlag } from './createDebugAdminFlag';
import { createFeatureStore } from './createFeatureStore';
import { createMemoryStorage } from './createMemoryStorage';
import { createOrganisationStore } from './createOrganisationStore';
import { createRegistrationKeyStore } from './createRegistrationKeyStore';
import { createTokenStore } from './createTokenStore';
import { STORAGE_KEYS } from './storageKeys';

describe('STORAGE_KEYS', () => {
  it('should use the key names of R-AUTH-1, R-ORG-2, R-BILL-14, R-ACCESS-7, R-PRIV-2', () => {
    expect(STORAGE_KEYS).toEqual({
      token: 'token',
      refreshToken: 'refresh_token',
      currentOrgId: 'currentOrgId',
      currentOrgName: 'currentOrgName',
      features: 'features',
      debugAdmin: 'debug_admin',
      registrationKey: 'registration_key',
    });
  });
});

describe('createRegistrationKeyStore', () => {
  it('should keep a new random key per registration until it is forgotten', () => {
    const storage = createMemoryStorage();
    const keys = createRegistrationKeyStore(storage);
    expect(keys.read()).toBeNull();
    const first = keys.issue();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(storage.getItem('registration_key')).toBe(first);
    // Another tab (the link opened from the mail) reads the same storage.
    expect(createRegistrationKeyStore(storage).read()).toBe(first);
    const second = keys.issue();
    expect(second).not.toBe(first);
    expect(keys.read()).toBe(second);
    keys.forget();
    expect(keys.read()).toBeNull();
  });
});

describe('createTokenStore', () => {
  it('should keep the tokens under token and refresh_token', () => {
    const storage = createMemoryStorage();
    const tokens = createTokenStore(storage);
    tokens.write({ access: 'a.b.c', refresh: 'r-1' });
    expect(storage.getItem('token')).toBe('a.b.c');
    expect(storage.getItem('refresh_token')).toBe('r-1');
    expect(tokens.read()).toEqual({ access: 'a.b.c', refresh: 'r-1' });
  });

  it('should read tokens written by another tab and clear both', () => {
    const storage = createMemoryStorage({ token: 'x', refresh_token: 'y', currentOrgId: '3' });
    const tokens = createTokenStore(storage);
    expect(tokens.read()).toEqual({ access: 'x', refresh: 'y' });
    tokens.clear();
    expect(tokens.read()).toEqual({ access: null, refresh: null });
    expect(storage.getItem('currentOrgId')).toBe('3');
  });

  it('should read an empty value as no token', () => {
    expect(createTokenStore(createMemoryStorage({ token: '', refresh_token: 'y' })).read()).toEqual({
      access: null,
      refresh: 'y',
    });
  });
});

describe('createOrganisationStore', () => {
  it('should keep the organisation under currentOrgId and currentOrgName', () => {
    const storage = createMemoryStorage();
    const organisations = createOrganisationStore(storage);
    organisations.write({ id: 42, name: 'Bakkerij Jansen' });
    expect(storage.getItem('currentOrgId')).toBe('42');
    expect(storage.getItem('currentOrgName')).toBe('Bakkerij Jansen');
    expect(organisations.read()).toEqual({ id: '42', name: 'Bakkerij Jansen' });
    organisations.clear();
    expect(organisations.read()).toEqual({ id: null, name: null });
  });
});

describe('createFeatureStore', () => {
  it('should keep the feature keys as a JSON list under features', () => {
    const storage = createMemoryStorage();
    const features = createFeatureStore(storage);
    features.write(['core', 'business']);
    expect(storage.getItem('features')).toBe('["core","business"]');
    expect(features.read()).toEqual(['core', 'business']);
    features.clear();
    expect(storage.getItem('features')).toBeNull();
    expect(features.read()).toEqual([]);
  });

  it.each([
    ['corrupt JSON', '["core",'],
    ['an object', '{"core":true}'],
    ['a string', '"core"'],
    ['null', 'null'],
  ])('should read %s as no features', (_, raw) => {
    expect(createFeatureStore(createMemoryStorage({ features: raw })).read()).toEqual([]);
  });

  it('should drop entries that are not strings', () => {
    expect(createFeatureStore(createMemoryStorage({ features: '["ai",3,null,"export"]' })).read()).toEqual([
      'ai',
      'export',
    ]);
  });
});

describe('createConsentStore', () => {
  it('should keep the app host and the public site under separate keys', () => {
    const storage = createMemoryStorage();
    const app = createConsentStore(storage, consentKeyFor('app.loop.nl', 'app.loop.nl'));
    const site = createConsentStore(storage, consentKeyFor('www.loop.nl', 'app.loop.nl'));
    app.write('accepted');
    expect(site.read()).toBeNull();
    site.write('declined');
    expect(app.read()).toBe('accepted');
    expect(storage.getItem(CONSENT_KEYS.app)).toBe('accepted');
    expect(storage.getItem(CONSENT_KEYS.site)).toBe('declined');
  });

  it('should read an unknown value as no choice', () => {
    expect(createConsentStore(createMemoryStorage({ k: 'yes' }), 'k').read()).toBeNull();
  });
});

describe('createDebugAdminFlag', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['yes', false],
    ['TRUE', false],
  ])('should read debug_admin %s as %s', (raw, on) => {
    expect(createDebugAdminFlag(createMemoryStorage({ debug_admin: raw })).isOn()).toBe(on);
  });

  it('should be off when the flag is absent', () => {
    expect(createDebugAdminFlag(createMemoryStorage()).isOn()).toBe(false);
  });
});

describe('storage adapters over a storage that throws', () => {
  it('should read nothing and swallow writes', () => {
    const storage = throwingStorage();
    const tokens = createTokenStore(storage);
    const organisations = createOrganisationStore(storage);
    const features = createFeatureStore(storage);
    const consent = createConsentStore(storage, CONSENT_KEYS.app);
    expect(() => {
      tokens.write({ access: 'a', refresh: 'r' });
      tokens.clear();
      organisations.write({ id: 1, name: 'X' });
      organisations.clear();
      features.write(['core']);
      features.clear();
      consent.write('accepted');
    }).not.toThrow();
    expect(tokens.read()).toEqual({ access: null, refresh: null });
    expect(organisations.read()).toEqual({ id: null, name: null });
    expect(features.read()).toEqual([]);
    expect(consent.read()).toBeNull();
    expect(createDebugAdminFlag(storage).isOn()).toBe(false);
    const keys = createRegistrationKeyStore(storage);
    expect(keys.issue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.read()).toBeNull();
  });
});

describe('createMemoryStorage', () => {
  it('should behave like a Storage', () => {
    const storage = createMemoryStorage({ a: '1' });
    storage.setItem('b', '2');
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('b');
    expect(storage.key(5)).toBeNull();
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });
});

describe('browserStorage', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'localStorage', original);
    else Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('should use localStorage when it is there', () => {
    const local = createMemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true });
    expect(browserStorage()).toBe(local);
  });

  it('should fall back to memory when reading localStorage throws', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const storage = browserStorage();
    storage.setItem('token', 'x');
    expect(storage.getItem('token')).toBe('x');
  });
});
