import { STORAGE_KEYS } from '@loop/adapters';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { App } from './App';

afterEach(unmountAll);

describe('App', () => {
  it('should send an unknown path to the login screen when no token is stored', async () => {
    const app = createTestApp({ path: '/bestaat-niet' });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Inloggen'));
    expect(app.location.history.at(-1)).toBe('/login');
    expect(container.querySelector('main#main')).not.toBeNull();
    expect(container.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
  });

  it('should open the dashboard for a stored session, with the organisation and its branding', async () => {
    const app = createTestApp({
      path: '/',
      storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: {
        'GET /users/me': () => json(200, meBody()),
        'GET /branding/mine': () =>
          json(200, {
            logo_url: '/uploads/logo.png',
            background_url: null,
            primary_color: '#0f766e',
            version: '3',
          }),
        'GET /user-subscriptions/me': () =>
          json(200, {
            id: 1,
            plan_id: 2,
            plan_name: 'smartloop',
            status: 'active',
            start_date: '2026-01-01T00:00:00Z',
            end_date: null,
            features: [{ key: 'branding', name: 'Huisstijl', description: '' }],
          }),
      },
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welkom, Demo Gebruiker'));
    await waitFor(() =>
      expect(container.querySelector('.brand-logo')?.getAttribute('src')).toBe('/uploads/logo.png?v=3'),
    );
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#0f766e');
    expect(app.api.seen.find((r) => r.path === '/branding/mine')?.headers.get('X-Organization-Id')).toBe('7');
    await waitFor(() =>
      expect([...container.querySelectorAll('#main-nav a')].map((a) => a.textContent)).toEqual([
        'Dashboard',
        'Surveys',
        'Contacten',
        'Organisatie',
        'Koppelingen',
        'Abonnement',
        'Profiel',
        'Personalisatie',
      ]),
    );
  });

  it('should reload the branding for the organisation the user switches to', async () => {
    const app = createTestApp({
      path: '/dashboard',
      storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: {
        'GET /users/me': () =>
          json(
            200,
            meBody({
              organizations: [
                { id: 7, name: 'Demo BV' },
                { id: 8, name: 'Tweede Stichting' },
              ],
            }),
          ),
        'GET /branding/mine': (request) =>
          json(200, {
            logo_url: null,
            background_url: null,
            primary_color: request.headers.get('X-Organization-Id') === '8' ? '#7c3aed' : '#0f766e',
            version: '1',
          }),
      },
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    const select = await waitFor(() => {
      const found = container.querySelector<HTMLSelectElement>('#organisation');
      if (!found) throw new Error('no switcher yet');
      return found;
    });
    await act(async () => {
      select.value = '8';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(button(container, 'Wisselen'));
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#7c3aed'));
    expect(app.storage.getItem(STORAGE_KEYS.currentOrgId)).toBe('8');
    expect(container.textContent).toContain('Je werkt nu in Tweede Stichting.');
  });
});
