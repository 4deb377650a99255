import {
  ALERT_MODES,
  ALERT_RULE_NAME_MAX_LENGTH,
  ALERT_RULES_MAX,
  type AlertRule,
  type MemberAlertSettings,
  type SurveyAlerts,
  WEBHOOK_SENDS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookInput,
  type WebhookView,
} from '@loop/core/surveys/alerts';
import { array, boolean, integer, nullable, object, oneOf, type Schema, string } from '../http/schema';
import { conditionGroupSchema } from '../surveys/logicSchema';

// Alerts on new responses (issue 27): the outer bounds; core's checks name what is left in Dutch.

export const memberAlertSchema = object<MemberAlertSettings>({
  mode: oneOf(ALERT_MODES, {
    description:
      'each: een e-mail per reactie; digest: een dagelijks overzicht; none: geen e-mail per reactie.',
  }),
  conditions: boolean({
    description: 'Ook een e-mail bij elke reactie die onder een melding bij voorwaarden valt.',
  }),
});

const alertRuleSchema = object<AlertRule>(
  {
    id: string({ maxLength: 64, description: 'Een id (letters, cijfers, - en _).' }),
    name: string({ maxLength: ALERT_RULE_NAME_MAX_LENGTH * 2, description: "De naam, zoals 'Criticaster'." }),
    when: conditionGroupSchema as Schema<AlertRule['when']>,
  },
  { description: 'Een melding bij voorwaarden: voorwaarden zoals bij de logica.' },
);

export const alertRulesSchema = object<{ readonly rules: AlertRule[] }>({
  rules: array(alertRuleSchema, { maxItems: ALERT_RULES_MAX * 2 }),
});

export const webhookInputSchema = object<WebhookInput>({
  url: string({
    maxLength: WEBHOOK_URL_MAX_LENGTH * 2,
    description:
      'Het webhook-adres van Slack of Teams (https; hooks.slack.com, *.webhook.office.com, een Teams-werkstroom).',
  }),
  send: oneOf(WEBHOOK_SENDS, {
    description: 'each: elke reactie; conditions: alleen reacties met een melding bij voorwaarden.',
  }),
});

export const webhookViewSchema = object<WebhookView>({
  kind: oneOf(['slack', 'teams', 'workflow', 'test'] as const, {
    description: 'Soort kanaal, naar de host.',
  }),
  host: string({ description: 'De host van het adres (het adres zelf blijft geheim).' }),
  send: oneOf(WEBHOOK_SENDS),
  last_delivery_at: nullable(string({ description: 'Laatste geslaagde aflevering (ISO 8601).' })),
  last_error: nullable(
    string({ description: 'Laatste fout, in het Nederlands met het antwoord van de ontvanger.' }),
  ),
  last_error_at: nullable(string()),
  pending: integer({ description: 'Berichten die nog moeten worden afgeleverd (ook nieuwe pogingen).' }),
});

export const surveyAlertsSchema = object<SurveyAlerts>({
  mine: memberAlertSchema,
  rules: array(alertRuleSchema),
  webhook: nullable(webhookViewSchema),
});

export const alertRulesReplySchema = object<{ readonly rules: readonly AlertRule[] }>({
  rules: array(alertRuleSchema),
});
