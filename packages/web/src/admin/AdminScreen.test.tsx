import { STORAGE_KEYS } from '@loop/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

/** An own template of organisation 7, as GET /survey-templates gives it. */
const ownTemplate = {
  id: 41,
  name: 'Teamdag',
  description: 'Na elke teamdag',
  built_in: false,
  questions: [],
  estimated_seconds: 60,
};

/**
 * The server's authorisation: every /admin endpoint answers 403 to a non-admin. Each answer's
 * status is recorded, so a test can say the page asked for nothing it is refused.
 */
function asServer(isAdmin: boolean, statuses: string[]) {
  const answer = (method: string, path: string, status: number, body: unknown) => {
    statuses.push(`${status} ${method} ${path}`);
    return json(status, body);
  };
  const adminOnly = (method: string, path: string, body: unknown) => () =>
    isAdmin
      ? answer(method, path, 200, body)
      : answer(method, path, 403, { detail: 'Alleen voor beheerders.' });
  const page = { items: [], total: 0, page: 1, page_size: 25 };
  return {
    'GET /users/me': () =>
      answer(
        'GET',
        '/users/me',
        200,
        meBody({ can_manage_templates: true, organizations: [{ id: 7, name: 'Demo BV', role: 'member' }] }),
      ),
    'GET /survey-templates': () => answer('GET', '/survey-templates', 200, [ownTemplate]),
    'GET /admin/overview': adminOnly('GET', '/admin/overview', {
      users_total: 1,
      users_verified: 1,
      organizations_total: 1,
      sessions_active: 1,
    }),
    'GET /admin/users': adminOnly('GET', '/admin/users', page),
    'GET /admin/plans': adminOnly('GET', '/admin/plans', []),
    'GET /admin/features': adminOnly('GET', '/admin/features', []),
    'GET /admin/subscriptions': adminOnly('GET', '/admin/subscriptions', page),
    'GET /admin/payments': adminOnly('GET', '/admin/payments', page),
    'GET /admin/logs': adminOnly('GET', '/admin/logs', { items: [] }),
  };
}

describe('AdminScreen for a template manager who is no admin', () => {
  it('should show the templates they manage and make no request that answers 403', async () => {
    const statuses: string[] = [];
    const app = createTestApp({
      path: '/admin',
      storage: { [STORAGE_KEYS.token]: freshJwt(false), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: asServer(false, statuses),
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Beheer'));
    await waitFor(() => expect(container.textContent).toContain('Teamdag'));
    expect(app.location.history?.at(-1)).toBe('/admin');
    expect(container.textContent).toContain('Sjablonen van Demo BV');
    expect(container.querySelector('button')?.textContent).toBeDefined();
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain(
      'Verwijderen: Teamdag',
    );
    expect(statuses).toContain('200 GET /survey-templates');
    expect(statuses.filter((status) => status.startsWith('403'))).toEqual([]);
    expect(app.api.seen.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
  });

  it('should open /admin/billing with a line that it is for platform admins, asking nothing', async () => {
    const statuses: string[] = [];
    const app = createTestApp({
      path: '/admin/billing',
      storage: { [STORAGE_KEYS.token]: freshJwt(false), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: asServer(false, statuses),
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Abonnementen en betalingen zijn alleen voor platformbeheerders.',
      ),
    );
    expect(app.location.history?.at(-1)).toBe('/admin/billing');
    expect(statuses.filter((status) => status.startsWith('403'))).toEqual([]);
    expect(app.api.seen.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
  });

  it('should still show an admin the users and totals, besides the templates they manage', async () => {
    const statuses: string[] = [];
    const app = createTestApp({
      path: '/admin',
      storage: { [STORAGE_KEYS.token]: freshJwt(true), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: asServer(true, statuses),
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('Teamdag'));
    await waitFor(() => expect(container.textContent).toContain('0 gebruikers'));
    expect(container.querySelector('a[href="/admin/billing"]')).not.toBeNull();
    expect(statuses).toContain('200 GET /admin/overview');
  });
});

describe('AdminScreen', () => {
  it('should show counts with Dutch grouping and dates in the one short date style', async () => {
    const app = createTestApp({
      path: '/admin',
      storage: { [STORAGE_KEYS.token]: freshJwt(true), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: {
        'GET /users/me': () => json(200, meBody({})),
        'GET /admin/overview': () =>
          json(200, {
            users_total: 12345,
            users_verified: 12000,
            organizations_total: 7,
            sessions_active: 3,
          }),
        'GET /admin/users': () =>
          json(200, {
            items: [
              {
                id: 1,
                name: 'Noor',
                email: 'noor@voorbeeld.nl',
                is_admin: false,
                can_manage_templates: false,
                email_verified: true,
                onboarding_completed: true,
                organizations: 1,
                // 07:22 in Amsterdam, 06:22 UTC.
                created_at: '2026-11-24T06:22:58Z',
              },
            ],
            total: 1,
            page: 1,
            page_size: 25,
          }),
      },
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(container.querySelector('tbody tr')).not.toBeNull());
    expect(container.textContent).toContain('12.345');
    // The same style as every other table: the Taalunie's 'nov.', whatever the runtime's ICU says.
    expect(
      [...(container.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map((td) => td.textContent),
    ).toContain('24 nov. 2026');
  });
});
