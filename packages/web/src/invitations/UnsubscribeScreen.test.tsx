import { STORAGE_KEYS } from '@loop/adapters';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./UnsubscribeScreen');
});

function app(unsubscribed: boolean, post: () => Response) {
  return createTestApp({
    path: '/afmelden/tok.en',
    // Signed in on this browser as someone else: the link must not send that session along.
    storage: {
      [STORAGE_KEYS.token]: freshJwt(),
      [STORAGE_KEYS.refreshToken]: 'r1',
      [STORAGE_KEYS.currentOrgId]: '7',
    },
    routes: {
      'GET /users/me': () =>
        json(200, meBody({ organizations: [{ id: 7, name: 'Demo BV', role: 'owner' }] })),
      'GET /unsubscribe/tok.en': () =>
        json(200, { organization_name: 'Gemeente Zuid', email_hint: 'j•••@voorbeeld.nl', unsubscribed }),
      'POST /unsubscribe/tok.en': post,
    },
  });
}

describe('UnsubscribeScreen', () => {
  it('should ask first, naming the organisation and the hidden address, then unsubscribe with one click', async () => {
    const test = app(false, () =>
      json(200, { organization_name: 'Gemeente Zuid', email_hint: 'j•••@voorbeeld.nl', unsubscribed: true }),
    );
    const { container: view } = await render(
      <App container={test.container} locationHook={test.location.hook} />,
    );
    await waitFor(() =>
      expect(view.textContent).toContain(
        'Wil je geen uitnodigingen voor surveys van Gemeente Zuid meer ontvangen?',
      ),
    );
    expect(view.textContent).toContain('j•••@voorbeeld.nl');
    const posts = () => test.api.seen.filter((request) => request.method === 'POST');
    expect(posts()).toEqual([]);
    await click(button(view, 'Afmelden'));
    await waitFor(() =>
      expect(view.textContent).toContain(
        'Je bent afgemeld. Gemeente Zuid stuurt je via Loop geen uitnodigingen en herinneringen meer.',
      ),
    );
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.headers.get('Authorization')).toBeNull();
    expect(posts()[0]?.headers.get('X-Organization-Id')).toBeNull();
  });

  it('should say so at once when the address was already unsubscribed', async () => {
    const test = app(true, () => json(500, {}));
    const { container: view } = await render(
      <App container={test.container} locationHook={test.location.hook} />,
    );
    await waitFor(() => expect(view.textContent).toContain('Je bent afgemeld.'));
    expect(view.textContent).not.toContain('Wil je geen uitnodigingen');
  });

  it('should show the server’s refusal and keep the button', async () => {
    const test = app(false, () => json(404, { detail: 'Deze afmeldlink bestaat niet (meer).' }));
    const { container: view } = await render(
      <App container={test.container} locationHook={test.location.hook} />,
    );
    await waitFor(() => expect(view.textContent).toContain('Wil je geen uitnodigingen'));
    await click(button(view, 'Afmelden'));
    await waitFor(() => expect(view.textContent).toContain('Deze afmeldlink bestaat niet (meer).'));
    expect(button(view, 'Afmelden')).toBeTruthy();
  });
});
