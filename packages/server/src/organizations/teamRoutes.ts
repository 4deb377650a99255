import type {
  ChangeRoleRequest,
  Organization,
  RenameOrganizationRequest,
  TransferOwnershipRequest,
} from '@loop/core';
import { hasErrors, validateOrganization } from '@loop/core/auth';
import { authOf } from '../auth/authenticate';
import { invalidInput } from '../http/apiError';
import { ERRORS, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, integer, noContent, object } from '../http/schema';
import { currentOrganization } from './memberships';
import { organizationRoute } from './organizationRoute';
import { organizationSchema } from './organizationRoutes';
import { accepted, pathId, teamAudit } from './teamReplies';
import { CHANGE_REFUSED, memberParams, memberSchema, role, TAGS } from './teamSchemas';
import {
  changeMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  renameOrganization,
  TEAM_MESSAGES,
  transferOwnership,
} from './teams';

/**
 * The team of the current organisation (X-Organization-Id): members and their roles, leaving,
 * ownership and the name (its invitations: `teamInvitationRoutes`).
 * Each route's `permission` is checked before it runs (see permissionCheck.ts).
 */
export const teamRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const audit = teamAudit(deps);

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
  };
