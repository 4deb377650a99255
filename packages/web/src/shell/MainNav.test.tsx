import { STORAGE_KEYS } from '@loop/adapters';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { click, render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

function app(role: string, features = ['core', 'analytics', 'branding', 'business']) {
  return createTestApp({
    path: '/dashboard',
    storage: { [STORAGE_KEYS.token]: freshJwt(true), [STORAGE_KEYS.refreshToken]: 'r1' },
    routes: {
      'GET /users/me': () =>
        json(200, meBody({ is_admin: true, organizations: [{ id: 7, name: 'Demo BV', role }] })),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 1,
          plan_id: 3,
          plan_name: 'proloop',
          status: 'active',
          start_date: '2026-01-01T00:00:00Z',
          end_date: null,
          features: features.map((key) => ({ key, name: key, description: '' })),
        }),
    },
  });
}

const press = (key: string) =>
  act(async () => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

describe('MainNav', () => {
  it("should keep the daily areas in the bar and the rest under 'Meer', a disclosure that Escape closes", async () => {
    const test = app('owner');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/finance"]')).not.toBeNull());
    const bar = [...container.querySelectorAll('#main-nav > ul > li > a')].map((a) => a.textContent);
    expect(bar).toEqual(['Dashboard', 'Surveys', 'Contacten', 'Analyse', "KPI's", 'Financiën']);
    const toggle = container.querySelector<HTMLButtonElement>('button.nav-more-toggle');
    const list = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    expect(list?.hidden).toBe(true);
    expect([...(list?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).toEqual([
      'Bedrijfsanalyse',
      'Organisatie',
      'Koppelingen',
      'Abonnement',
      'Profiel',
      'Personalisatie',
      'Beheer',
    ]);

    await click(toggle);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(list?.hidden).toBe(false);
    act(() => list?.querySelector('a')?.focus());
    await press('Escape');
    expect(list?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);

    // A followed link closes it.
    await click(toggle);
    await click(list?.querySelector('a[href="/profiel"]') ?? null);
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/profiel'));
    await waitFor(() => expect(list?.hidden).toBe(true));
    expect(toggle?.className).toContain('is-current');
  });

  it('should not offer Contacten, the business analysis or Koppelingen to a viewer, and the subscription to everyone', async () => {
    const test = app('viewer');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/finance"]')).not.toBeNull());
    expect(container.querySelector('#main-nav a[href="/contacten"]')).toBeNull();
    expect(container.querySelector('#main-nav a[href="/bedrijfsanalyse"]')).toBeNull();
    expect(container.querySelector('#main-nav a[href="/koppelingen"]')).toBeNull();
    expect(container.querySelector('#main-nav a[href="/dashboard/abonnement"]')?.textContent).toBe(
      'Abonnement',
    );
  });

  it("should offer the business analysis only on a plan with 'business'", async () => {
    const test = app('owner', ['core', 'analytics', 'branding']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/finance"]')).not.toBeNull());
    expect(container.querySelector('#main-nav a[href="/bedrijfsanalyse"]')).toBeNull();
    expect(container.querySelector('#main-nav a[href="/dashboard/abonnement"]')).not.toBeNull();
  });
});
