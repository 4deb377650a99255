import type { ApiKey, MemberRole } from '@loop/core';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { signedInApp } from '../testing/signedInApp';

afterEach(() => {
  unmountAll();
  Reflect.deleteProperty(navigator, 'clipboard');
});

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./IntegrationsScreen');
});

const SECRET = `loop_ab12cd34_${'x'.repeat(43)}`;

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 3,
  name: 'Power BI',
  prefix: 'loop_qq11ww22',
  scopes: ['surveys:read'],
  created_at: '2026-11-02T09:00:00Z',
  created_by: { id: 1, name: 'Olga Eigenaar' },
  expires_at: null,
  last_used_at: '2026-11-20T13:05:00Z',
  last_used_ip: '203.0.113.9',
  revoked_at: null,
  ...overrides,
});

function app(role: MemberRole = 'owner') {
  const stored: ApiKey[] = [key()];
  const test = signedInApp({
    path: '/koppelingen',
    role,
    routes: {
      'GET /api-keys': () => json(200, stored),
      'POST /api-keys': (request: SeenRequest) => {
        const body = request.body as { name: string; scopes: ApiKey['scopes'] };
        const made = key({
          id: 4,
          name: body.name,
          prefix: 'loop_ab12cd34',
          scopes: body.scopes,
          last_used_at: null,
        });
        stored.unshift(made);
        return json(201, { api_key: made, secret: SECRET });
      },
      'POST /api-keys/3/revoke': () => {
        stored[stored.length - 1] = key({ revoked_at: '2026-11-26T10:00:00Z' });
        return json(200, stored[stored.length - 1]);
      },
    },
  });
  return test;
}

async function open(role: MemberRole = 'owner') {
  const test = app(role);
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Koppelingen'));
  return { test, container };
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('the Koppelingen screen', () => {
  it('should list the keys with what they may, who made them and their last use', async () => {
    const { container } = await open();
    const row = await waitFor(() => container.querySelector('[data-testid="api-key"]'));
    expect(row.textContent).toContain('Power BI');
    expect(row.textContent).toContain('loop_qq11ww22');
    expect(row.textContent).toContain('Surveys lezen');
    expect(row.textContent).toContain('door Olga Eigenaar');
    expect(row.textContent).toContain('vanaf 203.0.113.9');
    expect(container.querySelector('h2')?.textContent).toBe('API-sleutels');
  });

  it('should check the form, then show the new secret once with a copy button', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const { test, container } = await open();
    await click(button(container, 'Sleutel maken'));
    await waitFor(() => expect(container.textContent).toContain(API_KEY_MESSAGES.nameRequired));
    expect(test.api.seen.filter((request) => request.method === 'POST')).toHaveLength(0);

    await type(field('api-key-name'), 'CLI van Bram');
    const kpis = [...container.querySelectorAll('label')].find((label) =>
      label.textContent?.includes("KPI's lezen"),
    );
    await click(kpis?.querySelector('input') ?? null);
    await click(button(container, 'Sleutel maken'));
    await waitFor(() => expect(field('created-api-key')?.value).toBe(SECRET));
    expect(container.textContent).toContain(API_KEY_MESSAGES.keepNow);
    const sent = test.api.seen.find((request) => request.method === 'POST' && request.path === '/api-keys');
    expect(sent?.body).toEqual({ name: 'CLI van Bram', scopes: ['surveys:read', 'kpis:read'] });
    await click(button(container, 'Sleutel kopiëren'));
    await waitFor(() => expect(copied).toEqual([SECRET]));
    await waitFor(() => expect(container.querySelectorAll('[data-testid="api-key"]')).toHaveLength(2));
  });

  it('should revoke a key only after confirming', async () => {
    const { test, container } = await open();
    await waitFor(() => container.querySelector('[data-testid="api-key"]'));
    await click(button(container, 'Intrekken (Power BI)'));
    const dialog = await waitFor(() => document.querySelector('[role="alertdialog"]'));
    expect(dialog.textContent).toContain('loop_qq11ww22');
    expect(test.api.seen.filter((request) => request.path === '/api-keys/3/revoke')).toHaveLength(0);
    await click(button(dialog, 'Sleutel intrekken'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="api-key"]')?.getAttribute('data-status')).toBe('revoked'),
    );
    expect(test.api.seen.filter((request) => request.path === '/api-keys/3/revoke')).toHaveLength(1);
  });

  it('should tell a member why, and not offer the screen in the menu', async () => {
    const { test, container } = await open('member');
    await waitFor(() => expect(container.textContent).toContain(PERMISSION_DENIED['apiKeys.manage']));
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/surveys"]')).not.toBeNull());
    expect(container.querySelector('#main-nav a[href="/koppelingen"]')).toBeNull();
    expect(test.api.seen.filter((request) => request.path === '/api-keys')).toHaveLength(0);
  });
});
