import { describe, expect, it } from 'vitest';
import { analysisLogoCandidates } from './analysisLogoCandidates';

const ORIGIN = 'https://app.loop.example';

describe('analysisLogoCandidates', () => {
  it('should give the organisation logo, the default logo and the fallback, in that order', () => {
    expect(
      analysisLogoCandidates(
        {
          organizationLogo: 'https://cdn.example/org.png?v=3',
          defaultLogo: 'https://cdn.example/default.png',
          fallbackLogo: '/logo.png',
        },
        ORIGIN,
      ),
    ).toEqual(['https://cdn.example/org.png?v=3', 'https://cdn.example/default.png', `${ORIGIN}/logo.png`]);
  });

  it('should resolve relative paths against the site origin', () => {
    expect(
      analysisLogoCandidates(
        {
          organizationLogo: '/uploads/7/logo.png?v=2',
          defaultLogo: 'img/default.png',
          fallbackLogo: '//cdn.example/x.png',
        },
        'http://127.0.0.1:5173/',
      ),
    ).toEqual([
      'http://127.0.0.1:5173/uploads/7/logo.png?v=2',
      'http://127.0.0.1:5173/img/default.png',
      'http://cdn.example/x.png',
    ]);
  });

  it('should skip empty values, addresses that are not http(s), and repeats', () => {
    expect(
      analysisLogoCandidates(
        { organizationLogo: '  ', defaultLogo: 'javascript:alert(1)', fallbackLogo: '/logo.png' },
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/logo.png`]);
    expect(
      analysisLogoCandidates(
        {
          organizationLogo: 'data:image/png;base64,AAAA',
          defaultLogo: `${ORIGIN}/logo.png`,
          fallbackLogo: '/logo.png',
        },
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/logo.png`]);
    expect(
      analysisLogoCandidates({ organizationLogo: null, defaultLogo: null, fallbackLogo: '' }, ORIGIN),
    ).toEqual([]);
  });

  it('should give no relative candidates without an http(s) origin', () => {
    expect(
      analysisLogoCandidates(
        {
          organizationLogo: '/uploads/logo.png',
          defaultLogo: null,
          fallbackLogo: 'https://cdn.example/x.png',
        },
        'null',
      ),
    ).toEqual(['https://cdn.example/x.png']);
  });
});
