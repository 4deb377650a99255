import type { CreateOrganizationRequest, Organization } from '@loop/core';
import { MEMBER_ROLES } from '@loop/core';
import { hasErrors, validateOrganization } from '@loop/core/auth';
import { authOf } from '../auth/authenticate';
import { invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, integer, object, oneOf, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { createOrganization } from './createOrganization';
import { listOrganizations } from './memberships';

const TAGS = ['organizations'];

export const organizationSchema = object<Organization>({
  id: integer(),
  name: string(),
  role: oneOf(MEMBER_ROLES, { description: 'Rol van de gebruiker in deze organisatie.' }),
});

export const organizationRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.post(
      '/organizations',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'createOrganization',
          tags: TAGS,
          summary: 'Create an organisation',
          description: 'Maakt een organisatie aan met de gebruiker als eigenaar en rondt de onboarding af.',
          security: bearerAuth,
          body: object<CreateOrganizationRequest>({ name: textInput('Naam van de organisatie') }),
          response: { 201: organizationSchema, 400: ERRORS.badRequest, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const fields = validateOrganization(request.body);
        if (hasErrors(fields)) throw invalidInput(fields);
        const organization = await createOrganization(deps, authOf(request).user.id, request.body.name);
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'organization.created',
          orgId: organization.id,
          message: `Organisatie ${organization.id} aangemaakt`,
        });
        return reply.code(201).send(organization);
      },
    );

    app.get(
      '/organizations',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'listOrganizations',
          tags: TAGS,
          summary: "The user's organisations",
          description: 'De organisaties van de gebruiker met diens rol, op naam gesorteerd.',
          security: bearerAuth,
          response: { 200: array(organizationSchema), ...PROTECTED_ERRORS },
        },
      },
      async (request) => listOrganizations(deps.db, authOf(request).user.id),
    );
  };
