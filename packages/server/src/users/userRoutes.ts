import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CurrentUser,
  OrganizationMembership,
  UpdateProfileRequest,
} from '@loop/core';
import { MEMBER_ROLES } from '@loop/core';
import { hasErrors, validateEmailChange, validatePasswordChange, validateProfile } from '@loop/core/auth';
import { authOf } from '../auth/authenticate';
import { invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, messageResponse, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, noContent, nullable, object, oneOf, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentUser } from './currentUser';
import { cancelEmailChange, EMAIL_CHANGE_MESSAGES, requestEmailChange } from './emailChange';
import { changePassword, updateProfile } from './profile';

export const USER_MESSAGES = {
  wrongPassword: 'Je huidige wachtwoord klopt niet.',
  passwordChanged: 'Je wachtwoord is gewijzigd.',
} as const;

const TAGS = ['users'];

export const currentUserSchema = object<CurrentUser>(
  {
    can_manage_templates: boolean({ description: 'Mag sjablonen beheren.' }),
    onboarding_completed: boolean({ description: 'Onboarding afgerond (eerste organisatie aangemaakt).' }),
    organizations: array(
      object<OrganizationMembership>({
        id: integer(),
        name: string(),
        role: oneOf(MEMBER_ROLES, { description: 'Rol van de gebruiker in deze organisatie.' }),
      }),
      { description: 'Organisaties van de gebruiker met diens rol, op naam gesorteerd.' },
    ),
    organization_id: nullable(integer({ description: 'De eerste organisatie, of null.' })),
    organization_name: nullable(string({ description: 'Naam van de eerste organisatie, of null.' })),
    id: integer(),
    name: string(),
    email: string(),
    is_admin: boolean({ description: 'Platformbeheerder.' }),
    email_verified: boolean(),
    pending_email: nullable(string({ description: 'Nieuw adres dat nog bevestigd moet worden, of null.' })),
  },
  { description: 'De ingelogde gebruiker.' },
);

/** The logged-in user's own account: read, edit, change password. */
export const userRoutes =
  ({ deps, authenticate, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/users/me',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'getCurrentUser',
          tags: TAGS,
          summary: 'The current user',
          description: 'De ingelogde gebruiker met rechten, onboardingstatus en organisaties.',
          security: bearerAuth,
          response: { 200: currentUserSchema, ...PROTECTED_ERRORS },
        },
      },
      async (request) => currentUser(deps.db, authOf(request).user, deps.clock.now()),
    );

    app.patch(
      '/users/me',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'updateCurrentUser',
          tags: TAGS,
          summary: 'Update the name',
          description:
            'Wijzigt de naam. Het e-mailadres wijzig je met POST /users/me/email (met je wachtwoord en een ' +
            'bevestiging vanuit het nieuwe adres); een veld email wordt hier genegeerd.',
          security: bearerAuth,
          body: object<UpdateProfileRequest>({ name: textInput('Naam') }, { optional: ['name'] }),
          response: {
            200: currentUserSchema,
            400: ERRORS.badRequest,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const fields = validateProfile(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const updated = await updateProfile(deps, authOf(request).user, request.body);
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.profile_updated',
          message: 'Profiel bijgewerkt',
        });
        return currentUser(deps.db, updated, deps.clock.now());
      },
    );

    app.post(
      '/users/me/email',
      {
        onRequest: authenticate,
        preHandler: [...rateLimit('passwordCheck'), ...rateLimit('emailChange')],
        schema: {
          operationId: 'requestEmailChange',
          tags: TAGS,
          summary: 'Ask to change the e-mail address',
          description:
            'Vraagt een nieuw e-mailadres aan, met het huidige wachtwoord. Het antwoord is altijd hetzelfde, of ' +
            'het adres nu vrij is of niet: een vrij adres krijgt een bevestigingslink (24 uur geldig), de eigenaar ' +
            'van een bezet adres een melding. Tot de bevestiging blijft het oude adres de login.',
          security: bearerAuth,
          body: object<ChangeEmailRequest>({
            new_email: textInput('Nieuw e-mailadres'),
            current_password: textInput('Huidig wachtwoord'),
          }),
          response: {
            202: messageResponse('Verzoek ontvangen.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const fields = validateEmailChange(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const result = await requestEmailChange(deps, authOf(request).user, {
          newEmail: request.body.new_email,
          currentPassword: request.body.current_password,
        });
        if (!result.ok && result.error === 'wrong_password') {
          auditRequest(deps.log, request, {
            category: 'user',
            action: 'user.email_change.failed',
            message: 'E-mailwijziging geweigerd: huidig wachtwoord onjuist',
            level: 'warning',
          });
          throw invalidInput({ current_password: EMAIL_CHANGE_MESSAGES.wrongPassword });
        }
        if (!result.ok) throw invalidInput({ new_email: EMAIL_CHANGE_MESSAGES.sameAddress });
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.email_change.requested',
          message: 'Wijziging van e-mailadres aangevraagd',
        });
        return reply.code(202).send({ detail: EMAIL_CHANGE_MESSAGES.requested });
      },
    );

    app.delete(
      '/users/me/email',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'cancelEmailChange',
          tags: TAGS,
          summary: 'Withdraw an unconfirmed e-mail change',
          description:
            'Trekt een nog niet bevestigd nieuw e-mailadres in; de bevestigingslink werkt dan niet meer.',
          security: bearerAuth,
          response: { 204: noContent, 400: ERRORS.badRequest, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        await cancelEmailChange(deps, authOf(request).user.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/users/me/password',
      {
        onRequest: authenticate,
        preHandler: rateLimit('passwordCheck'),
        schema: {
          operationId: 'changePassword',
          tags: TAGS,
          summary: 'Change the password',
          description:
            'Wijzigt het wachtwoord na controle van het huidige; alle andere sessies worden beëindigd.',
          security: bearerAuth,
          body: object<ChangePasswordRequest>({
            current_password: textInput('Huidig wachtwoord'),
            new_password: textInput('Nieuw wachtwoord (8 tot 128 tekens)'),
          }),
          response: {
            200: messageResponse('Wachtwoord gewijzigd.'),
            400: ERRORS.badRequest,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const fields = validatePasswordChange(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const auth = authOf(request);
        const result = await changePassword(deps, auth.user, auth.sessionId, {
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        });
        if (!result.ok) {
          auditRequest(deps.log, request, {
            category: 'user',
            action: 'user.password_change.failed',
            message: 'Wachtwoord wijzigen geweigerd: huidig wachtwoord onjuist',
            level: 'warning',
          });
          throw invalidInput({ current_password: USER_MESSAGES.wrongPassword });
        }
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.password_changed',
          message: 'Wachtwoord gewijzigd; andere sessies beëindigd',
        });
        return { detail: USER_MESSAGES.passwordChanged };
      },
    );
  };
