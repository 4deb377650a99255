import type { DeleteOrganizationRequest } from '@loop/core';
import type { UploadStore } from '../branding/uploadStore';
import { HEAVY_JOBS_BUSY } from '../heavy/heavyJobs';
import { ApiError, invalidInput } from '../http/apiError';
import { ERRORS, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent, object, type Schema, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization, forgetOrganization } from './memberships';
import { deleteOrganization } from './organizationData';
import { organizationExport, organizationExportName } from './organizationExport';
import { organizationRoute } from './organizationRoute';

export const ORGANIZATION_DATA_MESSAGES = {
  wrongName: 'Typ de naam van de organisatie precies zoals hij hierboven staat.',
  providerUnreachable:
    'De betaalprovider is nu niet bereikbaar, dus het abonnement kan niet worden gestopt. Er is niets ' +
    'verwijderd; probeer het later opnieuw.',
} as const;

const TAGS = ['organizations'];

/** The owner takes the organisation's data out (a ZIP) or deletes the organisation. */
export const organizationDataRoutes =
  ({ deps, authenticate }: RouteContext, uploads: UploadStore): RoutesPlugin =>
  async (app) => {
    app.get(
      '/organization/export',
      organizationRoute(authenticate, 'organization.own', {
        operationId: 'exportOrganization',
        tags: TAGS,
        summary: "Download all of the organisation's data",
        description:
          'Een ZIP met een JSON-bestand per tabel (leden, uitnodigingen, huisstijl met de bestanden, ' +
          'abonnementen, betalingen, surveys, sjablonen, reacties en antwoorden) en een CSV per survey. ' +
          'Geheime delen van links staan er niet in. Alleen voor eigenaren. Telt als zware taak van de ' +
          'organisatie (429 als er al 2 lopen).',
        response: {
          200: string({ format: 'binary', description: 'Het ZIP-bestand.' }) as Schema<unknown>,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          429: HEAVY_JOBS_BUSY,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        // The ZIP is compressed on a worker thread: one of the organisation's heavy jobs (R-HEAVY-9).
        const { body } = await deps.heavyJobs.stream(organization.id, async () => ({
          body: await organizationExport(deps, uploads, organization.id),
        }));
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'organization.exported',
          orgId: organization.id,
          message: `Alle gegevens van organisatie ${organization.id} gedownload`,
        });
        return reply
          .type('application/zip')
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${organizationExportName(organization.name, deps.clock.now())}"`,
          )
          .send(body);
      },
    );

    app.delete(
      '/organization',
      organizationRoute(authenticate, 'organization.own', {
        operationId: 'deleteOrganization',
        tags: TAGS,
        summary: 'Delete the organisation',
        description:
          'Verwijdert de organisatie met alles erin, nadat de eigenaar de naam heeft getypt. Een lopend betaald ' +
          'abonnement wordt eerst bij de betaalprovider gestopt; lukt dat niet, dan wordt niets verwijderd (409).',
        body: object<DeleteOrganizationRequest>({ confirm_name: textInput('De naam van de organisatie') }),
        response: {
          204: noContent,
          400: ERRORS.badRequest,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          409: ERRORS.conflict,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        if (request.body.confirm_name.trim() !== organization.name) {
          throw invalidInput({ confirm_name: ORGANIZATION_DATA_MESSAGES.wrongName });
        }
        const result = await deleteOrganization(deps, uploads, organization.id);
        if (!result.ok) throw new ApiError(409, ORGANIZATION_DATA_MESSAGES.providerUnreachable);
        forgetOrganization(request);
        // Written after the organisation's own log rows were removed, so without its id.
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'organization.deleted',
          message: 'Een organisatie is door haar eigenaar verwijderd',
        });
        return reply.code(204).send();
      },
    );
  };
