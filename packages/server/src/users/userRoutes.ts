import {
  type ChangePasswordRequest,
  type CurrentUser,
  hasErrors,
  type OrganizationRef,
  type UpdateProfileRequest,
  validatePasswordChange,
  validateProfile,
} from '@loop/core';
import { authOf } from '../auth/authenticate';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, messageResponse, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, nullable, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentUser } from './currentUser';
import { changePassword, updateProfile } from './profile';

export const USER_MESSAGES = {
  emailTaken: 'Dit e-mailadres is al in gebruik.',
  wrongPassword: 'Je huidige wachtwoord klopt niet.',
  passwordChanged: 'Je wachtwoord is gewijzigd.',
} as const;

const TAGS = ['users'];

export const currentUserSchema = object<CurrentUser>(
  {
    can_manage_templates: boolean({ description: 'Mag sjablonen beheren.' }),
    onboarding_completed: boolean({ description: 'Onboarding afgerond (eerste organisatie aangemaakt).' }),
    organizations: array(object<OrganizationRef>({ id: integer(), name: string() }), {
      description: 'Organisaties van de gebruiker, op naam gesorteerd.',
    }),
    organization_id: nullable(integer({ description: 'De eerste organisatie, of null.' })),
    organization_name: nullable(string({ description: 'Naam van de eerste organisatie, of null.' })),
    id: integer(),
    name: string(),
    email: string(),
    is_admin: boolean({ description: 'Platformbeheerder.' }),
    email_verified: boolean(),
  },
  { description: 'De ingelogde gebruiker.' },
);

/** The logged-in user's own account: read, edit, change password. */
export const userRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/users/me',
      {
        onRequest: authenticate,
        schema: {
          tags: TAGS,
          summary: 'The current user',
          description: 'De ingelogde gebruiker met rechten, onboardingstatus en organisaties.',
          security: bearerAuth,
          response: { 200: currentUserSchema, ...PROTECTED_ERRORS },
        },
      },
      async (request) => currentUser(deps.db, authOf(request).user),
    );

    app.patch(
      '/users/me',
      {
        onRequest: authenticate,
        schema: {
          tags: TAGS,
          summary: 'Update name or e-mail address',
          description:
            'Wijzigt naam en/of e-mailadres. Een nieuw adres moet opnieuw bevestigd worden; het oude adres krijgt bericht.',
          security: bearerAuth,
          body: object<UpdateProfileRequest>(
            { name: textInput('Naam'), email: textInput('E-mailadres') },
            { optional: ['name', 'email'] },
          ),
          response: {
            200: currentUserSchema,
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const fields = validateProfile(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const result = await updateProfile(deps, authOf(request).user, request.body);
        if (!result.ok) {
          throw new ApiError(409, USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
        }
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.profile_updated',
          message: 'Profiel bijgewerkt',
        });
        return currentUser(deps.db, result.value);
      },
    );

    app.post(
      '/users/me/password',
      {
        onRequest: authenticate,
        schema: {
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
