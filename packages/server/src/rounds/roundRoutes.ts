import type { RoundComparison, SurveyRounds } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { roundComparison } from './roundComparison';
import {
  roundActionParams,
  roundComparisonSchema,
  roundScheduleInputSchema,
  surveyRoundsSchema,
} from './roundSchemas';
import { roundsOverview } from './roundStore';
import { controlRounds, setRoundSchedule } from './roundUseCases';

const ACTION_TEXTS = {
  pause: 'gepauzeerd',
  resume: 'hervat',
  skip: 'volgende ronde overgeslagen',
  end: 'beëindigd',
} as const;

/**
 * Pulse rounds (issue 27): a survey's round schedule, its rounds with their counts, pause, resume,
 * skip and end, and the comparison of its rounds' results. Like invitations they need
 * 'contacts.manage' (a round mails contacts); reading the comparison, like the results, 'organization.read'.
 * Another organisation's survey is a 404.
 */
export const roundRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = { onRequest: authenticate, config: { permission: 'contacts.manage' as const } };
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'survey', action, orgId: organizationId, message });

    app.get(
      '/surveys/:id/rounds',
      {
        ...manage,
        schema: {
          operationId: 'getSurveyRounds',
          tags: ['invitations'],
          summary: "A survey's pulse rounds",
          description:
            'Het schema van de rondes (null: de survey loopt niet in rondes) en elke ronde, nieuwste eerst, met ' +
            'status, uitnodigingen, overgeslagen contacten en ingestuurde reacties.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: surveyRoundsSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<SurveyRounds> =>
        roundsOverview(deps.db, (await organizationSurvey(deps, request)).id),
    );

    app.put(
      '/surveys/:id/rounds',
      {
        ...manage,
        schema: {
          operationId: 'setSurveyRounds',
          tags: ['invitations'],
          summary: 'Run a survey in rounds',
          description:
            'Herhaalt de survey elke `interval_count` weken of maanden vanaf `start_at`, aan een segment of alle ' +
            'contacten; elke ronde krijgt eigen uitnodigingen en herinneringen, met de contactregel over alle ' +
            'rondes heen. Een bestaand schema wordt vervangen en loopt weer. Ongeldige invoer: 400; survey niet ' +
            'open: 409; segment niet gevonden: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: roundScheduleInputSchema,
          response: {
            200: surveyRoundsSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<SurveyRounds> => {
        const survey = await organizationSurvey(deps, request);
        const result = await setRoundSchedule(deps, survey, request.body);
        audit(
          request,
          survey.organizationId,
          'survey.rounds_set',
          `Rondes van survey ${survey.id} ingesteld`,
        );
        return result;
      },
    );

    app.post(
      '/surveys/:id/rounds/:action',
      {
        ...manage,
        schema: {
          operationId: 'controlSurveyRounds',
          tags: ['invitations'],
          summary: 'Pause, resume, skip or end the rounds',
          description:
            'pause: er gaat niets meer uit tot hervatten; resume: verder, een ronde waarvan het moment intussen ' +
            'verstreek schuift naar het volgende moment; skip: de volgende ronde vervalt en de ronde daarna wordt ' +
            'gepland; end: geen rondes meer. Kan het nu niet (geen rondes, al beëindigd, niet gepauzeerd): 409.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: roundActionParams,
          response: {
            200: surveyRoundsSchema,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<SurveyRounds> => {
        const survey = await organizationSurvey(deps, request);
        const action = request.params.action;
        const result = await controlRounds(deps, survey, action);
        audit(
          request,
          survey.organizationId,
          `survey.rounds_${action}`,
          `Rondes van survey ${survey.id}: ${ACTION_TEXTS[action]}`,
        );
        return result;
      },
    );

    app.get(
      '/surveys/:id/rounds/comparison',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'compareSurveyRounds',
          tags: ['results'],
          summary: "Compare a survey's rounds",
          description:
            'Per verstuurde ronde, oudste eerst, de resultaten per vraag van de ingestuurde reacties van die ronde ' +
            '(zonder open teksten), om deze ronde met de vorige en de trend over alle rondes te vergelijken.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: roundComparisonSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<RoundComparison> =>
        roundComparison(deps.db, await organizationSurvey(deps, request), deps.clock.now()),
    );
  };
