import type { SurveyTemplate } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, noContent } from '../http/schema';
import { currentOrganization } from '../organizations/memberships';
import { withSanitizedHtml } from './surveyHtml';
import { surveyTemplateInputSchema, surveyTemplateSchema, templateIdParams } from './surveySchemas';
import { SURVEY_BODY_LIMIT } from './surveys';
import {
  checkedTemplateInput,
  deleteTemplate,
  findVisibleTemplate,
  insertTemplate,
  listTemplates,
  TEMPLATE_ERRORS,
  toSurveyTemplate,
  updateTemplate,
} from './surveyTemplates';

const WRITE_ERRORS = {
  400: ERRORS.badRequest,
  403: ERRORS.forbidden,
  404: ERRORS.notFound,
  ...PROTECTED_ERRORS,
} as const;

/** Survey templates: built-in ones for everyone, and the organisation's own (managed by template managers). */
export const surveyTemplateRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    /**
     * The organisation of a template write. Its owners and managers (`templates.manage`) and the
     * platform's template managers may; the route's permission check has let only them through.
     */
    const managerOrganization = (request: FastifyRequest) => currentOrganization(deps, request);

    /** The organisation's own template in `:id` for a write; built-in: 403, unknown or another's: 404. */
    const ownTemplateOf = async (request: FastifyRequest & { params: { id: string } }) => {
      const organization = await managerOrganization(request);
      const id = parseId(request.params.id);
      const template = id === null ? null : await findVisibleTemplate(deps.db, organization.id, id);
      if (template === null) throw new ApiError(404, TEMPLATE_ERRORS.notFound);
      if (template.organizationId === null) throw new ApiError(403, TEMPLATE_ERRORS.builtIn);
      return { ...template, organizationId: template.organizationId };
    };

    app.get(
      '/survey-templates',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listSurveyTemplates',
          tags: ['survey-templates'],
          summary: 'Survey templates',
          description:
            'De ingebouwde sjablonen (voor iedereen, alleen-lezen, zonder logica) en die van de huidige ' +
            'organisatie, ingebouwde eerst, dan op naam.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: { 200: array(surveyTemplateSchema), 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<SurveyTemplate[]> => {
        const organization = await currentOrganization(deps, request);
        return listTemplates(deps.db, organization.id);
      },
    );

    app.post(
      '/survey-templates',
      {
        onRequest: authenticate,
        config: { permission: 'templates.manage', alsoTemplateManagers: true },
        bodyLimit: SURVEY_BODY_LIMIT,
        schema: {
          operationId: 'createSurveyTemplate',
          tags: ['survey-templates'],
          summary: 'Create a template',
          description:
            'Een sjabloon van de huidige organisatie, met de logica van de survey (`logic`; zonder: geen logica). ' +
            "Een survey van het sjabloon krijgt die logica op haar nieuwe vraag-id's. Alleen voor gebruikers die " +
            'sjablonen mogen beheren (403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: surveyTemplateInputSchema,
          response: { 201: surveyTemplateSchema, ...WRITE_ERRORS },
        },
      },
      async (request, reply) => {
        const organization = await managerOrganization(request);
        const input = withSanitizedHtml(checkedTemplateInput(request.body));
        const row = await insertTemplate(deps.db, organization.id, input, deps.clock.now());
        return reply.code(201).send(toSurveyTemplate(row));
      },
    );

    app.put(
      '/survey-templates/:id',
      {
        onRequest: authenticate,
        config: { permission: 'templates.manage', alsoTemplateManagers: true },
        bodyLimit: SURVEY_BODY_LIMIT,
        schema: {
          operationId: 'updateSurveyTemplate',
          tags: ['survey-templates'],
          summary: 'Change a template',
          description:
            'Wijzigt een sjabloon van de huidige organisatie, met zijn logica (`logic`; zonder: geen logica). ' +
            'Ingebouwde sjablonen: 403; van een andere organisatie: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: templateIdParams,
          body: surveyTemplateInputSchema,
          response: { 200: surveyTemplateSchema, ...WRITE_ERRORS },
        },
      },
      async (request): Promise<SurveyTemplate> => {
        const template = await ownTemplateOf(request);
        const input = withSanitizedHtml(checkedTemplateInput(request.body));
        const row = await updateTemplate(deps.db, template, input, deps.clock.now());
        if (row === null) throw new ApiError(404, TEMPLATE_ERRORS.notFound);
        return toSurveyTemplate(row);
      },
    );

    app.delete(
      '/survey-templates/:id',
      {
        onRequest: authenticate,
        config: { permission: 'templates.manage', alsoTemplateManagers: true },
        schema: {
          operationId: 'deleteSurveyTemplate',
          tags: ['survey-templates'],
          summary: 'Delete a template',
          description:
            'Verwijdert een sjabloon van de huidige organisatie; surveys die ervan zijn gemaakt blijven. ' +
            'Ingebouwde sjablonen: 403; van een andere organisatie: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: templateIdParams,
          response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const template = await ownTemplateOf(request);
        await deleteTemplate(deps.db, template);
        return reply.code(204).send();
      },
    );
  };
