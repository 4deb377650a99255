import type { ApiResult, AuthGateway, SessionControl, TokenStore } from '../../domain/api';
import { type FormResult, formFromApi, formInvalid, formOk } from '../../domain/api';
import {
  hasErrors,
  normaliseEmail,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from '../../domain/auth';

/**
 * The key that ties a registration to the browser that made it: the confirmation link signs in
 * that browser only (docs/decisions/auth.md, 'Signed in by the confirmation link').
 */
export interface RegistrationKeyStore {
  /** A new random key for a registration, kept in place of any earlier one. */
  issue(): string;
  /** The kept key, or null. */
  read(): string | null;
  forget(): void;
}

/** A confirmed address; `signedIn` when this browser registered it and is now signed in. */
export interface VerifiedEmail {
  readonly detail: string;
  readonly email: string;
  readonly signedIn: boolean;
}

export interface AuthUseCaseDeps {
  readonly auth: AuthGateway;
  readonly registrationKeys: RegistrationKeyStore;
  readonly session: SessionControl;
  readonly tokens: TokenStore;
  /** Lets the app forget what a previous user left in memory before a new login. */
  readonly beforeSignIn?: () => void;
}

/** The login was refused because the address is not verified yet (the server answers 403). */
export const isUnverifiedLogin = (result: FormResult<void>): boolean => !result.ok && result.status === 403;

const message = (result: ApiResult<{ detail: string }>): FormResult<string> =>
  result.ok ? formOk(result.value.detail) : formFromApi(result);

/** Login, registration, verification, password reset and logout, validated before any call. */
export function createAuthUseCases(deps: AuthUseCaseDeps) {
  // An address confirmed in another browser than the one that registered: the login screen fills
  // it in and says it is confirmed, until someone logs in.
  let confirmed: VerifiedEmail | null = null;
  return {
    async login(input: { email: string; password: string }): Promise<FormResult<void>> {
      const fields = validateLogin(input);
      if (hasErrors(fields)) return formInvalid(fields);
      deps.beforeSignIn?.();
      const result = await deps.auth.login({ email: normaliseEmail(input.email), password: input.password });
      if (!result.ok) return formFromApi(result);
      confirmed = null;
      const state = deps.session.signIn({
        access: result.value.access_token,
        refresh: result.value.refresh_token,
      });
      return state.status === 'authenticated'
        ? formOk(undefined)
        : { ok: false, message: 'De server gaf een onleesbaar antwoord. Probeer het opnieuw.', fields: {} };
    },

    /** With `invitationToken` the account joins the invited organisation and needs no confirmation mail. */
    async register(input: {
      name: string;
      email: string;
      password: string;
      invitationToken?: string;
    }): Promise<FormResult<string>> {
      const fields = validateRegistration(input);
      if (hasErrors(fields)) return formInvalid(fields);
      return message(
        await deps.auth.register({
          name: input.name.trim(),
          email: normaliseEmail(input.email),
          password: input.password,
          ...(input.invitationToken === undefined
            ? { browser_key: deps.registrationKeys.issue() }
            : { invitation_token: input.invitationToken }),
        }),
      );
    },

    /**
     * Confirms the address; in the browser that registered it, the answer holds a session and the
     * user is signed in. Elsewhere the address is only confirmed: the login screen takes it from here.
     */
    async verifyEmail(token: string): Promise<FormResult<VerifiedEmail>> {
      const key = deps.registrationKeys.read();
      const result = await deps.auth.verifyEmail(key === null ? { token } : { token, browser_key: key });
      if (!result.ok) return formFromApi(result);
      deps.registrationKeys.forget();
      const { detail, email, session } = result.value;
      if (session === undefined) {
        confirmed = { detail, email, signedIn: false };
        return formOk(confirmed);
      }
      deps.beforeSignIn?.();
      const state = deps.session.signIn({ access: session.access_token, refresh: session.refresh_token });
      return formOk({ detail, email, signedIn: state.status === 'authenticated' });
    },

    /** The address just confirmed without signing in, for the login screen; null otherwise. */
    confirmedEmail(): VerifiedEmail | null {
      return confirmed;
    },

    /** The link to a new address: it becomes the login. */
    async confirmEmailChange(token: string): Promise<FormResult<string>> {
      return message(await deps.auth.confirmEmailChange({ token }));
    },

    /** The link to the old address: it is the login again and every session of the account ends. */
    async undoEmailChange(token: string): Promise<FormResult<string>> {
      const result = message(await deps.auth.undoEmailChange({ token }));
      // This browser's session ended on the server too; end it here rather than at the next call.
      if (result.ok && deps.tokens.read().refresh) deps.session.end('signed-out');
      return result;
    },

    async resendVerification(email: string): Promise<FormResult<string>> {
      const fields = validateForgotPassword({ email });
      if (hasErrors(fields)) return formInvalid(fields);
      return message(await deps.auth.resendVerification({ email: normaliseEmail(email) }));
    },

    async forgotPassword(email: string): Promise<FormResult<string>> {
      const fields = validateForgotPassword({ email });
      if (hasErrors(fields)) return formInvalid(fields);
      return message(await deps.auth.forgotPassword({ email: normaliseEmail(email) }));
    },

    async resetPassword(token: string, password: string): Promise<FormResult<string>> {
      const fields = validateResetPassword({ password });
      if (hasErrors(fields)) return formInvalid(fields);
      return message(await deps.auth.resetPassword({ token, password }));
    },

    /** Revokes the session on the server when possible; locally it always ends. */
    async logout(): Promise<void> {
      const { refresh } = deps.tokens.read();
      if (refresh) {
        try {
          await deps.auth.logout({ refresh_token: refresh });
        } catch {
          // The local session ends regardless; the server session expires on its own.
        }
      }
      deps.session.end('signed-out');
    },
  };
}

export type AuthUseCases = ReturnType<typeof createAuthUseCases>;
