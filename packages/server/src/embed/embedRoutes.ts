import type { SurveyEmbed } from '@loop/core';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { SURVEY_ERRORS } from '../surveys/surveys';
import type { EmbedOriginsCache } from './embedOriginsCache';
import { surveyEmbedSchema } from './embedSchemas';
import { setEmbedOrigins, surveyEmbedOf } from './embedUseCases';

/**
 * A survey's embedding settings (R-EMBED-1): the website origins allowed to show it in a frame. The
 * answering page's headers follow them (R-EMBED-2, `staticFiles.ts` with `EmbedOriginsCache`).
 */
export const embedRoutes =
  ({ deps, authenticate }: RouteContext, cache: EmbedOriginsCache): RoutesPlugin =>
  async (app) => {
    app.get(
      '/surveys/:id/embed',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSurveyEmbed',
          tags: ['survey-links'],
          summary: 'Where a survey may be embedded',
          description: 'De websites (origins) die de survey in een frame mogen tonen; leeg: geen enkele.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: surveyEmbedSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<SurveyEmbed> => surveyEmbedOf(await organizationSurvey(deps, request)),
    );

    app.put(
      '/surveys/:id/embed',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        schema: {
          operationId: 'setSurveyEmbed',
          tags: ['survey-links'],
          summary: 'Set where a survey may be embedded',
          description:
            'Vervangt de lijst van websites die de survey in een frame mogen tonen. Elk adres is een exacte ' +
            'origin (https://www.voorbeeld.nl, eventueel met poort): zonder pad, zonder * en zonder http. ' +
            'Bij een fout adres (400, `fields` per adres) verandert er niets. Niet voor de rol Lezer (403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: surveyEmbedSchema,
          response: {
            200: surveyEmbedSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<SurveyEmbed> => {
        const survey = await organizationSurvey(deps, request);
        const result = await setEmbedOrigins(deps, survey, request.body);
        if (!result.ok && result.code === 'invalid') throw invalidInput(result.fields);
        if (!result.ok) throw new ApiError(404, SURVEY_ERRORS.notFound);
        cache.forgetSurvey(survey.id);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.embed_origins_set',
          orgId: survey.organizationId,
          message:
            result.value.origins.length === 0
              ? `Survey ${survey.id} mag op geen enkele website meer staan`
              : `Survey ${survey.id} mag op ${result.value.origins.length} website(s) staan: ${result.value.origins.join(', ')}`,
        });
        return result.value;
      },
    );
  };
