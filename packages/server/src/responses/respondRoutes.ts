import { NO_LOGIC, type RespondentView, type RespondResult, SURVEY_MAIN_LANGUAGE } from '@loop/core';
import { hiddenValuesFrom } from '@loop/core/surveys/logic';
import { estimateSeconds, RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import { ApiError } from '../http/apiError';
import { ERRORS, errorResponse } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { markInvitationOpened } from '../invitations/invitationDelivery';
import { sanitizedSurveyHtml } from '../surveys/surveyHtml';
import { Batcher } from './Batcher';
import { fullAtSave, submitCapped, surveyIsFull } from './cappedSubmission';
import { QuestionTimingsCache } from './questionTimings';
import { toRespondentBranding } from './respondentBranding';
import { invitedContact, storedContext } from './respondentContext';
import {
  respondentViewSchema,
  respondQuerySchema,
  respondRequestSchema,
  respondResultSchema,
  respondTokenParams,
} from './responseSchemas';
import {
  ensurePublicResponses,
  findRespondTargets,
  type PublicVisitor,
  type RespondTarget,
  type ResponseWrite,
  respondPage,
  type StoredContext,
  savedAnswers,
  savedItemsOf,
  writeResponses,
} from './responses';
import { publicResponseToken, TOKEN_PATTERN } from './responseTokens';
import {
  type RespondRefusal,
  type RespondRefusalCode,
  respondAccess,
  type SaveResponseDeps,
  saveResponse,
} from './saveResponse';
import { registerSubmitResponseRoute } from './submitResponseRoute';
import { type SurveyContent, SurveyQuestionsCache } from './surveyQuestionsCache';
import { acceptedLanguages, SurveyTranslationsCache, textLanguage } from './translatedSurveys';

export { RESPOND_ERRORS } from './saveResponse';

/** Open text may take 5,000 characters per question: more than the API's usual JSON limit. */
const RESPOND_BODY_LIMIT = 1024 * 1024;

const RESPOND_ERROR_RESPONSES = {
  404: errorResponse('Onbekende link, of de survey is nog niet geopend.'),
  410: errorResponse('De survey is gesloten.'),
  429: ERRORS.tooManyRequests,
} as const;

const REFUSAL_STATUS = {
  unknown: 404,
  closed: 410,
  invalid: 400,
  already_submitted: 409,
  busy: 409,
} as const satisfies Record<RespondRefusalCode, number>;

/** A refusal of the answering use-cases as the HTTP error it answers. */
const refusalError = (refusal: RespondRefusal): ApiError =>
  new ApiError(REFUSAL_STATUS[refusal.code], refusal.detail, refusal.fields);

/**
 * The public answering page's API, without login: `/respond/:token` with a survey's public link or a
 * response's own token. Refusals carry core's Dutch RESPONDENT_MESSAGES, which the page shows as they
 * are. The application log records the route pattern only, never the token.
 */
export const respondRoutes =
  ({ deps, rateLimit, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const questionsCache = new SurveyQuestionsCache();
    const translationsCache = new SurveyTranslationsCache();
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
      const access = respondAccess(await targetOf(token), now);
      if (!access.ok) throw refusalError(access);
      return access.target;
    }

    /** Saving answers with the route's batched lookups and writes. */
    const saveDeps: SaveResponseDeps = {
      now: () => deps.clock.now(),
      target: targetOf,
      content: (surveyId, version) => questionsCache.content(deps.db, surveyId, version),
      contact: (responseId) => invitedContact(deps.db, responseId),
      storedContext: (responseId) => storedContext(deps.db, responseId),
      publicToken: (surveyId, key) => publicResponseToken(deps.config.jwtSecret, surveyId, key),
      visitorResponse: (visitor) => visitors.submit(visitor),
      savedItems: (responseId) => saved.submit(responseId),
      write: (write) => writes.submit(write),
      submitCapped: (submission) => submitCapped(deps.db, submission),
      fullAtSave: (check) => fullAtSave(deps.db, check),
      quotaText: async (surveyId, version, language, quotaId) => {
        const view = await translationsCache.view(deps.db, surveyId, version, language);
        const text = view?.quotas.find((quota) => quota.id === quotaId)?.end_screen_text.trim();
        return text ? text : null;
      },
    };

    /**
     * The hidden fields and language the server holds for a link not saved yet (R-RESP-5; a saved
     * response's come with its saved answers): a personal link's contact's, when the logic uses them
     * and never in an anonymous survey; a public link, none here. A survey with other languages needs
     * the language for its texts (R-RESP-12): the contact's, or a submitted response's stored one.
     */
    async function knownContext(
      response: RespondTarget['response'],
      content: SurveyContent,
      anonymous: boolean,
      translated: boolean,
    ): Promise<StoredContext> {
      const none = { hidden_fields: {}, language: null };
      if (translated && response?.status === 'completed') {
        return { hidden_fields: {}, language: (await storedContext(deps.db, response.id)).language };
      }
      if (response?.status !== 'pending' || anonymous || !(content.usesContact || translated)) return none;
      const contact = await invitedContact(deps.db, response.id);
      return contact === null
        ? none
        : {
            hidden_fields: hiddenValuesFrom(content.logic.hidden_fields, contact.attributes),
            language: contact.language,
          };
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
            'Openbaar, zonder inloggen. De survey zoals de deelnemer hem ziet, met de huisstijl van de organisatie, ' +
            'de logica (regels, eindschermen, verborgen velden) en de eerder opgeslagen antwoorden (verder waar je ' +
            'gebleven was). `hidden_values` en `language`: wat de server al weet, bij een persoonlijke link van het ' +
            'contact (de attributen met de naam van een verborgen veld, de taal; niet bij een anonieme survey), ' +
            'na een eerdere opslag wat die vastlegde; bij de publieke link niets. Teksten in de taal van `?lang=` ' +
            'als de survey daarin volledig vertaald is, anders in de taal van een eerdere opslag of van het ' +
            'contact als die volledig vertaald is, anders de eerste volledige taal uit `Accept-Language`, anders ' +
            'Nederlands; `language` is dan de gekozen taal en `languages` de volledig vertaalde talen (Nederlands ' +
            'eerst; ontbreekt zonder vertalingen). Al ingestuurd: status completed ' +
            'met alleen de teksten voor het bedankscherm. Survey vol (maximum aantal antwoorden bereikt) bij een ' +
            'nieuwe deelnemer: status full, zonder vragen. Onbekende link of nog niet geopende survey: 404; ' +
            'gesloten: 410.',
          params: respondTokenParams,
          querystring: respondQuerySchema,
          response: { 200: respondentViewSchema, ...RESPOND_ERROR_RESPONSES },
        },
      },
      async (request): Promise<RespondentView> => {
        const target = await accessible(request.params.token, deps.clock.now());
        // A survey at its cap takes no new respondents: no questions, its 'vol' screen (R-RESP-13).
        const full =
          target.capped === true &&
          (target.response === null || target.response.status === 'pending') &&
          (await surveyIsFull(deps.db, target.surveyId));
        const completed = full || target.response?.status === 'completed';
        // Only a response in progress has saved answers: a pending one was never written.
        const resumes = target.response?.status === 'in_progress' ? target.response.id : null;
        const [page, content, timings] = await Promise.all([
          respondPage(deps.db, target.surveyId),
          questionsCache.content(deps.db, target.surveyId, target.version),
          timingsCache.get(deps.db, target.surveyId),
          // A personal link of an invitation: the invitation is opened (once).
          target.response === null
            ? null
            : markInvitationOpened(deps.db, target.response.id, request.params.token, deps.clock.now()),
        ]);
        if (page === null) throw new ApiError(404, RESPONDENT_MESSAGES.unknownToken);
        const { questions } = content;
        // Only a survey with extra languages reads its translations (R-RESP-12).
        const languages =
          page.languages.length === 0
            ? []
            : await translationsCache.languages(deps.db, target.surveyId, target.version);
        const saved = resumes === null ? null : await savedAnswers(deps.db, resumes, questions);
        const known =
          saved?.context ??
          (await knownContext(target.response, content, page.anonymous, languages.length > 0));
        const asked = request.query.lang?.trim().toLowerCase();
        // With nothing asked or held, the browser's languages choose among the complete ones.
        const browser = languages.length === 0 ? [] : acceptedLanguages(request.headers['accept-language']);
        const chosen = textLanguage(languages, asked, known.language, browser);
        const view =
          chosen === null
            ? null
            : await translationsCache.view(deps.db, target.surveyId, target.version, chosen);
        const shown = {
          title: view?.title ?? page.title,
          // Stored sanitised; sanitised again because this page has no sanitiser of its own.
          description_html: view?.description_html ?? sanitizedSurveyHtml(page.descriptionHtml),
          introduction_html: view?.introduction_html ?? sanitizedSurveyHtml(page.introductionHtml),
          thank_you_text: view?.thank_you_text ?? page.thankYouText,
          questions: view?.questions ?? questions,
          logic: view?.logic ?? content.logic,
        };
        return {
          status: full ? 'full' : completed ? 'completed' : 'open',
          link_kind: target.response === null ? 'public' : 'personal',
          anonymous: page.anonymous,
          survey: {
            title: shown.title,
            description_html: shown.description_html,
            introduction_html: shown.introduction_html,
            thank_you_text: shown.thank_you_text,
            close_at: page.closeAt?.toISOString() ?? null,
            questions: completed ? [] : shown.questions,
            logic: completed ? NO_LOGIC : shown.logic,
            hidden_values: completed ? {} : known.hidden_fields,
            // The language of the texts when `?lang=` or the browser chose it, else what the link holds.
            language:
              chosen !== null && known.language === null
                ? chosen
                : chosen === asked
                  ? chosen
                  : known.language,
            ...(languages.length === 0 ? {} : { languages: [SURVEY_MAIN_LANGUAGE, ...languages] }),
            estimated_seconds: estimateSeconds(questions, timings),
            saved_answers: saved?.answers ?? [],
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
            'en begint de eerste aanvraag een eigen antwoord met een eigen `response_token`. `hidden_fields` (alleen ' +
            'de verborgen velden die de survey kent; tekst van hoogstens 500 tekens, anders 400 onder ' +
            '`hidden_fields.<naam>`) en `language` (een taalcode van Loop, anders 400) worden bij de eerste opslag ' +
            'vastgelegd; bij een persoonlijke link gaan de waarden van het contact voor. Een survey met regels ' +
            'volgt het pad van de deelnemer: tussentijds opslaan laat antwoorden buiten het pad weg; insturen ' +
            'weigert (400, per vraag) antwoorden op vragen die niet getoond werden of na het eindscherm komen en ' +
            'verplichte vragen op het pad zonder antwoord, verwijdert eerder opgeslagen antwoorden buiten het pad ' +
            'en legt vast welke vragen niet getoond werden en op welk eindscherm het eindigde.',
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
        const result = await saveResponse(saveDeps, {
          token: request.params.token,
          final: request.body.final,
          answers: request.body.answers,
          respondentKey: request.body.respondent_key ?? null,
          hiddenFields: request.body.hidden_fields,
          language: request.body.language,
        });
        if (!result.ok) throw refusalError(result);
        // A personal link's invitation was completed by the submission's own statement (R-RESP-15).
        return result.value;
      },
    );

    // Submitting with an API key shares this plugin's batched lookups and writes.
    registerSubmitResponseRoute(app, { deps, authenticate }, saveDeps, refusalError);
  };
