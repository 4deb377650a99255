import type {
  ContactRules,
  DeliveryStatus,
  InvitationPreviewResult,
  ReminderSettings,
  Survey,
  SurveyInvitations,
} from '@loop/core';
import { DELIVERY_STATUSES } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { REMINDER_LIMITS } from '@loop/core/invitations';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import { parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyAnonymitySchema, surveyIdParams, surveySchema } from '../surveys/surveySchemas';
import { SURVEY_ERRORS, surveyWithStats } from '../surveys/surveys';
import {
  contactRulesSchema,
  invitationListQuerySchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationSendSchema,
  reminderPatchSchema,
  reminderSettingsSchema,
  surveyInvitationsSchema,
} from './invitationSchemas';
import {
  contactRulesOf,
  listInvitations,
  reminderSettingsOf,
  saveContactRules,
  saveReminderSettings,
} from './invitationStore';
import { previewInvitations, sendInvitations } from './invitations';
import { setSurveyAnonymity } from './surveyAnonymity';

export const INVITATION_FORM_MESSAGES = {
  status: `De parameter "status" moet een van ${DELIVERY_STATUSES.join(', ')} zijn.`,
  afterDays: `Herinneren kan na ${REMINDER_LIMITS.afterDays.min} tot en met ${REMINDER_LIMITS.afterDays.max} dagen.`,
  maxReminders: `Kies ${REMINDER_LIMITS.maxReminders.min} tot en met ${REMINDER_LIMITS.maxReminders.max} herinneringen.`,
  minDaysBetween:
    'Kies 1 tot en met 365 dagen tussen twee e-mails aan hetzelfde contact, of geen limiet (null).',
  anonymityFixed:
    'Deze survey heeft al uitnodigingen: de links daarin horen bij contacten, dus anoniem aan- of uitzetten kan niet meer.',
} as const;

const within = (value: number, range: { readonly min: number; readonly max: number }) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/**
 * Survey invitations to contacts (issue 16): preview and send (now or planned), the list with the
 * delivery status per contact, the survey's reminders, its anonymity, and the organisation's
 * contact rule. Sending and reading need 'contacts.manage' (the list holds names and addresses);
 * the contact rule binds everyone who invites and is set with 'contacts.rules' (owner, manager);
 * anonymity decides whether the results name respondents, like retention 'surveys.manage'. Plan
 * feature 'core' (every plan): no plan check, as for surveys and contacts.
 */
export const invitationRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = { onRequest: authenticate, config: { permission: 'contacts.manage' as const } };
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'survey', action, orgId: organizationId, message });

    app.post(
      '/surveys/:id/invitations/preview',
      {
        ...manage,
        schema: {
          operationId: 'previewSurveyInvitations',
          tags: ['invitations'],
          summary: 'Preview invitations',
          description:
            'Wie een uitnodiging zou krijgen en wie niet (met de reden per contact: afgemeld, al uitgenodigd, al ' +
            'ingevuld of de contactregel), en de e-mail zoals de eerste ontvanger hem krijgt (met een voorbeeldlink ' +
            'en de afmeldlink). Verstuurt niets. Zelfde fouten als versturen.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: invitationRequestSchema,
          response: {
            200: invitationPreviewSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<InvitationPreviewResult> =>
        previewInvitations(deps, await organizationSurvey(deps, request), request.body),
    );

    app.post(
      '/surveys/:id/invitations',
      {
        ...manage,
        schema: {
          operationId: 'sendSurveyInvitations',
          tags: ['invitations'],
          summary: 'Send invitations',
          description:
            'Plant per contact van de selectie (ids, filter of segment_id) een uitnodiging met een eigen persoonlijke ' +
            'link, nu of op `send_at`, en antwoordt 202; de e-mails gaan via de wachtrij. Contacten die zich afmeldden, ' +
            'al zijn uitgenodigd, de survey al invulden of volgens de contactregel te kort geleden een e-mail kregen, ' +
            'staan in `skipped`. Een herhaalde aanvraag nodigt niemand twee keer uit. Survey niet open: 409; ' +
            '`send_at` in het verleden: 400; een filter of segment zonder contacten: 400; ids die hier niet bestaan: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: invitationRequestSchema,
          response: {
            202: invitationSendSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        const result = await sendInvitations(deps, survey, request.body);
        audit(
          request,
          survey.organizationId,
          'survey.invitations_sent',
          `${result.planned} uitnodigingen gepland voor survey ${survey.id}`,
        );
        return reply.code(202).send(result);
      },
    );

    app.get(
      '/surveys/:id/invitations',
      {
        ...manage,
        schema: {
          operationId: 'listSurveyInvitations',
          tags: ['invitations'],
          summary: "A survey's invitations",
          description:
            'De uitnodigingen van de survey, nieuwste eerst, met per contact de status (planned, sent, failed, opened, ' +
            'completed, cancelled), de aantallen per status, hoeveel geplande uitnodigingen nu worden verstuurd ' +
            '(sending) en de instellingen van de herinneringen. `status` filtert.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: invitationListQuerySchema,
          response: {
            200: surveyInvitationsSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<SurveyInvitations> => {
        const survey = await organizationSurvey(deps, request);
        const raw = request.query.status;
        if (raw !== undefined && raw !== '' && !(DELIVERY_STATUSES as readonly string[]).includes(raw))
          throw invalidInput({ status: INVITATION_FORM_MESSAGES.status } as FieldErrors);
        const status = raw === undefined || raw === '' ? null : (raw as DeliveryStatus);
        const paging = parsePaging(request.query);
        return listInvitations(deps.db, survey, status, paging, deps.clock.now());
      },
    );

    app.patch(
      '/surveys/:id/reminders',
      {
        ...manage,
        schema: {
          operationId: 'setSurveyReminders',
          tags: ['invitations'],
          summary: "Set a survey's reminders",
          description:
            'Herinneringen: na `after_days` (1–60) dagen zonder antwoord, hoogstens `max_reminders` (0–5), of ' +
            '`stopped`. Wat je weglaat blijft. Herinneringen gaan nooit naar wie al invulde of zich afmeldde.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: reminderPatchSchema,
          response: {
            200: reminderSettingsSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<ReminderSettings> => {
        const survey = await organizationSurvey(deps, request);
        const settings = { ...reminderSettingsOf(survey), ...request.body };
        const errors: Record<string, string> = {};
        if (!within(settings.after_days, REMINDER_LIMITS.afterDays))
          errors.after_days = INVITATION_FORM_MESSAGES.afterDays;
        if (!within(settings.max_reminders, REMINDER_LIMITS.maxReminders))
          errors.max_reminders = INVITATION_FORM_MESSAGES.maxReminders;
        if (Object.keys(errors).length > 0) throw invalidInput(errors as FieldErrors);
        const saved = await saveReminderSettings(deps.db, survey, settings);
        audit(
          request,
          survey.organizationId,
          'survey.reminders_set',
          `Herinneringen van survey ${survey.id} gewijzigd`,
        );
        return saved;
      },
    );

    app.put(
      '/surveys/:id/anonymity',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.manage' },
        schema: {
          operationId: 'setSurveyAnonymity',
          tags: ['surveys'],
          summary: 'Make a survey anonymous or not',
          description:
            'Anoniem: uitnodigingen houden geen koppeling met hun antwoord, dus de resultaten tonen niet wie ' +
            'antwoordde, en de pagina zegt de deelnemer dat. Alleen zolang de survey geen uitnodigingen heeft ' +
            '(anders 409). Alleen voor een eigenaar of beheerder.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: surveyAnonymitySchema,
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
        const survey = await organizationSurvey(deps, request);
        const anonymous = request.body.anonymous;
        const result = await setSurveyAnonymity(deps, survey, anonymous);
        if (!result.ok && result.code === 'fixed')
          throw new ApiError(409, INVITATION_FORM_MESSAGES.anonymityFixed);
        if (!result.ok) throw new ApiError(404, SURVEY_ERRORS.notFound);
        const saved = result.value;
        audit(
          request,
          survey.organizationId,
          'survey.anonymity_set',
          `Survey ${survey.id} ${anonymous ? 'anoniem' : 'niet anoniem'}`,
        );
        return surveyWithStats(deps.db, saved);
      },
    );

    app.get(
      '/organization/contact-rules',
      {
        ...manage,
        schema: {
          operationId: 'getContactRules',
          tags: ['invitations'],
          summary: "The organisation's contact rule",
          description:
            'Hoogstens één uitnodiging of herinnering per `min_days_between` dagen per contact; null: geen limiet.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: { 200: contactRulesSchema, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<ContactRules> =>
        contactRulesOf(deps.db, (await currentOrganization(deps, request)).id),
    );

    app.patch(
      '/organization/contact-rules',
      {
        onRequest: authenticate,
        config: { permission: 'contacts.rules' },
        schema: {
          operationId: 'setContactRules',
          tags: ['invitations'],
          summary: "Set the organisation's contact rule",
          description:
            '`min_days_between`: 1–365 dagen, of null voor geen limiet. Geldt voor alle surveys van de organisatie. ' +
            'Alleen voor een eigenaar of beheerder.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: contactRulesSchema,
          response: { 200: contactRulesSchema, 400: ERRORS.badRequest, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<ContactRules> => {
        const organization = await currentOrganization(deps, request);
        const days = request.body.min_days_between;
        if (days !== null && !within(days, { min: 1, max: 365 }))
          throw invalidInput({ min_days_between: INVITATION_FORM_MESSAGES.minDaysBetween } as FieldErrors);
        const saved = await saveContactRules(deps.db, organization.id, { min_days_between: days });
        audit(
          request,
          organization.id,
          'organization.contact_rules_set',
          days === null ? 'Contactregel: geen limiet' : `Contactregel: één e-mail per ${days} dagen`,
        );
        return saved;
      },
    );
  };
