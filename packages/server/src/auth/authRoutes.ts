import type { LogLevel } from '@loop/core';
import {
  FORGOT_PASSWORD_MESSAGE,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from '@loop/core/auth';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput, MESSAGES } from '../http/apiError';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, undoEmailChange } from '../users/emailChange';
import {
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSessionSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  undoEmailChangeSchema,
  verifyEmailSchema,
} from './authSchemas';
import { login } from './login';
import { requestPasswordReset, resetPassword } from './passwordReset';
import { register, registerByInvitation, resendVerification, verifyEmail } from './registration';
import { endSession, refreshSession } from './sessions';

export const AUTH_MESSAGES = {
  registered: 'Account aangemaakt. Controleer je e-mail om je adres te bevestigen.',
  verified: 'Je e-mailadres is bevestigd. Log in om verder te gaan.',
  verifiedSignedIn: 'Je e-mailadres is bevestigd. Je bent ingelogd.',
  verifyInvalid: 'Deze bevestigingslink is ongeldig of verlopen.',
  verificationResent:
    'Als dit e-mailadres bij ons bekend is en nog niet bevestigd, hebben we een nieuwe bevestigingslink gestuurd.',
  unverified: 'Bevestig eerst je e-mailadres. We hebben je een nieuwe bevestigingslink gestuurd.',
  refreshExpired: 'Je sessie is verlopen. Log opnieuw in.',
  passwordReset: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen.',
  resetInvalid: 'Deze link om je wachtwoord te herstellen is ongeldig of verlopen.',
  invitationInvalid:
    'Deze uitnodiging is ongeldig, al gebruikt of ingetrokken. Vraag om een nieuwe uitnodiging.',
} as const;

/** The answer to a registration through an invitation: no mail to wait for. */
export const invitedWelcome = (organizationName: string) =>
  `Je account is aangemaakt en je bent lid van ${organizationName}. Je kunt nu inloggen.`;

/** Registration, verification, login, token refresh, logout and password reset (all public). */
export const authRoutes =
  ({ deps, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const audit = (request: FastifyRequest, action: string, message: string, level?: LogLevel) =>
      auditRequest(deps.log, request, { category: 'auth', action, message, ...(level ? { level } : {}) });

    app.post(
      '/auth/register',
      {
        preHandler: rateLimit('register'),
        schema: registerSchema,
      },
      async (request, reply) => {
        const fields = validateRegistration(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const invitationToken = request.body.invitation_token;
        if (invitationToken !== undefined) {
          const joined = await registerByInvitation(deps, {
            ...request.body,
            invitation_token: invitationToken,
          });
          if (!joined.ok) {
            const detail = joined.detail ?? AUTH_MESSAGES.invitationInvalid;
            if (joined.error === 'other_address') throw invalidInput({ email: detail });
            throw new ApiError(
              joined.error === 'account_exists' ? 409 : joined.error === 'expired' ? 410 : 404,
              detail,
            );
          }
          audit(
            request,
            'auth.register_invited',
            `Registratie via uitnodiging voor organisatie ${joined.value.organization_id}`,
          );
          return reply.code(201).send({ detail: invitedWelcome(joined.value.organization_name) });
        }
        await register(deps, request.body);
        // The same event for a new and an existing address: the log must not enumerate accounts either.
        audit(request, 'auth.register', 'Registratie ontvangen');
        return reply.code(201).send({ detail: AUTH_MESSAGES.registered });
      },
    );

    app.post(
      '/auth/verify-email',
      {
        preHandler: rateLimit('verifyEmail'),
        schema: verifyEmailSchema,
      },
      async (request) => {
        const result = await verifyEmail(deps, request.body.token, request.body.browser_key);
        if (!result.ok) {
          audit(request, 'auth.verify_email.failed', 'Bevestigingslink ongeldig of verlopen', 'warning');
          throw new ApiError(400, AUTH_MESSAGES.verifyInvalid);
        }
        const { email, session } = result.value;
        if (session === null) {
          audit(request, 'auth.verify_email', 'E-mailadres bevestigd');
          return { detail: AUTH_MESSAGES.verified, email };
        }
        audit(
          request,
          'auth.verify_email.signed_in',
          'E-mailadres bevestigd en ingelogd in de browser die registreerde',
        );
        return { detail: AUTH_MESSAGES.verifiedSignedIn, email, session };
      },
    );

    app.post(
      '/auth/resend-verification',
      {
        preHandler: rateLimit('resendVerification'),
        schema: resendVerificationSchema,
      },
      async (request, reply) => {
        const fields = validateForgotPassword(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        await resendVerification(deps, request.body.email);
        return reply.code(202).send({ detail: AUTH_MESSAGES.verificationResent });
      },
    );

    app.post(
      '/auth/login',
      {
        preHandler: rateLimit('login'),
        schema: loginSchema,
      },
      async (request) => {
        const fields = validateLogin(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const result = await login(deps, request.body);
        if (result.ok) {
          audit(request, 'auth.login', 'Inloggen gelukt');
          return result.value;
        }
        if (result.error === 'unverified') {
          audit(request, 'auth.login.unverified', 'Inloggen geweigerd: e-mailadres nog niet bevestigd');
          throw new ApiError(403, AUTH_MESSAGES.unverified);
        }
        audit(request, 'auth.login.failed', 'Inloggen mislukt: onbekend adres of verkeerd wachtwoord');
        throw new ApiError(401, LOGIN_FAILED_MESSAGE);
      },
    );

    app.post(
      '/auth/refresh',
      {
        schema: refreshSessionSchema,
      },
      async (request) => {
        const result = await refreshSession(deps, request.body.refresh_token);
        if (result.ok) return result.value;
        if (result.error === 'reused') {
          audit(
            request,
            'auth.refresh.reused',
            'Oud verversingstoken opnieuw gebruikt; de hele sessie is beëindigd',
            'warning',
          );
        }
        if (result.error === 'reused' || result.error === 'revoked') {
          throw new ApiError(419, MESSAGES.sessionRevoked);
        }
        throw new ApiError(401, AUTH_MESSAGES.refreshExpired);
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: logoutSchema,
      },
      async (request, reply) => {
        await endSession(deps, request.body.refresh_token);
        audit(request, 'auth.logout', 'Uitgelogd');
        return reply.code(204).send();
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        preHandler: rateLimit('forgotPassword'),
        schema: forgotPasswordSchema,
      },
      async (request, reply) => {
        const fields = validateForgotPassword(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        // Looking the address up and writing its link happen after the answer: a known address
        // must not answer slower than an unknown one (security finding L3).
        const email = request.body.email;
        deps.mail.later('password reset', () => requestPasswordReset(deps, email));
        audit(request, 'auth.password_reset.requested', 'Wachtwoordherstel aangevraagd');
        return reply.code(202).send({ detail: FORGOT_PASSWORD_MESSAGE });
      },
    );

    app.post(
      '/auth/reset-password',
      {
        preHandler: rateLimit('resetPassword'),
        schema: resetPasswordSchema,
      },
      async (request) => {
        const fields = validateResetPassword(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const result = await resetPassword(deps, request.body);
        if (!result.ok) {
          audit(request, 'auth.password_reset.failed', 'Herstellink ongeldig of verlopen', 'warning');
          throw new ApiError(400, AUTH_MESSAGES.resetInvalid);
        }
        audit(request, 'auth.password_reset', 'Wachtwoord hersteld; alle sessies van het account beëindigd');
        return { detail: AUTH_MESSAGES.passwordReset };
      },
    );

    app.post(
      '/auth/confirm-email-change',
      {
        preHandler: rateLimit('verifyEmail'),
        schema: confirmEmailChangeSchema,
      },
      async (request) => {
        const result = await confirmEmailChange(deps, request.body.token);
        if (!result.ok) {
          audit(
            request,
            'auth.email_change.confirm_failed',
            'Bevestigingslink voor nieuw adres ongeldig',
            'warning',
          );
          if (result.error === 'taken') throw new ApiError(409, EMAIL_CHANGE_MESSAGES.taken);
          throw new ApiError(400, EMAIL_CHANGE_MESSAGES.confirmInvalid);
        }
        audit(
          request,
          'auth.email_change.confirmed',
          'Nieuw e-mailadres bevestigd; oud adres kreeg een herstellink',
        );
        return { detail: EMAIL_CHANGE_MESSAGES.confirmed };
      },
    );

    app.post(
      '/auth/undo-email-change',
      {
        preHandler: rateLimit('verifyEmail'),
        schema: undoEmailChangeSchema,
      },
      async (request) => {
        const result = await undoEmailChange(deps, request.body.token);
        if (!result.ok) {
          audit(request, 'auth.email_change.undo_failed', 'Herstellink voor oud adres ongeldig', 'warning');
          if (result.error === 'taken') throw new ApiError(409, EMAIL_CHANGE_MESSAGES.undoTaken);
          throw new ApiError(400, EMAIL_CHANGE_MESSAGES.undoInvalid);
        }
        audit(
          request,
          'auth.email_change.undone',
          'Oud e-mailadres teruggezet; alle sessies van het account beëindigd',
        );
        return { detail: EMAIL_CHANGE_MESSAGES.undone };
      },
    );
  };
