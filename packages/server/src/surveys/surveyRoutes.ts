import type { Page, Survey, SurveySummary } from '@loop/core';
import { authOf } from '../auth/authenticate';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { QuestionTimingsMemo } from '../responses/questionTimings';
import { organizationSurvey } from './organizationSurvey';
import { closeExpiredSurveys } from './surveyClosing';
import { withSanitizedHtml } from './surveyHtml';
import {
  createSurveySchema,
  surveyIdParams,
  surveyListQuerySchema,
  surveyNotReadySchema,
  surveySchema,
  surveyStatusSchema,
  surveySummarySchema,
  surveyUpdateSchema,
} from './surveySchemas';
import {
  checkedSurveyInput,
  listSurveys,
  SURVEY_BODY_LIMIT,
  SURVEY_ERRORS,
  surveyWithStats,
  toSurvey,
} from './surveys';
import {
  changeSurveyStatus,
  createDraft,
  duplicateSurvey,
  removeSurvey,
  type SurveyResult,
  saveSurveyContent,
} from './surveyUseCases';

/** Audit actions of status changes, by the new status. */
const STATUS_ACTIONS = {
  open: 'survey.published',
  closed: 'survey.closed',
  draft: 'survey.unpublished',
} as const;

const REFUSAL_STATUS = { not_found: 404, conflict: 409 } as const;

/** The value of a survey use-case's result, or its refusal thrown as the HTTP error. */
function unwrap<T>(result: SurveyResult<T>): T {
  if (!result.ok) throw new ApiError(REFUSAL_STATUS[result.code], result.detail, result.fields, result.more);
  return result.value;
}

/** Surveys of the current organisation (X-Organization-Id): list, editor saves, status, copies. */
export const surveyRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    /** The survey in `:id` of the current organisation; unknown and other organisations' ids are 404. */
    const surveyOf = (request: Parameters<typeof organizationSurvey>[1]) => organizationSurvey(deps, request);

    /** The list's medians per survey, reused while a survey's submitted responses stay the same. */
    const listTimings = new QuestionTimingsMemo();

    app.get(
      '/surveys',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listSurveys',
          tags: ['surveys'],
          summary: "The organisation's surveys",
          description:
            'Surveys van de huidige organisatie, laatst gewijzigd eerst (standaard pagina 1, 25 per pagina). ' +
            '`q` zoekt in de titel, `status` filtert op draft, open of closed.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          querystring: surveyListQuerySchema,
          response: {
            200: pageSchema<SurveySummary>(surveySummarySchema, 'Aantal surveys dat aan het filter voldoet.'),
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Page<SurveySummary>> => {
        const paging = parsePaging(request.query);
        const organization = await currentOrganization(deps, request);
        await closeExpiredSurveys(deps.db, organization.id, deps.clock.now());
        const { q, status } = request.query;
        return listSurveys(
          deps.db,
          organization.id,
          { ...(q === undefined ? {} : { q }), ...(status === undefined ? {} : { status }) },
          paging,
          listTimings,
        );
      },
    );

    app.post(
      '/surveys',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        bodyLimit: SURVEY_BODY_LIMIT,
        schema: {
          operationId: 'createSurvey',
          tags: ['surveys'],
          summary: 'Create a survey',
          description:
            'Maakt een nieuw concept: leeg (de velden van de editor; een concept mag nog onaf zijn) of als kopie ' +
            'van een sjabloon met `template_id` (ingebouwd of van de eigen organisatie; anders 404), met de logica ' +
            "van het sjabloon op de nieuwe vraag-id's. Zonder `logic` heeft de survey geen logica; regels met " +
            'problemen (een vraag die niet meer bestaat) mogen in een concept. Bij ongeldige invoer (verkeerd type, ' +
            'te lang, ongeldige id, logica buiten de grenzen) wordt niets opgeslagen: 400 met `fields` per veld ' +
            '(`logic.rules.0.to`).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: createSurveySchema,
          response: { 201: surveySchema, 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const row = unwrap(
          await createDraft(deps, {
            organizationId: organization.id,
            createdBy: authOf(request).user.id,
            body: request.body,
          }),
        );
        return reply.code(201).send(toSurvey(row));
      },
    );

    app.get(
      '/surveys/:id',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSurvey',
          tags: ['surveys'],
          summary: 'One survey',
          description:
            'Eén survey van de huidige organisatie met haar vragen en haar logica (van een andere organisatie: 404).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: surveySchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<Survey> => surveyWithStats(deps.db, await surveyOf(request)),
    );

    app.put(
      '/surveys/:id',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        bodyLimit: SURVEY_BODY_LIMIT,
        schema: {
          operationId: 'updateSurvey',
          tags: ['surveys'],
          summary: "Save a survey's content",
          description:
            'Slaat de hele inhoud van de editor op met de `version` die de editor laadde; is die intussen ' +
            'verouderd, dan 409 en blijft alles zoals het was. Een concept wordt opgeslagen zoals het is, ook ' +
            'met lege teksten of te weinig keuzes (publiceren wacht daarop); een geopende of gesloten survey moet ' +
            'compleet zijn (anders 400), ook haar logica: elk probleem dat `checkLogic` noemt geeft 400 met ' +
            '`fields` per regel (`logic.rules.<id>`). Zonder `logic` blijft de opgeslagen logica. Bij een geopende ' +
            'of gesloten survey met antwoorden worden wijzigingen die de antwoorden breken geweigerd (409, `fields` ' +
            'per vraag), net als elke wijziging van de regels of verborgen velden en het toevoegen of verwijderen ' +
            'van eindschermen (409 met LOGIC_MESSAGES.locked); tekst en doorstuuradres van een eindscherm mogen ' +
            'nog veranderen. `languages` (extra talen, geen Nederlands, elk één keer) en `translations` (per taal ' +
            'de teksten per sleutel) worden gecontroleerd: een tekst hoogstens zo lang als het Nederlandse veld, ' +
            'HTML opgeschoond als de Nederlandse HTML, sleutels zonder Nederlandse tekst vallen weg; anders 400 ' +
            'per veld (`languages`, `translations.<taal>.<sleutel>`). Zonder beide blijven de opgeslagen. ' +
            'Vertalingen mogen altijd veranderen, ook met antwoorden, maar bij een geopende of gesloten survey ' +
            'moet elke taal volledig vertaald blijven (anders 400 onder `translations.<taal>`). ' +
            'Status wijzigen gaat via POST /surveys/:id/status.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: surveyUpdateSchema,
          response: {
            200: surveySchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Survey> => {
        const survey = await surveyOf(request);
        const input = withSanitizedHtml(checkedSurveyInput(request.body, survey.status, survey));
        const saved = unwrap(await saveSurveyContent(deps, survey, input, request.body.version));
        return surveyWithStats(deps.db, saved);
      },
    );

    app.post(
      '/surveys/:id/status',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        schema: {
          operationId: 'changeSurveyStatus',
          tags: ['surveys'],
          summary: "Change a survey's status",
          description:
            'Publiceren (open: minstens één vraag, niets meer in te vullen, sluitdatum niet verstreken), sluiten ' +
            '(closed), heropenen of terug naar concept (draft, alleen zonder antwoorden). Een niet-toegestane ' +
            'overgang geeft 409 met de reden; staat er nog iets open, dan noemt `problems` elke vraag (met haar ' +
            'id) en wat erin ontbreekt, en `fields` hetzelfde per vraag (`questions.<id>`). Daarna volgen de ' +
            'problemen van de logica (een sprong terug, een verwijzing naar een verwijderde vraag of keuze), elk ' +
            'met het nummer van de vraag en de Nederlandse zin van `checkLogic`, in `fields` per regel ' +
            '(`logic.rules.<id>`), en per extra taal die niet volledig vertaald is welke teksten ontbreken ' +
            '(`translations.<taal>`). Dezelfde status nog eens verandert niets.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: surveyStatusSchema,
          response: {
            200: surveySchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: surveyNotReadySchema,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Survey> => {
        const survey = await surveyOf(request);
        const { row: saved, changed } = unwrap(await changeSurveyStatus(deps, survey, request.body.status));
        if (!changed) return surveyWithStats(deps.db, survey);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: STATUS_ACTIONS[saved.status],
          orgId: survey.organizationId,
          message: `Survey ${survey.id} van ${survey.status} naar ${saved.status}`,
        });
        return surveyWithStats(deps.db, saved);
      },
    );

    app.delete(
      '/surveys/:id',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.manage' },
        schema: {
          operationId: 'deleteSurvey',
          tags: ['surveys'],
          summary: 'Delete a survey with its responses',
          description:
            'Verwijdert een survey in elke status, met al haar antwoorden, links en tijden. Dit kan niet ' +
            'ongedaan worden gemaakt; het scherm vraagt eerst om bevestiging en noemt het aantal antwoorden.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 204: noContent, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const survey = await surveyOf(request);
        const responses = await removeSurvey(deps, survey);
        if (responses === null) throw new ApiError(404, SURVEY_ERRORS.notFound);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.deleted',
          orgId: survey.organizationId,
          message: `Survey ${survey.id} (${survey.status}) verwijderd met ${responses} ingestuurde reacties`,
        });
        return reply.code(204).send();
      },
    );

    app.post(
      '/surveys/:id/duplicate',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        schema: {
          operationId: 'duplicateSurvey',
          tags: ['surveys'],
          summary: 'Copy a survey',
          description:
            'Maakt een nieuw concept met dezelfde inhoud ("… (kopie)", nieuwe vraag-id\'s) en dezelfde logica ' +
            "(verwijzend naar de nieuwe vraag-id's) en dezelfde talen en vertalingen (op de nieuwe vraag-id's), " +
            'zonder antwoorden; ook van een concept dat nog onaf is.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 201: surveySchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const row = await duplicateSurvey(deps, await surveyOf(request), authOf(request).user.id);
        return reply.code(201).send(toSurvey(row));
      },
    );
  };
