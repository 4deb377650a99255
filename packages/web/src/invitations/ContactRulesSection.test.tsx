import { STORAGE_KEYS } from '@loop/adapters';
import type { MemberRole } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

beforeAll(async () => {
  await import('../organisation/TeamScreen');
});

function app(role: MemberRole) {
  return createSignedInApp({
    role: role,
    path: '/organisatie',
    storage: { [STORAGE_KEYS.currentOrgId]: '7' },
    routes: {
      'GET /organization/members': () => json(200, []),
      'GET /organization/invitations': () => json(200, []),
      'GET /organization/contact-rules': () => json(200, { min_days_between: 30 }),
      'PATCH /organization/contact-rules': (request) => json(200, request.body),
    },
  });
}

describe('ContactRulesSection on /organisatie', () => {
  it('should show the rule and save a new number of days, refusing one out of range before any call', async () => {
    const test = app('manager');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const input = () => container.querySelector('input[placeholder="Geen grens"]') as HTMLInputElement;
    await waitFor(() => expect(input()?.value).toBe('30'));
    await type(input(), '400');
    await click(button(container, 'Contactregel opslaan'));
    await waitFor(() =>
      expect(container.textContent).toContain('Kies een aantal dagen van 1 tot en met 365'),
    );
    expect(test.api.seen.some((request) => request.method === 'PATCH')).toBe(false);
    await type(input(), '14');
    await click(button(container, 'Contactregel opslaan'));
    await waitFor(() => expect(test.api.seen.some((request) => request.method === 'PATCH')).toBe(true));
    expect(test.api.seen.find((request) => request.method === 'PATCH')?.body).toEqual({
      min_days_between: 14,
    });
  });

  it('should not offer the rule to a member', async () => {
    const test = app('member');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('Wat elke rol mag'));
    expect(container.textContent).not.toContain('Contactregel');
    expect(test.api.seen.some((request) => request.path === '/organization/contact-rules')).toBe(false);
  });
});
