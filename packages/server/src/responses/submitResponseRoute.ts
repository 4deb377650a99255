import type { RespondResult } from '@loop/core';
import { newSecureToken } from '../auth/secureToken';
import type { ApiError } from '../http/apiError';
import {
  bearerAuth,
  ERRORS,
  errorResponse,
  organizationHeaderSchema,
  PROTECTED_ERRORS,
} from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { ensurePublicToken } from './publicLinks';
import { respondResultSchema, submitResponseSchema } from './responseSchemas';
import { type RespondRefusal, type SaveResponseDeps, saveResponse } from './saveResponse';

type Registrar = Parameters<RoutesPlugin>[0];

/**
 * `POST /surveys/:id/responses` (R-KEY-3, `responses:write`): an integration submits a whole
 * response to its organisation's survey through the answering page's own path: the survey's public
 * link, a fresh visitor key and `saveResponse` with `final: true`, so every check (required
 * questions, the rules' path, quotas, the cap, hidden fields, languages) is the same as for a
 * person answering. Registered inside respondRoutes, which owns the batched lookups and writes.
 */
export function registerSubmitResponseRoute(
  app: Registrar,
  { deps, authenticate }: Pick<RouteContext, 'deps' | 'authenticate'>,
  saveDeps: SaveResponseDeps,
  refusalError: (refusal: RespondRefusal) => ApiError,
): void {
  app.post(
    '/surveys/:id/responses',
    {
      onRequest: authenticate,
      config: { permission: 'surveys.manage' },
      schema: {
        operationId: 'submitResponse',
        tags: ['responses'],
        summary: 'Submit a response',
        description:
          'Stuurt een volledig antwoord in op een open survey van de organisatie, langs dezelfde controles als de ' +
          'invulpagina (verplichte vragen, regels, quota, maximum aantal reacties, verborgen velden, taal). Ongeldige ' +
          'antwoorden: 400 met `fields` per `answers.<vraag-id>` en er wordt niets opgeslagen. Elke aanvraag is een ' +
          'nieuwe deelnemer. Bedoeld voor koppelingen met een API-sleutel met `responses:write`.',
        security: bearerAuth,
        headers: organizationHeaderSchema,
        params: surveyIdParams,
        body: submitResponseSchema,
        response: {
          201: respondResultSchema,
          400: ERRORS.badRequest,
          404: ERRORS.notFound,
          409: ERRORS.conflict,
          410: errorResponse('De survey is gesloten.'),
          ...PROTECTED_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const survey = await ensurePublicToken(deps.db, await organizationSurvey(deps, request));
      const result = await saveResponse(saveDeps, {
        token: survey.publicToken ?? '',
        final: true,
        answers: request.body.answers,
        respondentKey: newSecureToken(),
        hiddenFields: request.body.hidden_fields,
        language: request.body.language,
      });
      if (!result.ok) throw refusalError(result);
      auditRequest(deps.log, request, {
        category: 'survey',
        action: 'survey.response_submitted',
        orgId: survey.organizationId,
        message: `Antwoord ingestuurd op survey ${survey.id} via de API (${result.value.status})`,
      });
      const answer: RespondResult = result.value;
      return reply.code(201).send(answer);
    },
  );
}
