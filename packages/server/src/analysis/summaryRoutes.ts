import { ANALYSIS_MESSAGES, type OpenAnswerSummary, type Question, SUMMARY_MESSAGES } from '@loop/core';
import { renumberQuestions } from '@loop/core/surveys/model';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/apiError';
import { ERRORS, errorResponse, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationRoute } from '../organizations/organizationRoute';
import { RESULT_MESSAGES } from '../results/resultRoutes';
import { type FilterQuery, filterQuerySchema, questionParams } from '../results/resultSchemas';
import { parseResultsQuery } from '../results/resultsFilterSql';
import type { DayFilter } from '../results/resultsRange';
import { organizationSurvey } from '../surveys/organizationSurvey';
import type { AnalystRefusal } from './analystTime';
import { type SummaryDeps, summariseOpenQuestion } from './openAnswerSummary';
import { summarySchema } from './summarySchemas';

const REFUSALS: Readonly<Record<AnalystRefusal, { status: number; detail: string }>> = {
  timeout: { status: 504, detail: ANALYSIS_MESSAGES.timeout },
  unreachable: { status: 502, detail: ANALYSIS_MESSAGES.llmUnreachable },
  unusable: { status: 502, detail: ANALYSIS_MESSAGES.llmUnusable },
};

interface Target {
  readonly surveyId: number;
  readonly organizationId: number;
  readonly question: Question;
  readonly filter: DayFilter;
}

type SummaryRequest = FastifyRequest<{
  Params: { readonly id: string; readonly questionId: string };
  Querystring: FilterQuery;
}>;

const isOpen = (question: Question): boolean =>
  question.type === 'open_short' || question.type === 'open_long';

/**
 * POST /surveys/:id/questions/:questionId/summary: the themes of an open question's answers in the
 * period of the results page (plan feature 'ai', "AI-inzichten"). Checked in this order: the
 * survey belongs to the organisation (404, before the plan, as on every result route, so a
 * refusal says nothing about another organisation), the plan has 'ai' (403), the question exists
 * (404) and is open (400), the days (400), then the per-organisation rate limit (429). A POST, and
 * nothing stored: it may cost a language model's time, and the answers it rests on change. The
 * audit row names the survey, the question's id, the number of answers and the analyst, never a
 * text.
 */
export const summaryRoutes =
  ({ deps, authenticate, requireFeature, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const summaryDeps: SummaryDeps = {
      db: deps.db,
      clock: deps.clock,
      analyst: deps.analyst,
      timeoutMs: deps.config.analysisTimeoutMs,
    };
    const ai = requireFeature('ai', SUMMARY_MESSAGES.featureMissing);
    const targets = new WeakMap<FastifyRequest, Target>();

    async function findTarget(request: SummaryRequest): Promise<void> {
      const survey = await organizationSurvey(deps, request);
      await ai(request);
      const question = renumberQuestions(survey.questions).find(
        (each) => each.id === request.params.questionId,
      );
      if (question === undefined) throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
      if (!isOpen(question)) throw new ApiError(400, SUMMARY_MESSAGES.notOpen);
      const filter = await parseResultsQuery(deps.db, survey, request.query);
      targets.set(request, { surveyId: survey.id, organizationId: survey.organizationId, question, filter });
    }

    app.post(
      '/surveys/:id/questions/:questionId/summary',
      {
        ...organizationRoute(authenticate, 'organization.read', {
          tags: ['results'],
          operationId: 'summariseOpenAnswers',
          summary: "Summarise an open question's answers",
          description:
            "Zonder body; `from`/`to` (JJJJ-MM-DD) zoals bij de resultaten. Terugkerende thema's in de antwoorden op " +
            'een open vraag, met aantallen en korte citaten (zonder e-mailadressen en telefoonnummers). De ingebouwde ' +
            'samenvatter telt gedeelde woorden en woordgroepen in de nieuwste 10.000 antwoorden; met LLM_BASE_URL en ' +
            'LLM_MODEL maakt het taalmodel hem (de antwoorden gaan dan mee, e-mailadressen en telefoonnummers ' +
            'vervangen). Alleen met de functie ai in het abonnement (anders 403). Minder dan 3 antwoorden: ' +
            '`too_few`. 400 voor een vraag die niet open is; 429 na te veel samenvattingen; 502 als het taalmodel ' +
            'niet (bruikbaar) antwoordt; 504 na ANALYSIS_TIMEOUT_MS.',
          params: questionParams,
          querystring: filterQuerySchema,
          response: {
            200: summarySchema,
            400: ERRORS.badRequest,
            403: errorResponse(`Zonder de functie ai: "${SUMMARY_MESSAGES.featureMissing}"`),
            404: ERRORS.notFound,
            429: ERRORS.tooManyRequests,
            502: errorResponse('Het taalmodel was niet bereikbaar of gaf geen bruikbaar antwoord.'),
            504: errorResponse('De samenvatting duurde langer dan de ingestelde tijd.'),
            ...PROTECTED_ERRORS,
          },
        }),
        preHandler: [findTarget, ...rateLimit('openAnswerSummary')],
      },
      async (request): Promise<OpenAnswerSummary> => {
        const target = targets.get(request);
        if (target === undefined) throw new Error('summary target not resolved');
        const result = await summariseOpenQuestion(
          summaryDeps,
          { id: target.surveyId, organizationId: target.organizationId },
          target.question,
          target.filter,
        );
        if (!result.ok) {
          const refusal = REFUSALS[result.error];
          throw new ApiError(refusal.status, refusal.detail);
        }
        const summary = result.value;
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.answers_summarised',
          orgId: target.organizationId,
          message:
            `Open antwoorden van survey ${target.surveyId} samengevat (vraag ${target.question.id}, ` +
            `${summary.answers_considered} antwoorden, ${summary.themes.length} thema's, analist ${summary.analyst})`,
        });
        return summary;
      },
    );
  };
