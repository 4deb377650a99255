import {
  type AcceptedInvitation,
  type AcceptInvitationRequest,
  type ChangeRoleRequest,
  type CreateInvitationRequest,
  INVITATION_LINK_STATES,
  INVITATION_STATES,
  type Invitation,
  type InvitationLinkPreview,
  MEMBER_ROLES,
  type Member,
  type Organization,
  type RenameOrganizationRequest,
  type Result,
  type TransferOwnershipRequest,
} from '@loop/core';
import { emailError, hasErrors, validateOrganization } from '@loop/core/auth';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
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
import { auditRequest } from '../logs/requestLog';
import {
  acceptInvitation,
  createInvitation,
  INVITATION_MESSAGES,
  type InvitationRefusal,
  listInvitations,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from './invitations';
import { currentOrganization } from './memberships';
import { organizationRoute } from './organizationRoute';
import { organizationSchema } from './organizationRoutes';
import {
  changeMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  renameOrganization,
  TEAM_MESSAGES,
  type TeamRefusal,
  transferOwnership,
} from './teams';

const TAGS = ['organizations'];

const role = oneOf(MEMBER_ROLES, {
  description: 'owner (eigenaar), manager (beheerder), member (lid) of viewer (lezer).',
});

const memberSchema = object<Member>({
  user_id: integer(),
  name: string(),
  email: string(),
  role,
  joined_at: nullable(string({ format: 'date-time', description: 'Lid sinds; null voor oudere leden.' })),
  is_you: boolean({ description: 'Deze rij ben jij.' }),
});

const invitationSchema = object<Invitation>({
  id: integer(),
  email: string(),
  role,
  invited_by: nullable(string({ description: 'Naam van wie uitnodigde; null als dat account weg is.' })),
  created_at: string({ format: 'date-time' }),
  expires_at: string({ format: 'date-time' }),
  state: oneOf(INVITATION_STATES),
});

const memberParams = object<{ readonly userId: string }>({
  userId: string({ maxLength: 20, description: 'Id van het lid (gebruiker).' }),
});
const invitationParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de uitnodiging.' }),
});
const tokenParams = object<{ readonly token: string }>({
  token: tokenInput('Token uit de uitnodigingslink'),
});

/** What a refused team or invitation change answers (see `refusal`), with every protected route's answers. */
const CHANGE_REFUSED = {
  400: ERRORS.badRequest,
  403: ERRORS.forbidden,
  404: ERRORS.notFound,
  409: ERRORS.conflict,
  ...PROTECTED_ERRORS,
} as const;

/** The HTTP answer to a refused team or invitation change. */
function refusal(error: TeamRefusal | InvitationRefusal, detail: string | undefined): ApiError {
  const message = detail ?? 'Dit kan niet.';
  switch (error) {
    case 'forbidden':
    case 'other_address':
      return new ApiError(403, message);
    case 'not_member':
    case 'not_found':
      return new ApiError(404, message);
    case 'expired':
      return new ApiError(410, message);
    case 'not_assignable':
      return invalidInput({ role: message });
    case 'self':
      return new ApiError(400, message);
    default:
      return new ApiError(409, message);
  }
}

/** The value of a team or invitation change; its refusal becomes the HTTP answer. */
function accepted<T>(result: Result<T, TeamRefusal | InvitationRefusal>): T {
  if (!result.ok) throw refusal(result.error, result.detail);
  return result.value;
}

/** The id in a route's path; one that cannot be an id is as unknown as one that is not there. */
function pathId(value: string, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw new ApiError(404, notFound);
  return id;
}

/**
 * The team of the current organisation (X-Organization-Id): members and their roles, leaving,
 * ownership, the name, and invitations; plus the public invitation link and accepting it.
 * Each route's `permission` is checked before it runs (see permissionCheck.ts).
 */
export const teamRoutes =
  ({ deps, authenticate, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'organization', action, orgId: organizationId, message });

    app.get(
      '/organization/members',
      organizationRoute(authenticate, 'organization.read', {
        operationId: 'listMembers',
        tags: TAGS,
        summary: "The current organisation's members",
        description: 'Alle leden met hun rol: eigenaren eerst, dan beheerders, leden en lezers, elk op naam.',
        response: { 200: array(memberSchema), 404: ERRORS.notFound, ...PROTECTED_ERRORS },
      }),
      async (request) => {
        const organization = await currentOrganization(deps, request);
        return listMembers(deps.db, organization.id, authOf(request).user.id);
      },
    );

    app.patch(
      '/organization/members/:userId',
      organizationRoute(authenticate, 'members.manage', {
        operationId: 'changeMemberRole',
        tags: TAGS,
        summary: "Change a member's role",
        description:
          'Geeft een ander lid een nieuwe rol (alleen eigenaren). De organisatie houdt altijd een eigenaar; ' +
          'je eigen rol wijzig je niet (draag het eigendom over).',
        params: memberParams,
        body: object<ChangeRoleRequest>({ role }),
        response: { 200: array(memberSchema), ...CHANGE_REFUSED },
      }),
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const auth = authOf(request);
        const targetId = pathId(request.params.userId, TEAM_MESSAGES.memberNotFound);
        const newRole = accepted(
          await changeMemberRole(deps, organization, auth.user.id, targetId, request.body.role),
        );
        audit(
          request,
          organization.id,
          'organization.member_role_changed',
          `Rol van lid ${targetId} in organisatie ${organization.id} gewijzigd in ${newRole}`,
        );
        return listMembers(deps.db, organization.id, auth.user.id);
      },
    );

    app.delete(
      '/organization/members/:userId',
      organizationRoute(authenticate, 'members.manage', {
        operationId: 'removeMember',
        tags: TAGS,
        summary: 'Remove a member',
        description:
          'Haalt een lid uit de organisatie (alleen eigenaren; nooit de laatste eigenaar). Vanaf het volgende ' +
          'verzoek krijgt dat lid geen gegevens van de organisatie meer.',
        params: memberParams,
        response: { 204: noContent, ...CHANGE_REFUSED },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const targetId = pathId(request.params.userId, TEAM_MESSAGES.memberNotFound);
        accepted(await removeMember(deps, organization, authOf(request).user.id, targetId));
        audit(
          request,
          organization.id,
          'organization.member_removed',
          `Lid ${targetId} uit organisatie ${organization.id} verwijderd`,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/organization/leave',
      organizationRoute(authenticate, 'organization.read', {
        operationId: 'leaveOrganization',
        tags: TAGS,
        summary: 'Leave the organisation',
        description:
          'Je verlaat de huidige organisatie. De laatste eigenaar kan niet weg: draag eerst het eigendom over ' +
          'of verwijder de organisatie.',
        response: {
          204: noContent,
          404: ERRORS.notFound,
          409: ERRORS.conflict,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        accepted(await leaveOrganization(deps, organization, authOf(request).user.id));
        audit(
          request,
          organization.id,
          'organization.member_left',
          `Een lid verliet organisatie ${organization.id}`,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/organization/transfer',
      organizationRoute(authenticate, 'organization.own', {
        operationId: 'transferOwnership',
        tags: TAGS,
        summary: 'Hand the organisation to another member',
        description: 'Het gekozen lid wordt eigenaar; jij wordt beheerder. Alleen voor eigenaren.',
        body: object<TransferOwnershipRequest>({
          user_id: integer({ description: 'Het lid dat eigenaar wordt.' }),
        }),
        response: { 200: array(memberSchema), ...CHANGE_REFUSED },
      }),
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const auth = authOf(request);
        const targetId = request.body.user_id;
        accepted(await transferOwnership(deps, organization, auth.user.id, targetId));
        audit(
          request,
          organization.id,
          'organization.ownership_transferred',
          `Eigendom van organisatie ${organization.id} overgedragen aan lid ${targetId}`,
        );
        return listMembers(deps.db, organization.id, auth.user.id);
      },
    );

    app.patch(
      '/organization',
      organizationRoute(authenticate, 'organization.rename', {
        operationId: 'renameOrganization',
        tags: TAGS,
        summary: 'Rename the organisation',
        description: 'Wijzigt de naam van de huidige organisatie (alleen eigenaren).',
        body: object<RenameOrganizationRequest>({ name: textInput('Nieuwe naam') }),
        response: {
          200: organizationSchema,
          400: ERRORS.badRequest,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request): Promise<Organization> => {
        const fields = validateOrganization(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const organization = await currentOrganization(deps, request);
        const name = await renameOrganization(deps, organization.id, request.body.name);
        audit(request, organization.id, 'organization.renamed', `Organisatie ${organization.id} hernoemd`);
        return { ...organization, name };
      },
    );

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
