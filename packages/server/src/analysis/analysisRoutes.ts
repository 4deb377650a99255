import {
  ANALYSIS_MESSAGES,
  type BusinessAnalysisList,
  type BusinessAnalysisResponse,
  type LatestBusinessAnalysis,
} from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import { ERRORS, errorResponse, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationRoute } from '../organizations/organizationRoute';
import { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import {
  analysisIdParams,
  analysisListSchema,
  analysisResponseSchema,
  latestAnalysisSchema,
} from './analysisSchemas';
import {
  type AnalysisDeps,
  type AnalysisRefusal,
  businessAnalysisList,
  createBusinessAnalysis,
  latestBusinessAnalysis,
  storedBusinessAnalysis,
} from './businessAnalysis';

const TAGS = ['analysis'];

const REFUSAL_STATUS: Readonly<Record<AnalysisRefusal, number>> = {
  no_data: 400,
  busy: 409,
  timeout: 504,
  unreachable: 502,
  unusable: 502,
};

const FEATURE_ERROR = errorResponse(
  `Het abonnement heeft de functie business niet: "${ANALYSIS_MESSAGES.featureMissing}"`,
);

/**
 * The business analysis of the current organisation (X-Organization-Id), issue 15 and R-ANALYSIS-8:
 * make one (POST, no body), read the newest (GET, what the screen shows after a reload), list the
 * earlier ones and read one again. Every route needs the plan
 * feature `business` (403 'AI-analyse is niet beschikbaar voor dit abonnement.') and the permission
 * `analysis.use`. Making one is rate-limited per organisation and runs one at a time per
 * organisation (409 while another runs, on every API instance: a claim row in the database). The
 * audit row names the analysis's id and counts, never the report or a person.
 */
export const analysisRoutes =
  ({ deps, authenticate, requireFeature, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const analysisDeps: AnalysisDeps = {
      db: deps.db,
      clock: deps.clock,
      questions: new SurveyQuestionsCache(),
      analyst: deps.analyst,
      timeoutMs: deps.config.analysisTimeoutMs,
    };
    const business = requireFeature('business', ANALYSIS_MESSAGES.featureMissing);
    const organizationOf = (request: FastifyRequest) => currentOrganization(deps, request);

    app.post(
      '/organization/business-analysis',
      {
        ...organizationRoute(authenticate, 'analysis.use', {
          tags: TAGS,
          operationId: 'createBusinessAnalysis',
          summary: 'Make a business analysis of the organisation',
          description:
            "Zonder body. Schrijft een rapport (Markdown) uit de KPI's, de surveys met reacties en de financiën van " +
            'de organisatie en bewaart het. De ingebouwde analist werkt met vaste regels; met LLM_BASE_URL en ' +
            "LLM_MODEL schrijft een taalmodel het (alleen geaggregeerde cijfers gaan mee). 400 zonder KPI's en " +
            'zonder surveys met reacties; 409 zolang er al een analyse van de organisatie loopt; 429 na te veel ' +
            'analyses; 502 als het taalmodel niet (bruikbaar) antwoordt; 504 na ANALYSIS_TIMEOUT_MS.',
          response: {
            200: analysisResponseSchema,
            400: ERRORS.badRequest,
            403: FEATURE_ERROR,
            404: ERRORS.notFound,
            409: errorResponse('Er loopt al een analyse van deze organisatie.'),
            429: ERRORS.tooManyRequests,
            502: errorResponse('Het taalmodel was niet bereikbaar of gaf geen bruikbaar antwoord.'),
            504: errorResponse('De analyse duurde langer dan de ingestelde tijd.'),
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: [business, ...rateLimit('businessAnalysis')],
      },
      async (request): Promise<BusinessAnalysisResponse> => {
        const organization = await organizationOf(request);
        const result = await createBusinessAnalysis(analysisDeps, organization, authOf(request).user.id);
        if (!result.ok)
          throw new ApiError(REFUSAL_STATUS[result.error], result.detail ?? ANALYSIS_MESSAGES.fallback);
        const { id, response } = result.value;
        auditRequest(deps.log, request, {
          category: 'analysis',
          action: 'analysis.created',
          orgId: organization.id,
          message:
            `Bedrijfsanalyse ${id} gemaakt (${response.metadata.data_points.kpis} KPI's, ` +
            `${response.metadata.data_points.surveys} surveys, analist ${analysisDeps.analyst.kind})`,
        });
        return response;
      },
    );

    app.get(
      '/organization/business-analysis',
      {
        ...organizationRoute(authenticate, 'analysis.use', {
          tags: TAGS,
          operationId: 'getLatestBusinessAnalysis',
          summary: "The organisation's newest business analysis",
          description:
            'De nieuwste analyse van de organisatie met haar id, zoals POST /organization/business-analysis hem ' +
            'gaf, of `latest: null` zolang er nog geen is. Het scherm toont hem na het herladen.',
          response: {
            200: latestAnalysisSchema,
            403: FEATURE_ERROR,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: business,
      },
      async (request): Promise<LatestBusinessAnalysis> =>
        latestBusinessAnalysis(analysisDeps, await organizationOf(request)),
    );

    app.get(
      '/organization/business-analyses',
      {
        ...organizationRoute(authenticate, 'analysis.use', {
          tags: TAGS,
          operationId: 'listBusinessAnalyses',
          summary: "The organisation's earlier business analyses",
          description:
            'Nieuwste eerst, zonder de tekst (hoogstens 100), en `data_points`: waarop een analyse nu gebaseerd zou ' +
            "zijn ('Gebaseerd op N KPI's en M surveys').",
          response: {
            200: analysisListSchema,
            403: FEATURE_ERROR,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: business,
      },
      async (request): Promise<BusinessAnalysisList> =>
        businessAnalysisList(analysisDeps, (await organizationOf(request)).id),
    );

    app.get(
      '/organization/business-analyses/:id',
      {
        ...organizationRoute(authenticate, 'analysis.use', {
          tags: TAGS,
          operationId: 'getBusinessAnalysis',
          summary: 'One earlier business analysis',
          description:
            'Zoals POST /organization/business-analysis hem gaf. Een id van een andere organisatie: 404.',
          params: analysisIdParams,
          response: {
            200: analysisResponseSchema,
            403: FEATURE_ERROR,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: business,
      },
      async (request): Promise<BusinessAnalysisResponse> => {
        const organization = await organizationOf(request);
        const found = await storedBusinessAnalysis(analysisDeps, organization, parseId(request.params.id));
        if (found === null) throw new ApiError(404, ANALYSIS_MESSAGES.notFound);
        return found;
      },
    );
  };
