import { STORAGE_KEYS } from '@loop/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

const NAMES: Record<string, string> = { branding: 'Eigen huisstijl' };

const feature = (key: string, description = '') => ({
  key,
  name: NAMES[key] ?? `Functie ${key}`,
  description,
});

const subscription = (features: ReturnType<typeof feature>[]) => ({
  id: 3,
  plan_id: 1,
  plan_name: 'basicloop',
  status: 'active',
  start_date: '2026-03-05T10:00:00Z',
  end_date: null,
  features,
});

function app(path: string, features: ReturnType<typeof feature>[]) {
  return createTestApp({
    path,
    storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
    routes: {
      'GET /users/me': () => json(200, meBody()),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /user-subscriptions/me': () => json(200, subscription(features)),
      'GET /plans': () =>
        json(200, [
          { id: 1, name: 'basicloop', price_per_month: 0, features: [feature('core')] },
          { id: 2, name: 'smartloop', price_per_month: 29, features: [feature('core'), feature('branding')] },
          { id: 3, name: 'proloop', price_per_month: 79, features: [feature('core')] },
        ]),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
    },
  });
}

describe('Mijn Abonnement', () => {
  it('should show the plan, sanitised feature HTML and the other plans by price descending', async () => {
    const test = app('/dashboard/abonnement', [
      feature(
        'core',
        '<p>Kern <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
      ),
      feature('export', '&lt;strong&gt;Exporteren&lt;/strong&gt;'),
    ]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Mijn Abonnement'));
    await waitFor(() =>
      expect(container.querySelector('.current-plan .plan-badge-blue')?.textContent).toBe('basicloop'),
    );
    expect(container.textContent).toContain('5 maart 2026');
    expect(container.querySelector('.plan-status')?.textContent).toBe('Status: Actief');
    const descriptions = container.querySelectorAll('.feature-description');
    expect(descriptions[0]?.innerHTML).not.toMatch(/script|onerror|img|javascript:/);
    expect(descriptions[1]?.querySelector('strong')?.textContent).toBe('Exporteren');
    expect([...container.querySelectorAll('.plan-card .plan-badge')].map((b) => b.textContent)).toEqual([
      'proloop',
      'smartloop',
    ]);
    expect(
      [...container.querySelectorAll('.plan-price')].map((p) => p.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['€ 79,00 / maand', '€ 29,00 / maand']);
  });
});

describe('feature gating', () => {
  it('should explain /personalisatie without branding instead of leaving it, and keep its menu item hidden', async () => {
    const test = app('/personalisatie', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.feature-missing')).not.toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('Personalisatie');
    expect(container.querySelector('.feature-missing p')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Voor deze pagina is de functie Eigen huisstijl nodig. Die zit niet in het abonnement van je ' +
        'organisatie, wel in smartloop (€ 29,00 / maand).',
    );
    expect(container.querySelector('.feature-missing a[href="/dashboard/abonnement"]')?.textContent).toBe(
      'Mijn Abonnement',
    );
    expect(test.location.history).toEqual(['/personalisatie']);
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/surveys"]')).not.toBeNull());
    expect(container.querySelector('#main-nav')?.textContent).not.toContain('Personalisatie');
  });

  it('should keep the Personalisatie card on the dashboard without branding, saying which plan has it', async () => {
    const test = app('/dashboard', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const card = await waitFor(() => {
      const found = container.querySelector('a.card[href="/personalisatie"]');
      if (!found?.textContent?.includes('abonnement')) throw new Error('not yet');
      return found;
    });
    expect(card.querySelector('.card-text')?.textContent).toBe(
      'Logo, achtergrond en huisstijlkleur van Demo BV. Zit niet in je abonnement, wel in smartloop.',
    );
  });

  it('should still send /bedrijfsanalyse to the dashboard, as the spec prescribes', async () => {
    const test = app('/bedrijfsanalyse', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/dashboard'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welkom, Demo Gebruiker'));
  });

  it('should open /personalisatie when the plan includes branding', async () => {
    const test = app('/personalisatie', [feature('core'), feature('branding')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Personalisatie'));
    expect(test.location.history.at(-1)).toBe('/personalisatie');
  });
});
