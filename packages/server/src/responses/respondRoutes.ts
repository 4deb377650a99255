import {
  estimateSeconds,
  RESPONDENT_MESSAGES,
  type RespondentView,
  type RespondResult,
  respondentAccess,
} from '@loop/core';
import { ApiError } from '../http/apiError';
import { ERRORS, errorResponse } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { sanitizedSurveyHtml } from '../surveys/surveyHtml';
import { planAnswers } from './answerPlan';
import { Batcher } from './Batcher';
import { QuestionTimingsCache } from './questionTimings';
import { toRespondentBranding } from './respondentBranding';
import {
  respondentViewSchema,
  respondRequestSchema,
  respondResultSchema,
  respondTokenParams,
} from './responseSchemas';
import {
  ensurePublicResponses,
  findRespondTargets,
  type PublicVisitor,
  type RespondTarget,
  type ResponseState,
  type ResponseWrite,
  respondPage,
  savedAnswers,
  savedItemsOf,
  writeResponses,
} from './responses';
import { publicResponseToken, TOKEN_PATTERN } from './responseTokens';
import { SurveyQuestionsCache } from './surveyQuestionsCache';

/** The Dutch texts of the answering routes besides core's RESPONDENT_MESSAGES. */
export const RESPOND_ERRORS = {
  respondentKeyMissing:
    'Je antwoorden konden niet worden gekoppeld. Vernieuw de pagina en probeer het opnieuw.',
  busy: 'Je antwoorden worden op dit moment ook ergens anders opgeslagen. Probeer het zo opnieuw.',
} as const;

/** Writes of one request that may find the response changed by another request before it gives up. */
const WRITE_ATTEMPTS = 5;

/** What a public-link visitor's key must look like (the contract: 16–64 characters of base64url). */
const RESPONDENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** Open text may take 5,000 characters per question: more than the API's usual JSON limit. */
const RESPOND_BODY_LIMIT = 1024 * 1024;

const RESPOND_ERROR_RESPONSES = {
  404: errorResponse('Onbekende link, of de survey is nog niet geopend.'),
  410: errorResponse('De survey is gesloten.'),
  429: ERRORS.tooManyRequests,
} as const;

/**
 * The public answering page's API, without login: `/respond/:token` with a survey's public link or a
 * response's own token. Refusals carry core's Dutch RESPONDENT_MESSAGES, which the page shows as they
 * are. The application log records the route pattern only, never the token.
 */
export const respondRoutes =
  ({ deps, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const questionsCache = new SurveyQuestionsCache();
    const timingsCache = new QuestionTimingsCache(deps.clock);
    // Under load, concurrent requests share their lookups and writes (one statement each).
    const targets = new Batcher(
      async (tokens: readonly string[]) => {
        const found = await findRespondTargets(deps.db, tokens);
        return tokens.map((token) => found.get(token) ?? null);
      },
      { maxBatch: 200, maxInFlight: 2 },
    );
    const saved = new Batcher(
      async (ids: readonly number[]) => {
        const found = await savedItemsOf(deps.db, ids);
        return ids.map((id) => found.get(id) ?? new Map());
      },
      { maxBatch: 200, maxInFlight: 2 },
    );
    const visitors = new Batcher((batch: readonly PublicVisitor[]) => ensurePublicResponses(deps.db, batch), {
      maxBatch: 100,
      maxInFlight: 2,
      keyOf: (visitor) => `${visitor.surveyId}:${visitor.respondentKey}`,
    });
    const writes = new Batcher((batch: readonly ResponseWrite[]) => writeResponses(deps.db, batch), {
      maxBatch: 100,
      maxInFlight: 2,
      keyOf: (write) => write.response.id,
    });

    /** The token's survey and response; a malformed token is not worth a query. */
    const targetOf = async (token: string): Promise<RespondTarget | null> =>
      TOKEN_PATTERN.test(token) ? targets.submit(token) : null;

    /**
     * The token's target when core's respondentAccess lets it through (a submitted response too: it
     * gets its thank-you); else 404 for an unknown link or a survey not open yet, 410 when closed.
     */
    async function accessible(token: string, now: Date): Promise<RespondTarget> {
      const target = await targetOf(token);
      const decision = respondentAccess({
        survey:
          target === null ? null : { status: target.status, close_at: target.closeAt?.toISOString() ?? null },
        alreadySubmitted: target?.response?.status === 'completed',
        now,
      });
      if (target !== null && (decision.ok || decision.error === 'already_submitted')) return target;
      const detail = decision.ok
        ? RESPONDENT_MESSAGES.unknownToken
        : (decision.detail ?? RESPONDENT_MESSAGES.unknownToken);
      throw new ApiError(!decision.ok && decision.error === 'closed' ? 410 : 404, detail);
    }

    app.get(
      '/respond/:token',
      {
        preHandler: rateLimit('respond'),
        schema: {
          operationId: 'getRespondentSurvey',
          tags: ['respond'],
          security: [],
          summary: 'A survey to answer',
          description:
            'Openbaar, zonder inloggen. De survey zoals de deelnemer hem ziet, met de huisstijl van de organisatie ' +
            'en de eerder opgeslagen antwoorden (verder waar je gebleven was). Al ingestuurd: status completed met ' +
            'alleen de teksten voor het bedankscherm. Onbekende link of nog niet geopende survey: 404; gesloten: 410.',
          params: respondTokenParams,
          response: { 200: respondentViewSchema, ...RESPOND_ERROR_RESPONSES },
        },
      },
      async (request): Promise<RespondentView> => {
        const target = await accessible(request.params.token, deps.clock.now());
        const completed = target.response?.status === 'completed';
        // Only a response in progress has saved answers: a pending one was never written.
        const resumes = target.response?.status === 'in_progress' ? target.response.id : null;
        const [page, questions, timings] = await Promise.all([
          respondPage(deps.db, target.surveyId),
          questionsCache.get(deps.db, target.surveyId, target.version),
          timingsCache.get(deps.db, target.surveyId),
        ]);
        if (page === null) throw new ApiError(404, RESPONDENT_MESSAGES.unknownToken);
        const saved = resumes === null ? [] : await savedAnswers(deps.db, resumes, questions);
        return {
          status: completed ? 'completed' : 'open',
          link_kind: target.response === null ? 'public' : 'personal',
          survey: {
            title: page.title,
            // Stored sanitised; sanitised again because this page has no sanitiser of its own.
            description_html: sanitizedSurveyHtml(page.descriptionHtml),
            introduction_html: sanitizedSurveyHtml(page.introductionHtml),
            thank_you_text: page.thankYouText,
            close_at: page.closeAt?.toISOString() ?? null,
            questions: completed ? [] : questions,
            estimated_seconds: estimateSeconds(questions, timings),
            saved_answers: saved,
          },
          branding: toRespondentBranding(page.organizationName, page.branding),
        };
      },
    );

    app.post(
      '/respond/:token',
      {
        preHandler: rateLimit('respond'),
        bodyLimit: RESPOND_BODY_LIMIT,
        schema: {
          operationId: 'saveResponse',
          tags: ['respond'],
          security: [],
          summary: 'Save or submit answers',
          description:
            'Openbaar, zonder inloggen. `final: false` slaat tussentijds op (antwoorden vervangen eerdere antwoorden ' +
            'op dezelfde vragen), `final: true` stuurt in; verplichte vragen worden gecontroleerd over alles wat ' +
            'is opgeslagen plus wat wordt meegestuurd. Ongeldige antwoorden: 400 met `fields` per ' +
            '`answers.<vraag-id>` en er wordt niets opgeslagen. Nog eens insturen verandert niets en geeft weer ' +
            'completed; tussentijds opslaan na insturen: 409. Bij de publieke link is `respondent_key` verplicht ' +
            'en begint de eerste aanvraag een eigen antwoord met een eigen `response_token`.',
          params: respondTokenParams,
          body: respondRequestSchema,
          response: {
            200: respondResultSchema,
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            413: ERRORS.payloadTooLarge,
            ...RESPOND_ERROR_RESPONSES,
          },
        },
      },
      async (request): Promise<RespondResult> => {
        const { token } = request.params;
        const { final, answers } = request.body;
        const now = deps.clock.now();
        const target = await accessible(token, now);
        const submitted = (responseToken: string): RespondResult => {
          if (!final) throw new ApiError(409, RESPONDENT_MESSAGES.alreadySubmitted);
          return { status: 'completed', response_token: responseToken };
        };
        let responseToken = token;
        let key: string | null = null;
        if (target.response === null) {
          key = request.body.respondent_key ?? null;
          if (key === null || !RESPONDENT_KEY.test(key))
            throw new ApiError(400, RESPOND_ERRORS.respondentKeyMissing, {
              respondent_key: RESPOND_ERRORS.respondentKeyMissing,
            });
          responseToken = publicResponseToken(deps.config.jwtSecret, target.surveyId, key);
        }
        const questions = await questionsCache.get(deps.db, target.surveyId, target.version);
        const plan = planAnswers(questions, answers, final);
        let current: ResponseState | null = target.response;
        if (current === null) {
          // A public-link visitor. A request that will be written (a valid save, a complete
          // submission) makes their response if it is missing, in the same step that finds it;
          // anything else only looks, so a refused request leaves nothing behind.
          const visitor = {
            surveyId: target.surveyId,
            organizationId: target.organizationId,
            respondentKey: key as string,
            token: responseToken,
            now,
          };
          const writable = plan.ok && plan.checkWithSaved === null;
          current = writable
            ? await visitors.submit(visitor)
            : ((await targetOf(responseToken))?.response ?? null);
          if (plan.ok && current === null) {
            // A new visitor has nothing saved: what they sent must be complete on its own.
            const refusal = plan.checkWithSaved?.(new Map()) ?? null;
            if (refusal !== null) throw new ApiError(400, refusal.detail, refusal.fields);
            current = await visitors.submit(visitor);
          }
        }
        if (current?.status === 'completed') return submitted(responseToken);
        if (!plan.ok) throw new ApiError(400, plan.refusal.detail, plan.refusal.fields);
        if (current === null) throw new Error('A checked request without its response');

        for (let attempt = 1; ; attempt++) {
          const response: ResponseState = current;
          if (response.status === 'completed') return submitted(responseToken);
          if (plan.checkWithSaved !== null) {
            const refusal = plan.checkWithSaved(await saved.submit(response.id));
            if (refusal !== null) throw new ApiError(400, refusal.detail, refusal.fields);
          }
          const written = await writes.submit({
            response,
            surveyId: target.surveyId,
            final,
            now,
            questionIds: plan.questionIds,
            items: plan.items,
            seconds: plan.seconds,
          });
          if (written) return { status: final ? 'completed' : 'in_progress', response_token: responseToken };
          // Another request of this response was written first: read it again and go on from there.
          if (attempt >= WRITE_ATTEMPTS) throw new ApiError(409, RESPOND_ERRORS.busy);
          current = (await targetOf(responseToken))?.response ?? null;
          if (current === null) throw new ApiError(404, RESPONDENT_MESSAGES.unknownToken);
        }
      },
    );
  };
