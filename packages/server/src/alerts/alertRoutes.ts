import {
  type AlertRule,
  checkAlertRulesInput,
  checkMemberAlertInput,
  checkWebhookUrl,
  type MemberAlertSettings,
  type SurveyAlerts,
  type WebhookView,
} from '@loop/core/surveys/alerts';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import {
  alertRulesReplySchema,
  alertRulesSchema,
  memberAlertSchema,
  surveyAlertsSchema,
  webhookInputSchema,
  webhookViewSchema,
} from './alertSchemas';
import {
  hasWebhook,
  queueTestMessage,
  removeWebhook,
  saveAlertRules,
  saveMemberAlerts,
  saveWebhook,
  surveyAlertsOf,
  webhookView,
} from './alertStore';
import { encryptWebhookUrl } from './webhookSecret';

export const ALERT_ROUTE_MESSAGES = {
  noWebhook: 'Deze survey heeft geen kanaal voor meldingen. Stel eerst een webhook-adres in.',
} as const;

/**
 * Alerts on new responses (issue 27). Reading a survey's alerts and setting your own choice need only
 * 'organization.read' (an alert shows what the role may read on the results page); the survey's
 * condition alerts and its channel are the team's and need 'surveys.build'. A survey of another
 * organisation answers 404. Plan feature 'core' (every plan).
 */
export const alertRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const read = { onRequest: authenticate, config: { permission: 'organization.read' as const } };
    const build = { onRequest: authenticate, config: { permission: 'surveys.build' as const } };
    const schemaOf = (operationId: string, summary: string, description: string) => ({
      operationId,
      tags: ['alerts'],
      summary,
      description,
      security: bearerAuth,
      headers: organizationHeaderSchema,
      params: surveyIdParams,
    });
    const errors = { 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS };
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'survey', action, orgId: organizationId, message });
    const userOf = (request: FastifyRequest) => {
      if (request.auth === null) throw new ApiError(401, 'Je bent niet ingelogd.');
      return request.auth.user;
    };

    app.get(
      '/surveys/:id/alerts',
      {
        ...read,
        schema: {
          ...schemaOf(
            'getSurveyAlerts',
            "A survey's alerts",
            'Jouw keuze voor deze survey (per reactie, dagelijks overzicht of geen, en de meldingen bij voorwaarden), ' +
              'de meldingen bij voorwaarden van de survey en het kanaal (Slack of Teams) met de laatste aflevering en fout.',
          ),
          response: { 200: surveyAlertsSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<SurveyAlerts> => {
        const survey = await organizationSurvey(deps, request);
        return surveyAlertsOf(deps.db, survey.id, userOf(request).id);
      },
    );

    app.put(
      '/surveys/:id/alerts/mine',
      {
        ...read,
        schema: {
          ...schemaOf(
            'setMySurveyAlerts',
            'Set your own alerts of a survey',
            'Wat jij per e-mail krijgt: `mode` each (elke reactie), digest (elke ochtend een overzicht van gisteren) ' +
              'of none, en `conditions` (ook een e-mail bij een reactie die onder een melding bij voorwaarden valt).',
          ),
          body: memberAlertSchema,
          response: { 200: memberAlertSchema, ...errors },
        },
      },
      async (request): Promise<MemberAlertSettings> => {
        const survey = await organizationSurvey(deps, request);
        const checked = checkMemberAlertInput(request.body);
        if (!checked.ok) throw invalidInput(checked.fields);
        return saveMemberAlerts(deps.db, survey, userOf(request).id, checked.value, deps.clock.now());
      },
    );

    app.put(
      '/surveys/:id/alerts/rules',
      {
        ...build,
        schema: {
          ...schemaOf(
            'setSurveyAlertRules',
            "Set a survey's condition alerts",
            "De meldingen bij voorwaarden van de survey (hoogstens 10), elk met een naam ('Criticaster') en voorwaarden " +
              'zoals bij de logica (NPS tussen 0 en 6, een antwoord op een gekozen vraag …). Vervangt de lijst.',
          ),
          body: alertRulesSchema,
          response: { 200: alertRulesReplySchema, ...errors },
        },
      },
      async (request): Promise<{ readonly rules: readonly AlertRule[] }> => {
        const survey = await organizationSurvey(deps, request);
        const checked = checkAlertRulesInput(request.body, survey.questions);
        if (!checked.ok) throw invalidInput(checked.fields);
        const rules = await saveAlertRules(deps.db, survey, checked.value, deps.clock.now());
        audit(
          request,
          survey.organizationId,
          'alert_rules_saved',
          `survey ${survey.id}: ${rules.length} meldingen bij voorwaarden`,
        );
        return { rules };
      },
    );

    app.put(
      '/surveys/:id/alerts/webhook',
      {
        ...build,
        schema: {
          ...schemaOf(
            'setSurveyAlertWebhook',
            "Set a survey's Slack or Teams channel",
            'Een incoming-webhookadres van Slack (hooks.slack.com) of Microsoft Teams (*.webhook.office.com, of een ' +
              'Teams-werkstroom op *.logic.azure.com of *.environment.api.powerplatform.com), alleen https. Het adres ' +
              'wordt versleuteld bewaard en nooit teruggegeven.',
          ),
          body: webhookInputSchema,
          response: { 200: webhookViewSchema, ...errors },
        },
      },
      async (request): Promise<WebhookView> => {
        const survey = await organizationSurvey(deps, request);
        const checked = checkWebhookUrl(request.body.url, deps.config.alerts.webhookTestOrigins);
        if (!checked.ok) throw invalidInput({ url: checked.detail });
        const secret = encryptWebhookUrl(deps.config.alerts.webhookKey, survey.id, checked.url);
        await saveWebhook(
          deps.db,
          survey,
          { secret, host: checked.host, kind: checked.kind, send: request.body.send },
          deps.clock.now(),
        );
        audit(
          request,
          survey.organizationId,
          'alert_webhook_saved',
          `survey ${survey.id}: kanaal ${checked.kind}`,
        );
        return (await webhookView(deps.db, survey.id)) as WebhookView;
      },
    );

    app.delete(
      '/surveys/:id/alerts/webhook',
      {
        ...build,
        schema: {
          ...schemaOf(
            'deleteSurveyAlertWebhook',
            "Remove a survey's channel",
            'Verwijdert het kanaal; berichten die nog moesten worden afgeleverd vervallen.',
          ),
          response: { 204: noContent, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        if (!(await removeWebhook(deps.db, survey.id, deps.clock.now())))
          throw new ApiError(404, ALERT_ROUTE_MESSAGES.noWebhook);
        audit(request, survey.organizationId, 'alert_webhook_removed', `survey ${survey.id}`);
        return reply.code(204).send();
      },
    );

    app.post(
      '/surveys/:id/alerts/webhook/test',
      {
        ...build,
        schema: {
          ...schemaOf(
            'testSurveyAlertWebhook',
            "Send a test message to a survey's channel",
            'Zet een testbericht klaar voor het kanaal; het wordt afgeleverd zoals elke melding (met nieuwe pogingen), ' +
              'en de laatste aflevering of fout staat daarna bij het kanaal.',
          ),
          response: { 200: webhookViewSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<WebhookView> => {
        const survey = await organizationSurvey(deps, request);
        if (!(await hasWebhook(deps.db, survey.id))) throw new ApiError(404, ALERT_ROUTE_MESSAGES.noWebhook);
        await queueTestMessage(deps.db, survey);
        return (await webhookView(deps.db, survey.id)) as WebhookView;
      },
    );
  };
