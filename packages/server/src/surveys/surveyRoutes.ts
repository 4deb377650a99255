import type { Page, Survey, SurveySummary } from '@loop/core';
import {
  compareForOpenSurvey,
  decideStatusChange,
  openingProblems,
  renumberQuestions,
} from '@loop/core/surveys/model';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { answerFacts } from '../responses/answerFacts';
import { ensurePublicToken } from '../responses/publicLinks';
import { QuestionTimingsMemo } from '../responses/questionTimings';
import { submittedResponseCount } from '../responses/responses';
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
  copyTitle,
  deleteSurvey,
  findSurvey,
  insertSurvey,
  listSurveys,
  SURVEY_ERRORS,
  setSurveyStatus,
  surveyWithStats,
  toSurvey,
  updateSurveyContent,
  withFreshIds,
} from './surveys';
import { findVisibleTemplate, TEMPLATE_ERRORS, templateAsSurveyInput } from './surveyTemplates';

/** Audit actions of status changes, by the new status. */
const STATUS_ACTIONS = {
  open: 'survey.published',
  closed: 'survey.closed',
  draft: 'survey.unpublished',
} as const;

/** Surveys of the current organisation (X-Organization-Id): list, editor saves, status, copies. */
export const surveyRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    /** The survey in `:id` of the current organisation; unknown and other organisations' ids are 404. */
    const surveyOf = (request: Parameters<typeof organizationSurvey>[1]) => organizationSurvey(deps, request);

    /** The list's medians per survey, reused while a survey's submitted responses stay the same. */
    const listTimings = new QuestionTimingsMemo();

    /** A new draft with its public link token, in one transaction (rich text sanitised by the caller). */
    const createSurvey = (values: Parameters<typeof insertSurvey>[1]) =>
      deps.db.transaction(async (tx) => ensurePublicToken(tx, await insertSurvey(tx, values)));

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
        schema: {
          operationId: 'createSurvey',
          tags: ['surveys'],
          summary: 'Create a survey',
          description:
            'Maakt een nieuw concept: leeg (de velden van de editor; een concept mag nog onaf zijn) of als kopie ' +
            'van een sjabloon met `template_id` (ingebouwd of van de eigen organisatie; anders 404). Bij ongeldige ' +
            'invoer (verkeerd type, te lang, ongeldige id) wordt niets opgeslagen.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: createSurveySchema,
          response: { 201: surveySchema, 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const { template_id: templateId } = request.body;
        let input = null;
        if (templateId !== undefined) {
          const id = parseId(String(templateId));
          const template = id === null ? null : await findVisibleTemplate(deps.db, organization.id, id);
          if (template === null) throw new ApiError(404, TEMPLATE_ERRORS.notFound);
          const fromTemplate = templateAsSurveyInput(template);
          input = checkedSurveyInput(
            { ...fromTemplate, questions: withFreshIds(fromTemplate.questions) },
            'draft',
          );
        } else {
          input = checkedSurveyInput(request.body, 'draft');
        }
        const row = await createSurvey({
          organizationId: organization.id,
          createdBy: authOf(request).user.id,
          now: deps.clock.now(),
          input: withSanitizedHtml(input),
        });
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
            'Eén survey van de huidige organisatie met haar vragen (van een andere organisatie: 404).',
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
        schema: {
          operationId: 'updateSurvey',
          tags: ['surveys'],
          summary: "Save a survey's content",
          description:
            'Slaat de hele inhoud van de editor op met de `version` die de editor laadde; is die intussen ' +
            'verouderd, dan 409 en blijft alles zoals het was. Een concept wordt opgeslagen zoals het is, ook ' +
            'met lege teksten of te weinig keuzes (publiceren wacht daarop); een geopende of gesloten survey moet ' +
            'compleet zijn (anders 400). Bij een geopende of gesloten survey met antwoorden worden wijzigingen ' +
            'die de antwoorden breken geweigerd (409, `fields` per vraag). Status wijzigen gaat via ' +
            'POST /surveys/:id/status.',
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
        const input = withSanitizedHtml(checkedSurveyInput(request.body, survey.status));
        const { version } = request.body;
        if (survey.version !== version) throw new ApiError(409, SURVEY_ERRORS.staleVersion);
        if (survey.status !== 'draft') {
          const facts = await answerFacts(deps.db, survey.id, survey.questions, input.questions);
          const refusals = compareForOpenSurvey(survey.questions, input.questions, facts);
          if (refusals.length > 0) {
            const fields = Object.fromEntries(
              refusals.map((refusal) => [`questions.${refusal.question_id}`, refusal.message]),
            );
            throw new ApiError(409, refusals[0]?.message ?? SURVEY_ERRORS.openEditRefused, fields);
          }
        }
        const saved = await updateSurveyContent(deps.db, survey, version, input, deps.clock.now());
        if (saved === null) {
          // Changed, opened or closed (or deleted) between the read and the write.
          const current = await findSurvey(deps.db, survey.organizationId, survey.id);
          if (current === null) throw new ApiError(404, SURVEY_ERRORS.notFound);
          throw new ApiError(409, SURVEY_ERRORS.staleVersion);
        }
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
            'id) en wat erin ontbreekt, en `fields` hetzelfde per vraag (`questions.<id>`). Dezelfde status nog ' +
            'eens verandert niets.',
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
        const to = request.body.status;
        const now = deps.clock.now();
        // The same rule the editor applies before it asks (docs/architecture.md, 'Drafts are always saved').
        const problems =
          to === 'open' && survey.status !== 'open'
            ? openingProblems({ title: survey.title, questions: renumberQuestions(survey.questions) })
            : [];
        const decision = decideStatusChange({
          from: survey.status,
          to,
          closeAt: survey.closeAt?.toISOString() ?? null,
          questionCount: survey.questions.length,
          problems,
          responseCount: await submittedResponseCount(deps.db, survey.id),
          now,
        });
        if (!decision.ok && decision.error === 'incomplete')
          throw new ApiError(
            409,
            decision.detail ?? SURVEY_ERRORS.openEditRefused,
            Object.fromEntries(
              problems.map((problem) => [
                problem.question_id === null
                  ? (problem.fields[0] ?? 'title')
                  : `questions.${problem.question_id}`,
                problem.message,
              ]),
            ),
            { problems },
          );
        if (!decision.ok) throw new ApiError(409, decision.detail ?? SURVEY_ERRORS.openEditRefused);
        if (decision.value === survey.status) return surveyWithStats(deps.db, survey);
        const saved: SurveyRow | null = await setSurveyStatus(deps.db, survey, decision.value, now);
        // A save landed between the decision and the change: decide again on what is stored now.
        if (saved === null) throw new ApiError(409, SURVEY_ERRORS.changedMeanwhile);
        auditRequest(deps.log, request, {
          category: 'survey',
          action: STATUS_ACTIONS[decision.value],
          orgId: survey.organizationId,
          message: `Survey ${survey.id} van ${survey.status} naar ${decision.value}`,
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
        const responses = await submittedResponseCount(deps.db, survey.id);
        // Responses go with the survey (foreign key cascade), their answers through the trigger.
        if (!(await deleteSurvey(deps.db, survey))) throw new ApiError(404, SURVEY_ERRORS.notFound);
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
            'Maakt een nieuw concept met dezelfde inhoud ("… (kopie)", nieuwe vraag-id\'s), zonder antwoorden; ' +
            'ook van een concept dat nog onaf is.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 201: surveySchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const source = toSurvey(await surveyOf(request));
        const input = checkedSurveyInput(
          { ...source, title: copyTitle(source.title), questions: withFreshIds(source.questions) },
          'draft',
        );
        const row = await createSurvey({
          organizationId: source.organization_id,
          createdBy: authOf(request).user.id,
          now: deps.clock.now(),
          input,
        });
        return reply.code(201).send(toSurvey(row));
      },
    );
  };
