import { STORAGE_KEYS } from '@loop/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { ContainerProvider } from '../app/ContainerProvider';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { render, settle, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { RouteGuard } from './RouteGuard';

const signedIn = (isAdmin = false) => ({
  [STORAGE_KEYS.token]: freshJwt(isAdmin),
  [STORAGE_KEYS.refreshToken]: 'r1',
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const mount = (app: ReturnType<typeof createTestApp>) =>
  render(
    <ContainerProvider container={app.container}>
      <Router hook={app.location.hook}>
        <Switch>
          <Route path="/dashboard">
            <RouteGuard route="/dashboard">
              <p>Dashboard-inhoud</p>
            </RouteGuard>
          </Route>
          <Route path="/admin">
            <RouteGuard route="/admin">
              <p>Beheer-inhoud</p>
            </RouteGuard>
          </Route>
          <Route path="/login">
            <RouteGuard route="/login">
              <p>Inlogscherm</p>
            </RouteGuard>
          </Route>
          <Route path="/onboarding">
            <RouteGuard route="/onboarding">
              <p>Onboarding</p>
            </RouteGuard>
          </Route>
        </Switch>
      </Router>
    </ContainerProvider>,
  );

afterEach(unmountAll);

describe('RouteGuard', () => {
  it("should show 'Bezig met laden...' while the user is checked, then redirect per decideGuard", async () => {
    const me = deferred<Response>();
    const app = createTestApp({
      path: '/dashboard',
      storage: signedIn(),
      routes: { 'GET /users/me': () => me.promise },
    });
    const { container } = await mount(app);
    await settle();
    expect(container.textContent).toBe('Bezig met laden...');

    me.resolve(json(200, meBody({ onboarding_completed: false, organizations: [], organization_id: null })));
    await waitFor(() => expect(container.textContent).toBe('Onboarding'));
    // Redirects replace the entry: the history holds no /dashboard to go back to.
    expect(app.location.history).toEqual(['/onboarding']);
  });

  it('should send a visitor without tokens to /login', async () => {
    const app = createTestApp({ path: '/dashboard' });
    const { container } = await mount(app);
    await waitFor(() => expect(container.textContent).toBe('Inlogscherm'));
    expect(app.location.history).toEqual(['/login']);
  });

  it('should render the screen for a signed-in user who finished onboarding', async () => {
    const app = createTestApp({
      path: '/dashboard',
      storage: signedIn(),
      routes: { 'GET /users/me': () => json(200, meBody()) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.textContent).toBe('Dashboard-inhoud'));
  });

  it('should send a non-admin from /admin to /dashboard', async () => {
    const app = createTestApp({
      path: '/admin',
      storage: signedIn(false),
      routes: { 'GET /users/me': () => json(200, meBody()) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.textContent).toBe('Dashboard-inhoud'));
  });

  it('should open /admin to an admin', async () => {
    const app = createTestApp({
      path: '/admin',
      storage: signedIn(true),
      routes: { 'GET /users/me': () => json(200, meBody({ is_admin: true })) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.textContent).toBe('Beheer-inhoud'));
  });

  it('should still render when the user fetch fails (R-ACCESS-9: only logged)', async () => {
    const app = createTestApp({
      path: '/dashboard',
      storage: signedIn(),
      routes: { 'GET /users/me': () => json(500, { detail: 'Stuk.' }) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.textContent).toBe('Dashboard-inhoud'));
  });
});
