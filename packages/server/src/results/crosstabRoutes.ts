import type { Crosstab, ExportFormat } from '@loop/core';
import { invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { crosstabCsv, crosstabFileName, crosstabXlsx, loadCrosstab } from './crosstab';
import {
  crosstabExportQuerySchema,
  crosstabQuerySchema,
  crosstabSchema,
  exportFileResponse,
} from './resultSchemas';
import { parseResultsQuery } from './resultsFilterSql';
import { EXPORT_CONTENT_TYPES } from './surveyExport';

const TAGS = ['results'];

const parseFormat = (raw: string | undefined): ExportFormat => {
  if (raw === 'csv' || raw === 'xlsx') return raw;
  throw invalidInput({ format: 'Kies als formaat csv of xlsx.' });
};

/**
 * The cross-tab of two questions (R-RES-9): as JSON for the results page (`organization.read`,
 * as the results) and as a file (`results.export`; XLSX with the plan feature `export`, as the
 * export of the responses). Both honour the period and the filter; another organisation's survey
 * is a 404 before anything else.
 */
export const crosstabRoutes =
  ({ deps, authenticate, requireFeature }: RouteContext): RoutesPlugin =>
  async (app) => {
    const exportFeature = requireFeature('export');

    app.get(
      '/surveys/:id/results/crosstab',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSurveyCrosstab',
          tags: TAGS,
          summary: 'A cross-tab of two questions',
          description:
            'Ingestuurde reacties geteld per combinatie van een rij- en een kolomwaarde (keuzevraag, NPS, beoordeling, ' +
            'Likert-stelling, verborgen veld of taal), met totalen per rij, kolom en in het geheel. Bij een anonieme ' +
            "survey zijn aantallen van 1 tot en met 4 null ('< 5'), en wat ze zou verraden ook.",
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: crosstabQuerySchema,
          response: {
            200: crosstabSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Crosstab> => {
        const survey = await organizationSurvey(deps, request);
        const filter = await parseResultsQuery(deps.db, survey, request.query);
        return loadCrosstab(deps.db, survey, request.query, filter);
      },
    );

    app.get(
      '/surveys/:id/results/crosstab/export',
      {
        onRequest: authenticate,
        config: { permission: 'results.export' },
        schema: {
          operationId: 'exportSurveyCrosstab',
          tags: TAGS,
          summary: 'Download a cross-tab',
          description:
            'De kruistabel als bestand (`format` csv of xlsx): per rijwaarde het aantal en het rijpercentage per ' +
            'kolomwaarde en het totaal. CSV kan met elk abonnement; XLSX alleen met de functie export (anders 403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: crosstabExportQuerySchema,
          response: {
            200: exportFileResponse,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        const format = parseFormat(request.query.format);
        if (format === 'xlsx') await exportFeature(request);
        const filter = await parseResultsQuery(deps.db, survey, request.query);
        const table = await loadCrosstab(deps.db, survey, request.query, filter);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.exported',
          orgId: survey.organizationId,
          message: `Kruistabel van survey ${survey.id} geëxporteerd (${format})`,
        });
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header(
            'content-disposition',
            `attachment; filename="${crosstabFileName(survey.id, format, deps.clock.now())}"`,
          )
          .header('cache-control', 'no-store')
          .send(format === 'csv' ? crosstabCsv(table) : await crosstabXlsx(table));
      },
    );
  };
