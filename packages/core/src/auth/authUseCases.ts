import type { ApiResult, AuthGateway } from '../api';
import { type FormResult, formFromApi, formInvalid, formOk } from '../api';
import type { SessionKeeper, TokenStore } from '../session';
import {
  hasErrors,
  normaliseEmail,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from './credentials';

export interface AuthUseCaseDeps {
  readonly auth: AuthGateway;
  readonly session: Pick<SessionKeeper, 'signIn' | 'end'>;
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
  return {
    async login(input: { email: string; password: string }): Promise<FormResult<void>> {
      const fields = validateLogin(input);
      if (hasErrors(fields)) return formInvalid(fields);
      deps.beforeSignIn?.();
      const result = await deps.auth.login({ email: normaliseEmail(input.email), password: input.password });
      if (!result.ok) return formFromApi(result);
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
          ...(input.invitationToken === undefined ? {} : { invitation_token: input.invitationToken }),
        }),
      );
    },

    async verifyEmail(token: string): Promise<FormResult<string>> {
      return message(await deps.auth.verifyEmail({ token }));
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
