import type { Page, ResponseDetail, ResponseExportFormat, ResponseListItem } from '@loop/core';
import { can, PERMISSION_DENIED, type Permission } from '@loop/core/organisation';
import type { FastifyRequest } from 'fastify';
import type { SurveyRow } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import {
  eraseResponse,
  findResponse,
  listResponses,
  parseResponseId,
  RESPONSE_ERRORS,
  responseDetail,
  responseItems,
} from './individualResponses';
import {
  responseDetailSchema,
  responseExportFileResponse,
  responseExportQuerySchema,
  responseListItemSchema,
  responseListQuerySchema,
  responseParams,
} from './respondentSchemas';
import {
  RESPONSE_EXPORT_CONTENT_TYPES,
  responseExportCsv,
  responseExportFileName,
  responseExportJson,
} from './responseExport';

export const RESPONDENT_MESSAGES = {
  format: 'Kies als formaat json of csv.',
} as const;

const TAGS = ['responses'];

const parseFormat = (raw: string | undefined): ResponseExportFormat => {
  if (raw === 'json' || raw === 'csv') return raw;
  throw invalidInput({ format: RESPONDENT_MESSAGES.format });
};

/**
 * A survey's responses one by one (issue 12): the list with labels, one response's answers, that
 * respondent's answers as a file and erasing them. Reading needs `organization.read`; exporting
 * and erasing one respondent's data `surveys.manage`. Another organisation's survey or response,
 * or a response of another survey, answers 404 before any permission check.
 */
export const respondentRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    /** The survey in `:id` of the current organisation, once the member's role allows `permission`. */
    async function permittedSurvey(
      request: FastifyRequest & { readonly params: { readonly id: string } },
      permission: Permission,
    ): Promise<SurveyRow> {
      const survey = await organizationSurvey(deps, request);
      const organization = await currentOrganization(deps, request);
      if (!can(organization.role, permission)) throw new ApiError(403, PERMISSION_DENIED[permission]);
      return survey;
    }

    /**
     * Who answered (the invited contact's name and address) is contact data: only for roles that
     * may see contacts ('contacts.manage'); viewers see the link's label as before.
     */
    async function contactShown(
      request: FastifyRequest,
    ): Promise<<T extends { contact_name: string | null; contact_email: string | null }>(item: T) => T> {
      const organization = await currentOrganization(deps, request);
      return can(organization.role, 'contacts.manage')
        ? (item) => item
        : (item) => ({ ...item, contact_name: null, contact_email: null });
    }

    /** The response in `:responseId` of that survey. */
    async function surveyResponse(
      request: FastifyRequest & { readonly params: { readonly id: string; readonly responseId: string } },
      permission: Permission,
    ) {
      const survey = await permittedSurvey(request, permission);
      const id = parseResponseId(request.params.responseId);
      const response = id === null ? null : await findResponse(deps.db, survey, id);
      if (response === null) throw new ApiError(404, RESPONSE_ERRORS.notFound);
      return { survey, response };
    }

    app.get(
      '/surveys/:id/responses',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listSurveyResponses',
          tags: TAGS,
          summary: "A survey's responses one by one",
          description:
            'De reacties van één survey, nieuwste eerst (standaard 25 per pagina, hoogstens 100): soort link, ' +
            'het label van de persoonlijke link, status, tijden en of de reactie is geanonimiseerd. `q` zoekt in ' +
            'het label en, voor rollen die contacten zien en bij een survey die niet anoniem is, in naam en ' +
            'e-mailadres (en organisatie en plaats) van het uitgenodigde contact; elk woord moet voorkomen. ' +
            '`status` filtert op pending, in_progress of completed.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: responseListQuerySchema,
          response: {
            200: pageSchema<ResponseListItem>(
              responseListItemSchema,
              'Aantal reacties dat aan het filter voldoet.',
            ),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Page<ResponseListItem>> => {
        const paging = parsePaging(request.query);
        const survey = await permittedSurvey(request, 'organization.read');
        const { status, q } = request.query;
        const organization = await currentOrganization(deps, request);
        const page = await listResponses(
          deps.db,
          survey,
          { ...(status === undefined ? {} : { status }), ...(q === undefined ? {} : { q }) },
          paging,
          // Who may not see who answered may not find it out by searching either.
          can(organization.role, 'contacts.manage'),
        );
        return { ...page, items: page.items.map(await contactShown(request)) };
      },
    );

    app.get(
      '/surveys/:id/responses/:responseId',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSurveyResponse',
          tags: TAGS,
          summary: 'One response with its answers',
          description:
            'Eén reactie met per vraag het antwoord als tekst (zoals in de export), in de volgorde van de survey.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: responseParams,
          response: {
            200: responseDetailSchema,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<ResponseDetail> => {
        const { survey, response } = await surveyResponse(request, 'organization.read');
        return (await contactShown(request))(await responseDetail(deps.db, survey, response));
      },
    );

    app.get(
      '/surveys/:id/responses/:responseId/export',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.manage' },
        schema: {
          operationId: 'exportSurveyResponse',
          tags: TAGS,
          summary: "One respondent's answers as a file",
          description:
            'De antwoorden van één respondent als download (`format` json of csv), voor een verzoek om inzage ' +
            'of om de gegevens mee te nemen. Alleen voor een eigenaar of beheerder (anders 403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: responseParams,
          querystring: responseExportQuerySchema,
          response: {
            200: responseExportFileResponse,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const { survey, response } = await surveyResponse(request, 'surveys.manage');
        const format = parseFormat(request.query.format);
        const now = deps.clock.now();
        const items = await responseItems(deps.db, response.id);
        const body =
          format === 'json'
            ? `${JSON.stringify(responseExportJson(survey, response, items, now), null, 2)}\n`
            : responseExportCsv(survey, response, items);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'response.exported',
          orgId: survey.organizationId,
          message: `Reactie ${response.id} van survey ${survey.id} geëxporteerd (${format})`,
        });
        return reply
          .header('content-type', RESPONSE_EXPORT_CONTENT_TYPES[format])
          .header(
            'content-disposition',
            `attachment; filename="${responseExportFileName(survey.id, response, format, now)}"`,
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.delete(
      '/surveys/:id/responses/:responseId',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.manage' },
        schema: {
          operationId: 'eraseSurveyResponse',
          tags: TAGS,
          summary: 'Erase one response',
          description:
            'Wist één reactie met al haar antwoorden en de tijden per vraag, bijvoorbeeld op verzoek van de ' +
            'respondent. De resultaten tellen daarna zonder deze reactie. Alleen voor een eigenaar of beheerder ' +
            '(anders 403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: responseParams,
          response: {
            204: noContent,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const { survey, response } = await surveyResponse(request, 'surveys.manage');
        if (!(await eraseResponse(deps.db, survey, response.id, deps.clock.now())))
          throw new ApiError(404, RESPONSE_ERRORS.notFound);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'response.erased',
          orgId: survey.organizationId,
          message: `Reactie ${response.id} van survey ${survey.id} gewist`,
        });
        return reply.code(204).send();
      },
    );
  };
