import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { ContainerProvider } from '../app/ContainerProvider';
import { fakeJwt, json } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { LoginScreen } from './LoginScreen';
import { VerifyEmailScreen } from './VerifyEmailScreen';

afterEach(unmountAll);

function screens(app: ReturnType<typeof createTestApp>) {
  return (
    <StrictMode>
      <ContainerProvider container={app.container}>
        <Router hook={app.location.hook}>
          <Switch>
            <Route path="/verify/:token">
              <VerifyEmailScreen />
            </Route>
            <Route path="/login">
              <LoginScreen />
            </Route>
            <Route path="/dashboard">
              <p>Dashboard</p>
            </Route>
          </Switch>
        </Router>
      </ContainerProvider>
    </StrictMode>
  );
}

describe('VerifyEmailScreen', () => {
  it('should send the single-use token once, even under StrictMode, and say why a link fails', async () => {
    const app = createTestApp({
      path: '/verify/abc123',
      routes: {
        'POST /auth/verify-email': () =>
          json(400, { detail: 'Deze bevestigingslink is ongeldig of verlopen.' }),
      },
    });
    const { container } = await render(screens(app));
    await waitFor(() =>
      expect(container.textContent).toContain('Deze bevestigingslink is ongeldig of verlopen.'),
    );
    expect(app.api.seen).toHaveLength(1);
    expect(app.api.seen[0]?.body).toEqual({ token: 'abc123' });
    expect(container.querySelector('a[href="/login"]')).not.toBeNull();
  });

  it('should open the login with the confirmed address filled in when this browser did not register', async () => {
    const app = createTestApp({
      path: '/verify/abc123',
      routes: {
        'POST /auth/verify-email': () =>
          json(200, {
            detail: 'Je e-mailadres is bevestigd. Log in om verder te gaan.',
            email: 'noor@example.nl',
          }),
      },
    });
    const { container } = await render(screens(app));
    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/login'));
    await waitFor(() =>
      expect(container.querySelector('[role="status"]')?.textContent).toBe(
        'Je e-mailadres is bevestigd. Log in om verder te gaan.',
      ),
    );
    expect(container.querySelector<HTMLInputElement>('input[type="email"]')?.value).toBe('noor@example.nl');
    expect(app.api.seen).toHaveLength(1);
  });

  it('should send the key this browser registered with and, signed in, go on to the app', async () => {
    const access = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 900 });
    const app = createTestApp({
      path: '/verify/abc123',
      storage: { registration_key: 'sleutel-van-deze-browser' },
      routes: {
        'POST /auth/verify-email': () =>
          json(200, {
            detail: 'Je e-mailadres is bevestigd. Je bent ingelogd.',
            email: 'noor@example.nl',
            session: { access_token: access, refresh_token: 'verversen', token_type: 'bearer' },
          }),
      },
    });
    const { container } = await render(screens(app));
    await waitFor(() => expect(container.textContent).toContain('Dashboard'));
    expect(app.api.seen[0]?.body).toEqual({ token: 'abc123', browser_key: 'sleutel-van-deze-browser' });
    expect(app.storage.getItem('token')).toBe(access);
    expect(app.storage.getItem('refresh_token')).toBe('verversen');
    expect(app.storage.getItem('registration_key')).toBeNull();
  });
});
