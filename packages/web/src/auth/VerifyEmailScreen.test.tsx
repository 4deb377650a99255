import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { ContainerProvider } from '../app/ContainerProvider';
import { json } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { VerifyEmailScreen } from './VerifyEmailScreen';

afterEach(unmountAll);

describe('VerifyEmailScreen', () => {
  it('should send the single-use token once, even under StrictMode, and show the answer', async () => {
    const app = createTestApp({
      path: '/verify/abc123',
      routes: { 'POST /auth/verify-email': () => json(200, { detail: 'Je e-mailadres is bevestigd.' }) },
    });
    const { container } = await render(
      <StrictMode>
        <ContainerProvider container={app.container}>
          <Router hook={app.location.hook}>
            <Route path="/verify/:token">
              <VerifyEmailScreen />
            </Route>
          </Router>
        </ContainerProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(container.textContent).toContain('Je e-mailadres is bevestigd.'));
    expect(app.api.seen).toHaveLength(1);
    expect(app.api.seen[0]?.body).toEqual({ token: 'abc123' });
    expect(container.querySelector('a[href="/login"]')).not.toBeNull();
  });
});
