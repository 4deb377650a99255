import { describe, expect, it } from 'vitest';
import { CONSENT_KEYS, consentKeyFor, parseConsent, shouldShowConsentBanner } from './consent';

describe('shouldShowConsentBanner', () => {
  it('should show the banner while no choice is stored', () => {
    expect(shouldShowConsentBanner(null)).toBe(true);
  });

  it.each(['accepted', 'declined'] as const)('should hide the banner once %s is stored', (value) => {
    expect(shouldShowConsentBanner(value)).toBe(false);
  });
});

describe('parseConsent', () => {
  it.each(['accepted', 'declined'] as const)('should read %s', (value) => {
    expect(parseConsent(value)).toBe(value);
  });

  it.each([null, '', 'Accepted', 'yes', 'true', ' accepted'])('should treat %j as no choice', (raw) => {
    expect(parseConsent(raw)).toBeNull();
  });
});

describe('consentKeyFor', () => {
  it('should use separate keys for the app host and the public site', () => {
    expect(CONSENT_KEYS.app).not.toBe(CONSENT_KEYS.site);
  });

  it('should use the app key on the app host', () => {
    expect(consentKeyFor('app.loop.nl', 'app.loop.nl')).toBe(CONSENT_KEYS.app);
  });

  it('should compare host names without regard to case', () => {
    expect(consentKeyFor('App.Loop.NL', 'app.loop.nl')).toBe(CONSENT_KEYS.app);
  });

  it('should use the site key on any other host', () => {
    expect(consentKeyFor('www.loop.nl', 'app.loop.nl')).toBe(CONSENT_KEYS.site);
    expect(consentKeyFor('loop.nl', 'app.loop.nl')).toBe(CONSENT_KEYS.site);
  });

  it.each([null, undefined, ''])(
    'should use the app key on every host when the app host is %j',
    (appHost) => {
      expect(consentKeyFor('www.loop.nl', appHost)).toBe(CONSENT_KEYS.app);
    },
  );
});
