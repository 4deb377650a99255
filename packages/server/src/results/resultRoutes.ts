import type { AnalyticsOverview, ExportFormat, QuestionDetail, SurveyResults } from '@loop/core';
import { isAnswerable, renumberQuestions } from '@loop/core/surveys/model';
import { EXPORT_FORMAT_MESSAGE, isExportFormat } from '@loop/core/surveys/results';
import { HEAVY_JOBS_BUSY } from '../heavy/heavyJobs';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { surveyFill } from '../responses/cappedSubmission';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { loadAnalytics } from './analytics';
import { crosstabRoutes } from './crosstabRoutes';
import { loadQuestionDetail, parseAnswerQuery } from './questionDetail';
import {
  analyticsSchema,
  dayQuerySchema,
  exportFileResponse,
  exportQuerySchema,
  filterQuerySchema,
  questionDetailQuerySchema,
  questionDetailSchema,
  questionParams,
  surveyResultsSchema,
} from './resultSchemas';
import { parseResultsQuery } from './resultsFilterSql';
import { parseDayFilter } from './resultsRange';
import {
  csvStream,
  EXPORT_CHUNK,
  EXPORT_CONTENT_TYPES,
  exportFileName,
  exportHeader,
  exportNamesRespondents,
  exportRows,
  xlsxStream,
} from './surveyExport';
import { loadSurveyResults } from './surveyResults';

export const RESULT_MESSAGES = {
  questionNotFound: 'Vraag niet gevonden.',
  format: EXPORT_FORMAT_MESSAGE,
} as const;

const TAGS = ['results'];

const parseFormat = (raw: string | undefined): ExportFormat => {
  if (isExportFormat(raw)) return raw;
  throw invalidInput({ format: RESULT_MESSAGES.format });
};

/**
 * Results of the current organisation's surveys (X-Organization-Id): the summary, one question in
 * depth, the export (CSV on every plan, XLSX with the plan feature `export`) and the
 * organisation-wide analytics (feature `analytics`). Another organisation's survey answers 404 before any feature check, so the check
 * says nothing about what exists elsewhere.
 */
export const resultRoutes =
  (context: RouteContext): RoutesPlugin =>
  async (app) => {
    const { deps, authenticate, requireFeature } = context;
    const exportFeature = requireFeature('export');
    await crosstabRoutes(context)(app, {});

    app.get(
      '/surveys/:id/results',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSurveyResults',
          tags: TAGS,
          summary: "A survey's results",
          description:
            'De ingestuurde reacties van één survey, geteld in de database: reactiepercentage, verloop in de tijd en per ' +
            'vraag de tellingen. `from`/`to` (JJJJ-MM-DD, Europe/Amsterdam) beperken de periode, `filter` de reacties. ' +
            '`fill`: hoe vol het maximum en de quota zijn (los van periode en filter), alleen bij een survey die ze heeft.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: filterQuerySchema,
          response: {
            200: surveyResultsSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<SurveyResults> => {
        const survey = await organizationSurvey(deps, request);
        const filter = await parseResultsQuery(deps.db, survey, request.query);
        const results = await loadSurveyResults(deps.db, survey, filter, deps.clock.now());
        // The cap's and quotas' fill (R-SURV-21, R-SURV-22), only for a survey that has them.
        if (survey.maxResponses === null && survey.quotas.length === 0) return results;
        return { ...results, fill: await surveyFill(deps.db, survey) };
      },
    );

    app.get(
      '/surveys/:id/questions/:questionId',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getQuestionDetail',
          tags: TAGS,
          summary: 'One question in depth',
          description:
            'Eén vraag: de tellingen, het verloop per periode (gemiddelde of NPS) en alle antwoorden als tekst, ' +
            'nieuwste eerst, per pagina (standaard 50, hoogstens 200). `q` zoekt in de antwoorden.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: questionParams,
          querystring: questionDetailQuerySchema,
          response: {
            200: questionDetailSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<QuestionDetail> => {
        const survey = await organizationSurvey(deps, request);
        const question = renumberQuestions(survey.questions).find(
          (each) => each.id === request.params.questionId,
        );
        // A text block has no results (R-SURV-23).
        if (question === undefined || !isAnswerable(question))
          throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
        const filter = await parseResultsQuery(deps.db, survey, request.query);
        const query = parseAnswerQuery(request.query);
        return loadQuestionDetail(deps.db, survey, question, filter, query, deps.clock.now());
      },
    );

    app.get(
      '/surveys/:id/export',
      {
        onRequest: authenticate,
        config: { permission: 'results.export' },
        schema: {
          operationId: 'exportSurveyResponses',
          tags: TAGS,
          summary: "Export a survey's responses",
          description:
            'Alle ingestuurde reacties als bestand (`format` csv of xlsx), één rij per reactie, een kolom per ' +
            'vraag en per Likert-stelling. CSV kan met elk abonnement; XLSX alleen met de functie export in het ' +
            'abonnement (anders 403); een XLSX telt als zware taak van de organisatie (429 als er al 2 lopen).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: exportQuerySchema,
          response: {
            200: exportFileResponse,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            429: HEAVY_JOBS_BUSY,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        const format = parseFormat(request.query.format);
        // CSV is every organisation's way to take its answers along; XLSX is the plan feature.
        if (format === 'xlsx') await exportFeature(request);
        const filter = await parseResultsQuery(deps.db, survey, request.query);
        const now = deps.clock.now();
        const names = await exportNamesRespondents(deps.db, survey);
        const rows = exportRows(deps.db, survey, filter, EXPORT_CHUNK, names);
        const header = exportHeader(survey, names);
        // An XLSX is written on a worker thread: one of the organisation's heavy jobs (R-HEAVY-9).
        const { body } =
          format === 'csv'
            ? { body: csvStream(rows, header) }
            : await deps.heavyJobs.stream(survey.organizationId, () => ({ body: xlsxStream(rows, header) }));
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.exported',
          orgId: survey.organizationId,
          message: `Antwoorden van survey ${survey.id} geëxporteerd (${format})`,
        });
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${exportFileName(survey.id, format, now)}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.get(
      '/analytics',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        preHandler: requireFeature('analytics'),
        schema: {
          operationId: 'getAnalytics',
          tags: TAGS,
          summary: 'Analytics across surveys',
          description:
            'Over alle surveys van de organisatie: ingestuurde reacties in de tijd, NPS- en Likert-verloop, ' +
            'reactiepercentage per survey en de best en slechtst scorende stellingen. Alleen met de functie analytics in ' +
            'het abonnement (anders 403).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          querystring: dayQuerySchema,
          response: {
            200: analyticsSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<AnalyticsOverview> => {
        const organization = await currentOrganization(deps, request);
        const filter = parseDayFilter(request.query);
        return loadAnalytics(deps.db, organization.id, filter, deps.clock.now());
      },
    );
  };
