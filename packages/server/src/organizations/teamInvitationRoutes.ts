import {
  type AcceptedInvitation,
  type AcceptInvitationRequest,
  type CreateInvitationRequest,
  INVITATION_LINK_STATES,
  type InvitationLinkPreview,
} from '@loop/core';
import { emailError } from '@loop/core/auth';
import { authOf } from '../auth/authenticate';
import { ApiError, invalidInput } from '../http/apiError';
import {
  bearerAuth,
  ERRORS,
  errorResponse,
  PROTECTED_ERRORS,
  textInput,
  tokenInput,
} from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, noContent, nullable, object, oneOf, string } from '../http/schema';
import {
  acceptInvitation,
  createInvitation,
  INVITATION_MESSAGES,
  listInvitations,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from './invitations';
import { currentOrganization } from './memberships';
import { organizationRoute } from './organizationRoute';
import { accepted, pathId, teamAudit } from './teamReplies';
import { CHANGE_REFUSED, invitationParams, invitationSchema, role, TAGS, tokenParams } from './teamSchemas';

/**
 * The invitations of the current organisation's team, plus the public invitation link and
 * accepting it. Each route's `permission` is checked before it runs.
 */
export const teamInvitationRoutes =
  ({ deps, authenticate, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const audit = teamAudit(deps);

    app.get(
      '/organization/invitations',
      organizationRoute(authenticate, 'members.invite', {
        operationId: 'listInvitations',
        tags: TAGS,
        summary: 'Open invitations',
        description:
          'Uitnodigingen die nog niet zijn geaccepteerd of ingetrokken, nieuwste eerst (eigenaren en beheerders).',
        response: {
          200: array(invitationSchema),
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request) => {
        const organization = await currentOrganization(deps, request);
        return listInvitations(deps.db, organization.id, deps.clock.now());
      },
    );

    app.post(
      '/organization/invitations',
      {
        ...organizationRoute(authenticate, 'members.invite', {
          operationId: 'createInvitation',
          tags: TAGS,
          summary: 'Invite someone',
          description:
            'Stuurt een uitnodiging met een eenmalige link (7 dagen geldig) naar het adres. Eigenaren kennen elke rol ' +
            'toe, beheerders elke rol behalve eigenaar.',
          body: object<CreateInvitationRequest>({ email: textInput('E-mailadres'), role }),
          response: {
            201: invitationSchema,
            429: ERRORS.tooManyRequests,
            ...CHANGE_REFUSED,
          },
        }),
        preHandler: rateLimit('invite'),
      },
      async (request, reply) => {
        const problem = emailError(request.body.email);
        if (problem !== null) throw invalidInput({ email: problem });
        const organization = await currentOrganization(deps, request);
        const invitation = accepted(
          await createInvitation(deps, organization, authOf(request).user, request.body),
        );
        audit(
          request,
          organization.id,
          'organization.invitation_created',
          `Uitnodiging ${invitation.id} voor organisatie ${organization.id} verstuurd (rol ${invitation.role})`,
        );
        return reply.code(201).send(invitation);
      },
    );

    app.delete(
      '/organization/invitations/:id',
      organizationRoute(authenticate, 'members.invite', {
        operationId: 'withdrawInvitation',
        tags: TAGS,
        summary: 'Withdraw an invitation',
        description:
          'Trekt een openstaande uitnodiging in: de link werkt niet meer en het adres wordt vergeten.',
        params: invitationParams,
        response: {
          204: noContent,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const id = pathId(request.params.id, INVITATION_MESSAGES.notFound);
        accepted(await withdrawInvitation(deps, organization, id));
        audit(
          request,
          organization.id,
          'organization.invitation_withdrawn',
          `Uitnodiging ${id} van organisatie ${organization.id} ingetrokken`,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/organization/invitations/:id/resend',
      {
        ...organizationRoute(authenticate, 'members.invite', {
          operationId: 'resendInvitation',
          tags: TAGS,
          summary: 'Send an invitation again',
          description:
            'Verstuurt de uitnodiging opnieuw met een nieuwe link, weer 7 dagen geldig; de oude link vervalt.',
          params: invitationParams,
          response: {
            200: invitationSchema,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: rateLimit('invite'),
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const id = pathId(request.params.id, INVITATION_MESSAGES.notFound);
        const invitation = accepted(await resendInvitation(deps, organization, authOf(request).user, id));
        audit(
          request,
          organization.id,
          'organization.invitation_resent',
          `Uitnodiging ${id} van organisatie ${organization.id} opnieuw verstuurd`,
        );
        return invitation;
      },
    );

    app.get(
      '/invitations/:token',
      {
        preHandler: rateLimit('invitationLink'),
        schema: {
          operationId: 'getInvitation',
          tags: TAGS,
          security: [],
          summary: 'What an invitation link is for',
          description:
            'Openbaar, met het token uit de uitnodigingslink: de organisatie, het uitgenodigde adres, de rol, en of ' +
            'dat adres al een account heeft. Een geaccepteerde of ingetrokken link geeft 404.',
          params: tokenParams,
          response: {
            200: object<InvitationLinkPreview>({
              organization_name: string(),
              email: string(),
              role,
              invited_by: nullable(string()),
              state: oneOf(INVITATION_LINK_STATES),
              has_account: boolean(),
            }),
            404: ERRORS.notFound,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request) => {
        const result = await previewInvitation(deps, request.params.token);
        if (!result.ok) throw new ApiError(404, result.detail ?? 'Niet gevonden.');
        return result.value;
      },
    );

    app.post(
      '/invitations/accept',
      {
        onRequest: authenticate,
        preHandler: rateLimit('invitationLink'),
        schema: {
          operationId: 'acceptInvitation',
          tags: TAGS,
          summary: 'Accept an invitation',
          description:
            'Maakt de ingelogde gebruiker lid met de rol uit de uitnodiging. Alleen met het uitgenodigde adres; ' +
            'de link werkt één keer.',
          security: bearerAuth,
          body: object<AcceptInvitationRequest>({ token: tokenInput('Token uit de uitnodigingslink') }),
          response: {
            200: object<AcceptedInvitation>({
              organization_id: integer(),
              organization_name: string(),
              role,
            }),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            410: errorResponse('De uitnodiging is verlopen.'),
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const joined = accepted(await acceptInvitation(deps, request.body.token, authOf(request).user));
        audit(
          request,
          joined.organization_id,
          'organization.invitation_accepted',
          `Uitnodiging geaccepteerd: nieuw lid in organisatie ${joined.organization_id}`,
        );
        return joined;
      },
    );
  };
