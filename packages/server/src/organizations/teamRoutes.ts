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
  organizationHeaderSchema,
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
  type InvitationRefusal,
  listInvitations,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from './invitations';
import { currentOrganization } from './memberships';
import { organizationSchema } from './organizationRoutes';
import {
  changeMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  renameOrganization,
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

const userIdOf = (request: FastifyRequest & { params: { userId: string } }) => {
  const id = parseId(request.params.userId);
  if (id === null) throw new ApiError(404, 'Dit lid hoort niet bij de organisatie.');
  return id;
};

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
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listMembers',
          tags: TAGS,
          summary: "The current organisation's members",
          description:
            'Alle leden met hun rol: eigenaren eerst, dan beheerders, leden en lezers, elk op naam.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: { 200: array(memberSchema), 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        return listMembers(deps.db, organization.id, authOf(request).user.id);
      },
    );

    app.patch(
      '/organization/members/:userId',
      {
        onRequest: authenticate,
        config: { permission: 'members.manage' },
        schema: {
          operationId: 'changeMemberRole',
          tags: TAGS,
          summary: "Change a member's role",
          description:
            'Geeft een ander lid een nieuwe rol (alleen eigenaren). De organisatie houdt altijd een eigenaar; ' +
            'je eigen rol wijzig je niet (draag het eigendom over).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: memberParams,
          body: object<ChangeRoleRequest>({ role }),
          response: {
            200: array(memberSchema),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const auth = authOf(request);
        const targetId = userIdOf(request);
        const result = await changeMemberRole(deps, organization, auth.user.id, targetId, request.body.role);
        if (!result.ok) throw refusal(result.error, result.detail);
        audit(
          request,
          organization.id,
          'organization.member_role_changed',
          `Rol van lid ${targetId} in organisatie ${organization.id} gewijzigd in ${result.value}`,
        );
        return listMembers(deps.db, organization.id, auth.user.id);
      },
    );

    app.delete(
      '/organization/members/:userId',
      {
        onRequest: authenticate,
        config: { permission: 'members.manage' },
        schema: {
          operationId: 'removeMember',
          tags: TAGS,
          summary: 'Remove a member',
          description:
            'Haalt een lid uit de organisatie (alleen eigenaren; nooit de laatste eigenaar). Vanaf het volgende ' +
            'verzoek krijgt dat lid geen gegevens van de organisatie meer.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: memberParams,
          response: {
            204: noContent,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const targetId = userIdOf(request);
        const result = await removeMember(deps, organization, authOf(request).user.id, targetId);
        if (!result.ok) throw refusal(result.error, result.detail);
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
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'leaveOrganization',
          tags: TAGS,
          summary: 'Leave the organisation',
          description:
            'Je verlaat de huidige organisatie. De laatste eigenaar kan niet weg: draag eerst het eigendom over ' +
            'of verwijder de organisatie.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: {
            204: noContent,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const result = await leaveOrganization(deps, organization, authOf(request).user.id);
        if (!result.ok) throw refusal(result.error, result.detail);
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
      {
        onRequest: authenticate,
        config: { permission: 'organization.own' },
        schema: {
          operationId: 'transferOwnership',
          tags: TAGS,
          summary: 'Hand the organisation to another member',
          description: 'Het gekozen lid wordt eigenaar; jij wordt beheerder. Alleen voor eigenaren.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<TransferOwnershipRequest>({
            user_id: integer({ description: 'Het lid dat eigenaar wordt.' }),
          }),
          response: {
            200: array(memberSchema),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const auth = authOf(request);
        const targetId = request.body.user_id;
        const result = await transferOwnership(deps, organization, auth.user.id, targetId);
        if (!result.ok) throw refusal(result.error, result.detail);
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
      {
        onRequest: authenticate,
        config: { permission: 'organization.rename' },
        schema: {
          operationId: 'renameOrganization',
          tags: TAGS,
          summary: 'Rename the organisation',
          description: 'Wijzigt de naam van de huidige organisatie (alleen eigenaren).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<RenameOrganizationRequest>({ name: textInput('Nieuwe naam') }),
          response: {
            200: organizationSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
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
      {
        onRequest: authenticate,
        config: { permission: 'members.invite' },
        schema: {
          operationId: 'listInvitations',
          tags: TAGS,
          summary: 'Open invitations',
          description:
            'Uitnodigingen die nog niet zijn geaccepteerd of ingetrokken, nieuwste eerst (eigenaren en beheerders).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: {
            200: array(invitationSchema),
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        return listInvitations(deps.db, organization.id, deps.clock.now());
      },
    );

    app.post(
      '/organization/invitations',
      {
        onRequest: authenticate,
        config: { permission: 'members.invite' },
        preHandler: rateLimit('invite'),
        schema: {
          operationId: 'createInvitation',
          tags: TAGS,
          summary: 'Invite someone',
          description:
            'Stuurt een uitnodiging met een eenmalige link (7 dagen geldig) naar het adres. Eigenaren kennen elke rol ' +
            'toe, beheerders elke rol behalve eigenaar.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<CreateInvitationRequest>({ email: textInput('E-mailadres'), role }),
          response: {
            201: invitationSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const problem = emailError(request.body.email);
        if (problem !== null) throw invalidInput({ email: problem });
        const organization = await currentOrganization(deps, request);
        const result = await createInvitation(deps, organization, authOf(request).user, request.body);
        if (!result.ok) throw refusal(result.error, result.detail);
        audit(
          request,
          organization.id,
          'organization.invitation_created',
          `Uitnodiging ${result.value.id} voor organisatie ${organization.id} verstuurd (rol ${result.value.role})`,
        );
        return reply.code(201).send(result.value);
      },
    );

    app.delete(
      '/organization/invitations/:id',
      {
        onRequest: authenticate,
        config: { permission: 'members.invite' },
        schema: {
          operationId: 'withdrawInvitation',
          tags: TAGS,
          summary: 'Withdraw an invitation',
          description:
            'Trekt een openstaande uitnodiging in: de link werkt niet meer en het adres wordt vergeten.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: invitationParams,
          response: {
            204: noContent,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const id = parseId(request.params.id);
        const result =
          id === null
            ? ({ ok: false, error: 'not_found', detail: undefined } as const)
            : await withdrawInvitation(deps, organization, id);
        if (!result.ok) throw refusal(result.error, result.detail ?? 'Deze uitnodiging bestaat niet (meer).');
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
        onRequest: authenticate,
        config: { permission: 'members.invite' },
        preHandler: rateLimit('invite'),
        schema: {
          operationId: 'resendInvitation',
          tags: TAGS,
          summary: 'Send an invitation again',
          description:
            'Verstuurt de uitnodiging opnieuw met een nieuwe link, weer 7 dagen geldig; de oude link vervalt.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: invitationParams,
          response: {
            200: invitationSchema,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const id = parseId(request.params.id);
        const result =
          id === null
            ? ({ ok: false, error: 'not_found', detail: undefined } as const)
            : await resendInvitation(deps, organization, authOf(request).user, id);
        if (!result.ok) throw refusal(result.error, result.detail ?? 'Deze uitnodiging bestaat niet (meer).');
        audit(
          request,
          organization.id,
          'organization.invitation_resent',
          `Uitnodiging ${id} van organisatie ${organization.id} opnieuw verstuurd`,
        );
        return result.value;
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
        const result = await acceptInvitation(deps, request.body.token, authOf(request).user);
        if (!result.ok) throw refusal(result.error, result.detail);
        audit(
          request,
          result.value.organization_id,
          'organization.invitation_accepted',
          `Uitnodiging geaccepteerd: nieuw lid in organisatie ${result.value.organization_id}`,
        );
        return result.value;
      },
    );
  };
