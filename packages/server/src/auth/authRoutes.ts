import {
  FORGOT_PASSWORD_MESSAGE,
  type ForgotPasswordRequest,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  type LoginRequest,
  type LogLevel,
  type LogoutRequest,
  type RefreshRequest,
  type RegisterRequest,
  type ResendVerificationRequest,
  type ResetPasswordRequest,
  type TokenPair,
  type VerifyEmailRequest,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput, MESSAGES } from '../http/apiError';
import { ERRORS, messageResponse, textInput, tokenInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { literal, noContent, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { login } from './login';
import { requestPasswordReset, resetPassword } from './passwordReset';
import { register, resendVerification, verifyEmail } from './registration';
import { endSession, refreshSession } from './sessions';

export const AUTH_MESSAGES = {
  registered: 'Account aangemaakt. Controleer je e-mail om je adres te bevestigen.',
  verified: 'Je e-mailadres is bevestigd. Je kunt nu inloggen.',
  verifyInvalid: 'Deze bevestigingslink is ongeldig of verlopen.',
  verificationResent:
    'Als dit e-mailadres bij ons bekend is en nog niet bevestigd, hebben we een nieuwe bevestigingslink gestuurd.',
  unverified: 'Bevestig eerst je e-mailadres. We hebben je een nieuwe bevestigingslink gestuurd.',
  refreshExpired: 'Je sessie is verlopen. Log opnieuw in.',
  passwordReset: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen.',
  resetInvalid: 'Deze link om je wachtwoord te herstellen is ongeldig of verlopen.',
} as const;

const TAGS = ['auth'];

const tokenPair = object<TokenPair>({
  access_token: string({ description: 'Toegangstoken (JWT, HS256) met sub, sid, is_admin en exp.' }),
  refresh_token: string({ description: 'Ondoorzichtig verversingstoken; elk gebruik levert een nieuw.' }),
  token_type: literal('bearer'),
});

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
        schema: {
          tags: TAGS,
          summary: 'Register an account',
          description:
            'Maakt een account aan en mailt een bevestigingslink. Een adres dat al een account heeft krijgt ' +
            'hetzelfde antwoord (er wordt niets opgeslagen) en de eigenaar een mail met inlog- en herstellinks.',
          body: object<RegisterRequest>({
            name: textInput('Naam'),
            email: textInput('E-mailadres'),
            password: textInput('Wachtwoord (8 tot 128 tekens)'),
          }),
          response: {
            201: messageResponse('Account aangemaakt (of bestond al).'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request, reply) => {
        const fields = validateRegistration(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
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
        schema: {
          tags: TAGS,
          summary: 'Confirm an e-mail address',
          description:
            'Bevestigt het e-mailadres met het token uit de link /verify/:token (eenmalig, 48 uur geldig).',
          body: object<VerifyEmailRequest>({ token: tokenInput('Token uit de bevestigingslink') }),
          response: {
            200: messageResponse('Adres bevestigd.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request) => {
        const result = await verifyEmail(deps, request.body.token);
        if (!result.ok) {
          audit(request, 'auth.verify_email.failed', 'Bevestigingslink ongeldig of verlopen', 'warning');
          throw new ApiError(400, AUTH_MESSAGES.verifyInvalid);
        }
        audit(request, 'auth.verify_email', 'E-mailadres bevestigd');
        return { detail: AUTH_MESSAGES.verified };
      },
    );

    app.post(
      '/auth/resend-verification',
      {
        preHandler: rateLimit('resendVerification'),
        schema: {
          tags: TAGS,
          summary: 'Send a new verification link',
          description:
            'Stuurt een nieuwe bevestigingslink als het adres een onbevestigd account heeft; altijd hetzelfde antwoord.',
          body: object<ResendVerificationRequest>({ email: textInput('E-mailadres') }),
          response: {
            202: messageResponse('Verzoek ontvangen.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
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
        schema: {
          tags: TAGS,
          summary: 'Log in',
          description:
            'Opent een nieuwe sessie. Onbekend adres en verkeerd wachtwoord geven hetzelfde antwoord (401). ' +
            'Een onbevestigd adres met het juiste wachtwoord geeft 403 en een nieuwe bevestigingslink.',
          body: object<LoginRequest>({ email: textInput('E-mailadres'), password: textInput('Wachtwoord') }),
          response: {
            200: tokenPair,
            400: ERRORS.badRequest,
            401: ERRORS.unauthorized,
            403: ERRORS.forbidden,
            429: ERRORS.tooManyRequests,
          },
        },
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
        schema: {
          tags: TAGS,
          summary: 'Rotate the refresh token',
          description:
            'Geeft een nieuw toegangstoken en een nieuw verversingstoken; het oude verversingstoken is daarna ' +
            'ongeldig. Hergebruik van een oud token beëindigt de hele sessie (419).',
          body: object<RefreshRequest>({ refresh_token: tokenInput('Verversingstoken') }),
          response: {
            200: object<{ access_token: string; refresh_token: string }>({
              access_token: string({ description: 'Nieuw toegangstoken.' }),
              refresh_token: string({ description: 'Nieuw verversingstoken.' }),
            }),
            400: ERRORS.badRequest,
            401: ERRORS.unauthorized,
            419: ERRORS.sessionRevoked,
          },
        },
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
        schema: {
          tags: TAGS,
          summary: 'Log out',
          description:
            'Beëindigt de sessie van dit verversingstoken. Idempotent: een onbekend token geeft ook 204.',
          body: object<LogoutRequest>({ refresh_token: tokenInput('Verversingstoken') }),
          response: { 204: noContent, 400: ERRORS.badRequest },
        },
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
        schema: {
          tags: TAGS,
          summary: 'Request a password reset link',
          description:
            'Mailt een herstellink (1 uur geldig) als het adres bekend is; het antwoord is altijd hetzelfde.',
          body: object<ForgotPasswordRequest>({ email: textInput('E-mailadres') }),
          response: {
            202: messageResponse('Verzoek ontvangen.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request, reply) => {
        const fields = validateForgotPassword(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        await requestPasswordReset(deps, request.body.email);
        audit(request, 'auth.password_reset.requested', 'Wachtwoordherstel aangevraagd');
        return reply.code(202).send({ detail: FORGOT_PASSWORD_MESSAGE });
      },
    );

    app.post(
      '/auth/reset-password',
      {
        preHandler: rateLimit('resetPassword'),
        schema: {
          tags: TAGS,
          summary: 'Set a new password with a reset link',
          description:
            'Stelt een nieuw wachtwoord in met het token uit /reset-password/:token. Alle sessies van de ' +
            'gebruiker worden beëindigd en het e-mailadres telt als bevestigd.',
          body: object<ResetPasswordRequest>({
            token: tokenInput('Token uit de herstellink'),
            password: textInput('Nieuw wachtwoord (8 tot 128 tekens)'),
          }),
          response: {
            200: messageResponse('Wachtwoord gewijzigd.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
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
  };
