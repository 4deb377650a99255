import { STORAGE_KEYS } from '@loop/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

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
