import { type AuthGateway, apiFailure, apiOk } from '@loop/core';
import { describe, expect, it, vi } from 'vitest';
import { createWebAuthUseCases } from './createWebAuthUseCases';

const gateway = (login: AuthGateway['login']): AuthGateway => ({
  login,
  refresh: vi.fn(),
  register: vi.fn(),
  verifyEmail: vi.fn(),
  resendVerification: vi.fn(),
  forgotPassword: vi.fn(),
  resetPassword: vi.fn(),
  logout: vi.fn(),
});

const deps = (login: AuthGateway['login']) => ({
  auth: gateway(login),
  session: {
    signIn: vi.fn(() => ({ status: 'authenticated' as const, isAdmin: false, expiresAt: 1 })),
    end: vi.fn(),
  },
  tokens: { read: () => ({ access: null, refresh: null }), write: vi.fn(), clear: vi.fn() },
});

const credentials = { email: 'Demo@Loop.demo ', password: 'geheim123' };

describe('createWebAuthUseCases', () => {
  it('should flag a 403 login as an unverified address', async () => {
    const auth = createWebAuthUseCases(deps(async () => apiFailure(403, 'Bevestig eerst je e-mailadres.')));
    const outcome = await auth.login(credentials);
    expect(outcome.unverified).toBe(true);
    expect(outcome.result).toEqual({ ok: false, message: 'Bevestig eerst je e-mailadres.', fields: {} });
  });

  it('should not flag wrong credentials (401) as unverified', async () => {
    const auth = createWebAuthUseCases(
      deps(async () => apiFailure(401, 'E-mailadres of wachtwoord is onjuist.')),
    );
    expect((await auth.login(credentials)).unverified).toBe(false);
  });

  it('should sign in with core rules and forget the previous user first', async () => {
    const d = deps(async () =>
      apiOk({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' as const }),
    );
    const beforeSignIn = vi.fn();
    const auth = createWebAuthUseCases({ ...d, beforeSignIn });
    const outcome = await auth.login(credentials);
    expect(outcome).toEqual({ result: { ok: true, value: undefined }, unverified: false });
    expect(d.session.signIn).toHaveBeenCalledWith({ access: 'a', refresh: 'r' });
    expect(beforeSignIn).toHaveBeenCalledTimes(1);
  });

  it('should refuse invalid input without calling the server', async () => {
    const login = vi.fn();
    const auth = createWebAuthUseCases(deps(login));
    const outcome = await auth.login({ email: '', password: '' });
    expect(login).not.toHaveBeenCalled();
    expect(outcome.result.ok).toBe(false);
  });
});
