import type { Survey } from '@loop/core';
import { can, PERMISSION_DENIED } from '@loop/core/organisation';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams, surveyRetentionSchema, surveySchema } from '../surveys/surveySchemas';
import { SURVEY_ERRORS, surveyWithStats } from '../surveys/surveys';
import { setSurveyRetention } from './retentionUseCases';

/**
 * A survey's retention ('Antwoorden bewaren'): a last day or a number of months, or neither. The
 * rules are core's (`surveys/retention.ts`); the job that applies them is `responseRetention.ts`.
 */
export const retentionRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.put(
      '/surveys/:id/retention',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.manage' },
        schema: {
          operationId: 'setSurveyRetention',
          tags: ['surveys'],
          summary: "Set a survey's retention",
          description:
            'Hoe lang de antwoorden bewaard blijven: tot en met `retention_until` (JJJJ-MM-DD, niet in het ' +
            'verleden) óf `retention_months` (1–120) na het invullen; allebei null: geen bewaartermijn. Daarna ' +
            'worden open antwoorden gewist en persoonlijke links losgekoppeld; scores blijven. Alleen voor een ' +
            'eigenaar of beheerder (anders 403). Bij ongeldige invoer verandert er niets.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: surveyRetentionSchema,
          response: {
            200: surveySchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Survey> => {
        const survey = await organizationSurvey(deps, request);
        const organization = await currentOrganization(deps, request);
        if (!can(organization.role, 'surveys.manage'))
          throw new ApiError(403, PERMISSION_DENIED['surveys.manage']);
        const result = await setSurveyRetention(deps, survey, request.body);
        if (!result.ok && result.code === 'invalid') throw invalidInput(result.fields);
        if (!result.ok) throw new ApiError(404, SURVEY_ERRORS.notFound);
        const { row: saved, retention } = result.value;
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.retention_set',
          orgId: survey.organizationId,
          message:
            retention.retention_until !== null
              ? `Bewaartermijn van survey ${survey.id}: tot en met ${retention.retention_until}`
              : retention.retention_months !== null
                ? `Bewaartermijn van survey ${survey.id}: ${retention.retention_months} maanden`
                : `Bewaartermijn van survey ${survey.id} verwijderd`,
        });
        return surveyWithStats(deps.db, saved);
      },
    );
  };
