import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ContainerProvider } from '../app/ContainerProvider';
import { json } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { LoginScreen } from './LoginScreen';

const mount = (app: ReturnType<typeof createTestApp>) =>
  render(
    <ContainerProvider container={app.container}>
      <Router hook={app.location.hook}>
        <LoginScreen />
      </Router>
    </ContainerProvider>,
  );

const submit = async (root: HTMLElement) => {
  const form = root.querySelector('form');
  await click(form?.querySelector('button[type="submit"]') ?? null);
};

afterEach(unmountAll);

describe('LoginScreen', () => {
  it('should show Dutch field errors tied to their inputs, without calling the server', async () => {
    const app = createTestApp({ path: '/login' });
    const { container } = await mount(app);
    await submit(container);
    const email = container.querySelector('#email');
    expect(email?.getAttribute('aria-invalid')).toBe('true');
    expect(email?.getAttribute('aria-describedby')).toBe('email-error');
    expect(container.querySelector('#email-error')?.textContent).toBe('Vul je e-mailadres in.');
    expect(container.querySelector('#password-error')?.textContent).toBe('Vul je wachtwoord in.');
    expect(container.querySelector('#email-error')?.getAttribute('role')).toBe('alert');
    expect(app.api.seen).toEqual([]);
  });

  it('should offer a new confirmation link when the address is not verified (403)', async () => {
    const app = createTestApp({
      path: '/login',
      routes: {
        'POST /auth/login': () => json(403, { detail: 'Bevestig eerst je e-mailadres.' }),
        'POST /auth/resend-verification': () =>
          json(202, { detail: 'We hebben je een nieuwe link gestuurd.' }),
      },
    });
    const { container } = await mount(app);
    await type(container.querySelector('#email'), 'nieuw@loop.demo');
    await type(container.querySelector('#password'), 'geheim123');
    await submit(container);
    await waitFor(() => expect(container.textContent).toContain('Bevestig eerst je e-mailadres.'));
    expect(app.storage.getItem('token')).toBeNull();

    await click(button(container, 'Stuur de bevestigingslink opnieuw'));
    await waitFor(() => expect(container.textContent).toContain('We hebben je een nieuwe link gestuurd.'));
    expect(app.api.seen.at(-1)?.body).toEqual({ email: 'nieuw@loop.demo' });
  });
});
