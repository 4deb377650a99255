import type {
  EmailChangeTokenRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LogLevel,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenPair,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@loop/core';
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
import { ERRORS, errorResponse, messageResponse, textInput, tokenInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { literal, noContent, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, undoEmailChange } from '../users/emailChange';
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
          operationId: 'register',
          tags: TAGS,
          security: [],
          summary: 'Register an account',
          description:
            'Maakt een account aan en mailt een bevestigingslink. Een adres dat al een account heeft krijgt ' +
            'hetzelfde antwoord (er wordt niets opgeslagen) en de eigenaar een mail met inlog- en herstellinks. ' +
            'Met invitation_token (uit een uitnodiging aan precies dit adres) is het adres meteen bevestigd en wordt ' +
            'het account lid van de organisatie; dan kan direct worden ingelogd.',
          body: object<RegisterRequest>(
            {
              name: textInput('Naam'),
              email: textInput('E-mailadres'),
              password: textInput('Wachtwoord (8 tot 128 tekens)'),
              invitation_token: tokenInput('Token uit de uitnodigingslink (optioneel)'),
              browser_key: tokenInput(
                'Willekeurige sleutel die de registrerende browser bewaart (optioneel): alleen die browser wordt door de bevestigingslink ingelogd.',
              ),
            },
            { optional: ['invitation_token', 'browser_key'] },
          ),
          response: {
            201: messageResponse('Account aangemaakt (of bestond al).'),
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            410: errorResponse('De uitnodiging is verlopen.'),
            429: ERRORS.tooManyRequests,
          },
        },
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
        schema: {
          operationId: 'verifyEmail',
          tags: TAGS,
          security: [],
          summary: 'Confirm an e-mail address',
          description:
            'Bevestigt het e-mailadres met het token uit de link /verify/:token (eenmalig, 48 uur geldig) en ' +
            'geeft het adres terug. Stuurt de browser die registreerde zijn browser_key mee, dan opent het ' +
            'antwoord ook een sessie (session); elders alleen bevestigd, zonder sessie.',
          body: object<VerifyEmailRequest>(
            {
              token: tokenInput('Token uit de bevestigingslink'),
              browser_key: tokenInput(
                'De sleutel die deze browser bij de registratie meestuurde (optioneel).',
              ),
            },
            { optional: ['browser_key'] },
          ),
          response: {
            200: object<VerifyEmailResponse>(
              {
                detail: string({ description: 'Adres bevestigd.' }),
                email: string({ description: 'Het bevestigde e-mailadres.' }),
                session: tokenPair,
              },
              { optional: ['session'] },
            ),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
          },
        },
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
        schema: {
          operationId: 'resendVerification',
          tags: TAGS,
          security: [],
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
          operationId: 'login',
          tags: TAGS,
          security: [],
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
          operationId: 'refreshSession',
          tags: TAGS,
          security: [],
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
          operationId: 'logout',
          tags: TAGS,
          security: [],
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
          operationId: 'forgotPassword',
          tags: TAGS,
          security: [],
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
        schema: {
          operationId: 'resetPassword',
          tags: TAGS,
          security: [],
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

    app.post(
      '/auth/confirm-email-change',
      {
        preHandler: rateLimit('verifyEmail'),
        schema: {
          operationId: 'confirmEmailChange',
          tags: TAGS,
          security: [],
          summary: 'Confirm a new e-mail address',
          description:
            'Met het token uit de link in de mail aan het nieuwe adres (/email-bevestigen/:token, eenmalig, 24 uur): ' +
            'het nieuwe adres wordt de login en het oude adres krijgt een melding met een link om het 7 dagen lang ' +
            'terug te zetten.',
          body: object<EmailChangeTokenRequest>({ token: tokenInput('Token uit de bevestigingslink') }),
          response: {
            200: messageResponse('Nieuw adres bevestigd.'),
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            429: ERRORS.tooManyRequests,
          },
        },
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
        schema: {
          operationId: 'undoEmailChange',
          tags: TAGS,
          security: [],
          summary: 'Put the old e-mail address back',
          description:
            'Met het token uit de melding aan het oude adres (/email-herstellen/:token, 7 dagen geldig): het oude ' +
            'adres wordt weer de login, alle sessies van het account eindigen en alle open links vervallen.',
          body: object<EmailChangeTokenRequest>({ token: tokenInput('Token uit de herstellink') }),
          response: {
            200: messageResponse('Oud adres teruggezet.'),
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            429: ERRORS.tooManyRequests,
          },
        },
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
