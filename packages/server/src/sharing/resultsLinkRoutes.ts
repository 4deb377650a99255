import type { ResultsLink, ResultsLinkCreated } from '@loop/core';
import { parseId } from '../db/database';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import {
  createResultsLinkSchema,
  resultsLinkCreatedSchema,
  resultsLinkParams,
  resultsLinkSchema,
  resultsLinksSchema,
} from './resultsLinkSchemas';
import { createResultsLink, resultsLinksOf, revokeLink } from './resultsLinkUseCases';

const TAGS = ['results-links'];

/**
 * A survey's read-only results links (R-SHARE-1, R-SHARE-5): listed by every member, made and
 * revoked by those who may take results out of the organisation (`results.export`). Another
 * organisation's survey or link answers 404.
 */
export const resultsLinkRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/surveys/:id/results-links',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listResultsLinks',
          tags: TAGS,
          summary: "A survey's results links",
          description:
            'De alleen-lezen resultatenlinks van de survey, nieuwste eerst, ook de ingetrokken. De tokens zelf ' +
            'staan alleen in het antwoord bij het maken.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: resultsLinksSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<ResultsLink[]> =>
        resultsLinksOf(deps.db, await organizationSurvey(deps, request)),
    );

    app.post(
      '/surveys/:id/results-links',
      {
        onRequest: authenticate,
        config: { permission: 'results.export' },
        schema: {
          operationId: 'createResultsLink',
          tags: TAGS,
          summary: 'Make a results link',
          description:
            'Maakt een alleen-lezen link naar de resultaten (/gedeeld/<token>): de gekozen vragen, een periode, ' +
            'optioneel een wachtwoord en alleen op verzoek de open antwoorden (bij een anonieme survey pas vanaf ' +
            '5 reacties). Het token staat alleen in dit antwoord; de server bewaart zijn hash.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: createResultsLinkSchema,
          response: {
            201: resultsLinkCreatedSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        const created: ResultsLinkCreated = await createResultsLink(deps, survey, request.body);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.results_link_created',
          orgId: survey.organizationId,
          message: `Resultatenlink ${created.link.id} gemaakt voor survey ${survey.id}`,
        });
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/surveys/:id/results-links/:linkId/revoke',
      {
        onRequest: authenticate,
        config: { permission: 'results.export' },
        schema: {
          operationId: 'revokeResultsLink',
          tags: TAGS,
          summary: 'Revoke a results link',
          description:
            'Trekt de link in: vanaf het volgende verzoek toont /gedeeld/<token> niets meer. Nog eens intrekken ' +
            'verandert niets.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: resultsLinkParams,
          response: { 200: resultsLinkSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<ResultsLink> => {
        const survey = await organizationSurvey(deps, request);
        const link = await revokeLink(deps, survey, parseId(request.params.linkId));
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.results_link_revoked',
          orgId: survey.organizationId,
          message: `Resultatenlink ${link.id} van survey ${survey.id} ingetrokken`,
        });
        return link;
      },
    );
  };
