import { describe, expect, it } from 'vitest';
import type { Branding } from '../contract';
import { brandingView, loadBranding, THEME_RETRIES, THEME_RETRY_DELAY_MS, withVersion } from './brandingView';
import { DEFAULT_PRIMARY_COLOR } from './colour';

const DEFAULTS = { logo: '/assets/logo.svg', background: '/assets/background.jpg' };

const BRANDING: Branding = {
  logo_url: '/uploads/7/logo.png',
  background_url: 'https://cdn.example.nl/bg.jpg',
  primary_color: '#112233',
  version: '5',
};

describe('withVersion', () => {
  it('should add the v query parameter', () => {
    expect(withVersion('/uploads/logo.png', '5')).toBe('/uploads/logo.png?v=5');
  });

  it('should append with & when the URL already has a query', () => {
    expect(withVersion('/uploads/logo.png?size=2', '5')).toBe('/uploads/logo.png?size=2&v=5');
  });

  it('should keep the fragment after the query', () => {
    expect(withVersion('/uploads/logo.svg#icon', '5')).toBe('/uploads/logo.svg?v=5#icon');
    expect(withVersion('/uploads/logo.svg?a=1#icon', '5')).toBe('/uploads/logo.svg?a=1&v=5#icon');
  });

  it('should URL-encode the version', () => {
    expect(withVersion('/logo.png', '2024-01-01T10:00:00+01:00 &x')).toBe(
      '/logo.png?v=2024-01-01T10%3A00%3A00%2B01%3A00%20%26x',
    );
  });

  it('should leave the URL alone without a version', () => {
    expect(withVersion('/logo.png', '')).toBe('/logo.png');
  });
});

describe('brandingView', () => {
  it('should use the organisation logo and background with the version', () => {
    expect(brandingView(BRANDING, DEFAULTS)).toEqual({
      logoSrc: '/uploads/7/logo.png?v=5',
      backgroundSrc: 'https://cdn.example.nl/bg.jpg?v=5',
      primaryColor: '#112233',
      hasOwnLogo: true,
    });
  });

  it('should use every default when there is no branding', () => {
    expect(brandingView(null, DEFAULTS)).toEqual({
      logoSrc: DEFAULTS.logo,
      backgroundSrc: DEFAULTS.background,
      primaryColor: DEFAULT_PRIMARY_COLOR,
      hasOwnLogo: false,
    });
  });

  it('should use the defaults (without version) where the URLs are null', () => {
    const view = brandingView({ ...BRANDING, logo_url: null, background_url: null }, DEFAULTS);
    expect(view.logoSrc).toBe(DEFAULTS.logo);
    expect(view.backgroundSrc).toBe(DEFAULTS.background);
    expect(view.hasOwnLogo).toBe(false);
  });

  it('should treat an empty URL as no URL', () => {
    const view = brandingView({ ...BRANDING, logo_url: '', background_url: '' }, DEFAULTS);
    expect(view.logoSrc).toBe(DEFAULTS.logo);
    expect(view.backgroundSrc).toBe(DEFAULTS.background);
    expect(view.hasOwnLogo).toBe(false);
  });

  it('should use the default primary colour when none is set', () => {
    expect(brandingView({ ...BRANDING, primary_color: null }, DEFAULTS).primaryColor).toBe(
      DEFAULT_PRIMARY_COLOR,
    );
  });

  it('should keep only the background default when only the logo is set', () => {
    const view = brandingView({ ...BRANDING, background_url: null }, DEFAULTS);
    expect(view.logoSrc).toBe('/uploads/7/logo.png?v=5');
    expect(view.backgroundSrc).toBe(DEFAULTS.background);
  });
});

describe('loadBranding', () => {
  const failure = { ok: false } as const;

  /** A fetch that answers from a script, plus a wait that records its delays and returns at once. */
  const setUp = (answers: ReadonlyArray<{ ok: true; value: Branding } | { ok: false }>) => {
    const waits: number[] = [];
    let attempts = 0;
    const deps = {
      fetchBranding: async () => {
        const answer = answers[attempts] ?? failure;
        attempts++;
        return answer;
      },
      wait: async (ms: number) => {
        waits.push(ms);
      },
    };
    return { deps, waits, attempts: () => attempts };
  };

  it('should use 3 retries 600 ms apart (R-BRAND-4)', () => {
    expect(THEME_RETRIES).toBe(3);
    expect(THEME_RETRY_DELAY_MS).toBe(600);
  });

  it('should return the branding at once on the first success, without waiting', async () => {
    const { deps, waits, attempts } = setUp([{ ok: true, value: BRANDING }]);
    expect(await loadBranding(deps)).toBe(BRANDING);
    expect(attempts()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('should retry after a failure and stop at the first success', async () => {
    const { deps, waits, attempts } = setUp([failure, failure, { ok: true, value: BRANDING }]);
    expect(await loadBranding(deps)).toBe(BRANDING);
    expect(attempts()).toBe(3);
    expect(waits).toEqual([600, 600]);
  });

  it('should give up after 4 attempts (1 + 3 retries) 600 ms apart and return null', async () => {
    const { deps, waits, attempts } = setUp([]);
    expect(await loadBranding(deps)).toBeNull();
    expect(attempts()).toBe(4);
    expect(waits).toEqual([600, 600, 600]);
  });

  it('should wait before each retry, not after the attempt', async () => {
    const order: string[] = [];
    await loadBranding({
      fetchBranding: async () => {
        order.push('fetch');
        return failure;
      },
      wait: async (ms) => {
        order.push(`wait ${ms}`);
      },
    });
    expect(order).toEqual(['fetch', 'wait 600', 'fetch', 'wait 600', 'fetch', 'wait 600', 'fetch']);
  });
});
