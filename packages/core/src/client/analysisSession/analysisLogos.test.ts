import { describe, expect, it } from 'vitest';
import { analysisLogoUrls } from './analysisLogos';

const LOGOS = { defaultLogo: '/default-logo.svg', fallbackLogo: '/default-logo.png' };

describe('analysisLogoUrls', () => {
  it("should try the organisation's logo with its version first, then the default and the fallback", () => {
    expect(
      analysisLogoUrls(
        { logo_url: '/uploads/7/logo.png', background_url: null, primary_color: null, version: '5' },
        LOGOS,
        'https://loop.example.nl',
      ),
    ).toEqual([
      'https://loop.example.nl/uploads/7/logo.png?v=5',
      'https://loop.example.nl/default-logo.svg',
      'https://loop.example.nl/default-logo.png',
    ]);
  });

  it('should start at the default logo for an organisation without one, or before its branding is known', () => {
    const expected = ['http://127.0.0.1:3000/default-logo.svg', 'http://127.0.0.1:3000/default-logo.png'];
    expect(
      analysisLogoUrls(
        { logo_url: null, background_url: null, primary_color: null, version: '' },
        LOGOS,
        'http://127.0.0.1:3000',
      ),
    ).toEqual(expected);
    expect(analysisLogoUrls(null, LOGOS, 'http://127.0.0.1:3000')).toEqual(expected);
  });
});
