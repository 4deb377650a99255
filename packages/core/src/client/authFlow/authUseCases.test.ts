import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthGateway, SessionEndReason, SessionState, StoredTokens, TokenStore } from '../../domain/api';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import { FORGOT_PASSWORD_MESSAGE, LOGIN_FAILED_MESSAGE } from '../../domain/auth';
import type { MessageResponse, TokenPair, VerifyEmailResponse } from '../../domain/contract';
import { createAuthUseCases, isUnverifiedLogin, type RegistrationKeyStore } from './authUseCases';

// --- hand-written fakes -------------------------------------------------------------------------

/** Records every call by name with its request; answers with the reply set for that name. */
class FakeAuthGateway implements AuthGateway {
  readonly calls: Array<{ name: string; request: unknown }> = [];
  readonly replies: Record<string, ApiResult<unknown>> = {};
  logoutThrows = false;

  #call<T>(name: string, request: unknown): Promise<ApiResult<T>> {
    this.calls.push({ name, request });
    const reply = this.replies[name];
    if (!reply) throw new Error(`no reply set for ${name}`);
    return Promise.resolve(reply as ApiResult<T>);
  }

  login = (request: unknown) => this.#call<TokenPair>('login', request);
  register = (request: unknown) => this.#call<MessageResponse>('register', request);
  verifyEmail = (request: unknown) => this.#call<VerifyEmailResponse>('verifyEmail', request);
  resendVerification = (request: unknown) => this.#call<MessageResponse>('resendVerification', request);
  forgotPassword = (request: unknown) => this.#call<MessageResponse>('forgotPassword', request);
  resetPassword = (request: unknown) => this.#call<MessageResponse>('resetPassword', request);
  refresh = (request: unknown) => this.#call<unknown>('refresh', request);
  confirmEmailChange = (request: unknown) => this.#call<MessageResponse>('confirmEmailChange', request);
  undoEmailChange = (request: unknown) => this.#call<MessageResponse>('undoEmailChange', request);
  logout = async (request: unknown): Promise<ApiResult<void>> => {
    this.calls.push({ name: 'logout', request });
    if (this.logoutThrows) throw new Error('network down');
    return (this.replies.logout as ApiResult<void> | undefined) ?? apiOk(undefined);
  };
}

class FakeSession {
  readonly signIns: Array<{ access: string; refresh: string }> = [];
  readonly ends: SessionEndReason[] = [];
  signInAnswer: SessionState = { status: 'authenticated', isAdmin: false, expiresAt: 1 };

  signIn = (tokens: { readonly access: string; readonly refresh: string }): SessionState => {
    this.signIns.push({ ...tokens });
    return this.signInAnswer;
  };

  end = (reason: SessionEndReason): SessionState => {
    this.ends.push(reason);
    return { status: 'anonymous', isAdmin: false, expiresAt: null };
  };
}

class FakeTokenStore implements TokenStore {
  stored: StoredTokens = { access: null, refresh: null };
  read = () => this.stored;
  write = (tokens: { access: string; refresh: string }) => {
    this.stored = tokens;
  };
  clear = () => {
    this.stored = { access: null, refresh: null };
  };
}

/** Keeps one key in memory, as the browser's storage would. */
class FakeRegistrationKeys implements RegistrationKeyStore {
  key: string | null = null;
  issued = 0;
  issue = () => {
    this.issued += 1;
    this.key = `sleutel-${this.issued}`;
    return this.key;
  };
  read = () => this.key;
  forget = () => {
    this.key = null;
  };
}

let auth: FakeAuthGateway;
let session: FakeSession;
let tokens: FakeTokenStore;
let registrationKeys: FakeRegistrationKeys;

const useCases = () => createAuthUseCases({ auth, session, tokens, registrationKeys });
const message = (detail: string) => apiOk({ detail });

beforeEach(() => {
  auth = new FakeAuthGateway();
  session = new FakeSession();
  tokens = new FakeTokenStore();
  registrationKeys = new FakeRegistrationKeys();
});

// --- tests --------------------------------------------------------------------------------------

describe('createAuthUseCases', () => {
  describe('login', () => {
    it('should validate first and make no call when the input is invalid', async () => {
      const result = await useCases().login({ email: 'anna', password: '' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { email: 'Vul een geldig e-mailadres in.', password: 'Vul je wachtwoord in.' },
      });
      expect(auth.calls).toEqual([]);
      expect(session.signIns).toEqual([]);
    });

    it('should send the normalised address and the password as typed', async () => {
      auth.replies.login = apiOk({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
      await useCases().login({ email: ' Anna@Example.NL ', password: ' geheim ' });
      expect(auth.calls).toEqual([
        { name: 'login', request: { email: 'anna@example.nl', password: ' geheim ' } },
      ]);
    });

    it('should sign in with the returned tokens on success', async () => {
      auth.replies.login = apiOk({
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        token_type: 'bearer',
      });
      const result = await useCases().login({ email: 'anna@example.nl', password: 'geheim123' });
      expect(result).toEqual({ ok: true, value: undefined });
      expect(session.signIns).toEqual([{ access: 'access-1', refresh: 'refresh-1' }]);
    });

    it('should pass the server detail through on failure, without signing in', async () => {
      auth.replies.login = apiFailure(401, LOGIN_FAILED_MESSAGE);
      const result = await useCases().login({ email: 'anna@example.nl', password: 'fout' });
      expect(result).toEqual({ ok: false, message: LOGIN_FAILED_MESSAGE, fields: {}, status: 401 });
      expect(isUnverifiedLogin(result)).toBe(false);
      expect(session.signIns).toEqual([]);
    });

    it('should mark a 403 answer as an address that still needs verifying', async () => {
      auth.replies.login = apiFailure(403, 'Bevestig eerst je e-mailadres.');
      const result = await useCases().login({ email: 'anna@example.nl', password: 'geheim123' });
      expect(isUnverifiedLogin(result)).toBe(true);
    });

    it('should let the app forget the previous user before a login call, not before refused input', async () => {
      const forgotten: string[] = [];
      auth.replies.login = apiOk({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
      const withHook = createAuthUseCases({
        auth,
        session,
        tokens,
        registrationKeys,
        beforeSignIn: () => forgotten.push('x'),
      });
      await withHook.login({ email: '', password: '' });
      expect(forgotten).toEqual([]);
      await withHook.login({ email: 'anna@example.nl', password: 'geheim123' });
      expect(forgotten).toEqual(['x']);
    });

    it('should fail with a Dutch message when the returned token cannot be used', async () => {
      auth.replies.login = apiOk({ access_token: 'garbage', refresh_token: 'r', token_type: 'bearer' });
      session.signInAnswer = { status: 'anonymous', isAdmin: false, expiresAt: null };
      const result = await useCases().login({ email: 'anna@example.nl', password: 'geheim123' });
      expect(result).toEqual({
        ok: false,
        message: 'De server gaf een onleesbaar antwoord. Probeer het opnieuw.',
        fields: {},
      });
    });
  });

  describe('register', () => {
    it('should validate every field without a call', async () => {
      const result = await useCases().register({ name: '', email: '', password: 'kort' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: {
          name: 'Vul je naam in.',
          email: 'Vul je e-mailadres in.',
          password: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
        },
      });
      expect(auth.calls).toEqual([]);
    });

    it('should send a trimmed name and normalised address and return the server message', async () => {
      auth.replies.register = message('Controleer je e-mail om je account te bevestigen.');
      const result = await useCases().register({
        name: '  Anna de Vries ',
        email: 'ANNA@example.nl ',
        password: 'geheim123',
      });
      expect(auth.calls).toEqual([
        {
          name: 'register',
          request: {
            name: 'Anna de Vries',
            email: 'anna@example.nl',
            password: 'geheim123',
            browser_key: 'sleutel-1',
          },
        },
      ]);
      expect(result).toEqual({ ok: true, value: 'Controleer je e-mail om je account te bevestigen.' });
      // The browser keeps the key it sent, so its confirmation link can sign it in.
      expect(registrationKeys.key).toBe('sleutel-1');
    });

    it('should pass a conflict with its field errors through', async () => {
      auth.replies.register = apiFailure(409, 'Dit e-mailadres is al in gebruik.', {
        email: 'Dit e-mailadres is al in gebruik.',
      });
      const result = await useCases().register({
        name: 'Anna',
        email: 'anna@example.nl',
        password: 'geheim123',
      });
      expect(result).toEqual({
        ok: false,
        message: 'Dit e-mailadres is al in gebruik.',
        fields: { email: 'Dit e-mailadres is al in gebruik.' },
        status: 409,
      });
    });
  });

  describe('forgotPassword', () => {
    it('should validate the address without a call', async () => {
      expect(await useCases().forgotPassword('geen-adres')).toEqual({
        ok: false,
        message: null,
        fields: { email: 'Vul een geldig e-mailadres in.' },
      });
      expect(auth.calls).toEqual([]);
    });

    it('should send the normalised address and show the server answer', async () => {
      auth.replies.forgotPassword = message(FORGOT_PASSWORD_MESSAGE);
      const result = await useCases().forgotPassword(' Anna@Example.nl');
      expect(auth.calls).toEqual([{ name: 'forgotPassword', request: { email: 'anna@example.nl' } }]);
      expect(result).toEqual({ ok: true, value: FORGOT_PASSWORD_MESSAGE });
    });
  });

  describe('resendVerification', () => {
    it('should validate the address and send it normalised', async () => {
      expect((await useCases().resendVerification('')).ok).toBe(false);
      expect(auth.calls).toEqual([]);
      auth.replies.resendVerification = message('We hebben een nieuwe link gestuurd.');
      const result = await useCases().resendVerification('ANNA@example.nl');
      expect(auth.calls).toEqual([{ name: 'resendVerification', request: { email: 'anna@example.nl' } }]);
      expect(result).toEqual({ ok: true, value: 'We hebben een nieuwe link gestuurd.' });
    });
  });

  describe('resetPassword', () => {
    it('should apply the new-password rules without a call', async () => {
      expect(await useCases().resetPassword('token-1', 'a'.repeat(129))).toEqual({
        ok: false,
        message: null,
        fields: { password: 'Het wachtwoord mag hoogstens 128 tekens lang zijn.' },
      });
      expect(auth.calls).toEqual([]);
    });

    it('should send the token and password and show the server message', async () => {
      auth.replies.resetPassword = message('Je wachtwoord is opnieuw ingesteld.');
      const result = await useCases().resetPassword('token-1', 'nieuw-wachtwoord');
      expect(auth.calls).toEqual([
        { name: 'resetPassword', request: { token: 'token-1', password: 'nieuw-wachtwoord' } },
      ]);
      expect(result).toEqual({ ok: true, value: 'Je wachtwoord is opnieuw ingesteld.' });
    });

    it('should pass an expired-link answer through', async () => {
      auth.replies.resetPassword = apiFailure(400, 'Deze link is verlopen of al gebruikt.');
      expect(await useCases().resetPassword('old', 'nieuw-wachtwoord')).toEqual({
        ok: false,
        message: 'Deze link is verlopen of al gebruikt.',
        fields: {},
        status: 400,
      });
    });
  });

  describe('verifyEmail', () => {
    it('should send the token and show the server message or its failure', async () => {
      auth.replies.verifyEmail = apiOk({ detail: 'Je e-mailadres is bevestigd.', email: 'anna@example.nl' });
      expect(await useCases().verifyEmail('token-1')).toEqual({
        ok: true,
        value: { detail: 'Je e-mailadres is bevestigd.', email: 'anna@example.nl', signedIn: false },
      });
      expect(auth.calls).toEqual([{ name: 'verifyEmail', request: { token: 'token-1' } }]);
      expect(session.signIns).toEqual([]);
      auth.replies.verifyEmail = apiFailure(400, 'Deze link is ongeldig.');
      expect(await useCases().verifyEmail('token-2')).toEqual({
        ok: false,
        message: 'Deze link is ongeldig.',
        fields: {},
        status: 400,
      });
    });
  });

  describe('verifyEmail and the registering browser', () => {
    it('should keep an address confirmed elsewhere for the login screen until a login succeeds', async () => {
      const auths = useCases();
      auth.replies.verifyEmail = apiOk({ detail: 'Bevestigd.', email: 'anna@example.nl' });
      await auths.verifyEmail('token-1');
      expect(auths.confirmedEmail()).toEqual({
        detail: 'Bevestigd.',
        email: 'anna@example.nl',
        signedIn: false,
      });
      auth.replies.login = apiFailure(401, 'Onjuist.');
      await auths.login({ email: 'anna@example.nl', password: 'fout-wachtwoord' });
      expect(auths.confirmedEmail()).not.toBeNull();
      auth.replies.login = apiOk({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
      await auths.login({ email: 'anna@example.nl', password: 'geheim123' });
      expect(auths.confirmedEmail()).toBeNull();
    });

    it('should send the kept key, sign in with the session the server opens and forget the key', async () => {
      const forgotten: string[] = [];
      const withHook = createAuthUseCases({
        auth,
        session,
        tokens,
        registrationKeys,
        beforeSignIn: () => forgotten.push('x'),
      });
      auth.replies.register = message('Account aangemaakt.');
      await withHook.register({ name: 'Anna', email: 'anna@example.nl', password: 'geheim123' });
      const session_ = { access_token: 'a', refresh_token: 'r', token_type: 'bearer' } as const;
      auth.replies.verifyEmail = apiOk({ detail: 'Ingelogd.', email: 'anna@example.nl', session: session_ });

      const result = await withHook.verifyEmail('token-1');

      expect(auth.calls.at(-1)?.request).toEqual({ token: 'token-1', browser_key: 'sleutel-1' });
      expect(result).toEqual({
        ok: true,
        value: { detail: 'Ingelogd.', email: 'anna@example.nl', signedIn: true },
      });
      expect(session.signIns).toEqual([{ access: 'a', refresh: 'r' }]);
      expect(forgotten).toEqual(['x']);
      expect(registrationKeys.key).toBeNull();
    });

    it('should keep the key when the link fails, and send no key for an invitation', async () => {
      registrationKeys.issue();
      auth.replies.verifyEmail = apiFailure(400, 'Deze link is ongeldig.');
      await useCases().verifyEmail('oud');
      expect(registrationKeys.key).toBe('sleutel-1');
      auth.replies.register = message('Welkom.');
      await useCases().register({
        name: 'Anna',
        email: 'anna@example.nl',
        password: 'geheim123',
        invitationToken: 'u1',
      });
      expect(auth.calls.at(-1)?.request).not.toHaveProperty('browser_key');
      expect(registrationKeys.issued).toBe(1);
    });
  });

  describe('logout', () => {
    it('should revoke the session on the server with the refresh token, then end it locally', async () => {
      tokens.stored = { access: 'access-1', refresh: 'refresh-1' };
      await useCases().logout();
      expect(auth.calls).toEqual([{ name: 'logout', request: { refresh_token: 'refresh-1' } }]);
      expect(session.ends).toEqual(['signed-out']);
    });

    it('should end the session even when the call throws', async () => {
      tokens.stored = { access: 'access-1', refresh: 'refresh-1' };
      auth.logoutThrows = true;
      await expect(useCases().logout()).resolves.toBeUndefined();
      expect(session.ends).toEqual(['signed-out']);
    });

    it('should end the session even when the server answers with an error', async () => {
      tokens.stored = { access: 'access-1', refresh: 'refresh-1' };
      auth.replies.logout = apiFailure(419, 'Je sessie is al beëindigd.');
      await useCases().logout();
      expect(session.ends).toEqual(['signed-out']);
    });

    it('should make no call without a refresh token and still end the session', async () => {
      tokens.stored = { access: 'access-1', refresh: null };
      await useCases().logout();
      expect(auth.calls).toEqual([]);
      expect(session.ends).toEqual(['signed-out']);
    });
  });
});
