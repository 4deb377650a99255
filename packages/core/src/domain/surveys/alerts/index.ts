// The surveys/alerts feature (issue 27): alerts on new responses. A member's choice per survey (every
// response, a daily digest or none), the survey's condition alerts over the logic's evaluator, who an
// alert may name, the Dutch texts of alerts and digests, and the Slack and Teams webhook rules.
export type { AlertAnswer, AlertFacts, AlertText, DigestFacts } from './alertMessages';
export {
  ALERT_ANSWER_MAX_LENGTH,
  alertFooter,
  alertText,
  digestText,
  webhookTestText,
} from './alertMessages';
export type { AlertsGateway } from './alertPorts';
export type { Checked } from './alertRules';
export {
  ALERT_RULE_MESSAGES,
  ALERT_RULE_NAME_MAX_LENGTH,
  ALERT_RULES_MAX,
  alertMatcher,
  alertRespondent,
  checkAlertRulesInput,
  checkMemberAlertInput,
  NO_ALERTS,
  receivesAlerts,
} from './alertRules';
export type {
  AlertMode,
  AlertRule,
  MemberAlertSettings,
  SurveyAlerts,
  WebhookInput,
  WebhookKind,
  WebhookSend,
  WebhookView,
} from './alertTypes';
export { ALERT_MODES, WEBHOOK_SENDS } from './alertTypes';
export type { AlertUseCases } from './alertUseCases';
export { createAlertUseCases } from './alertUseCases';
export type { DigestWindow } from './digestDay';
export { DIGEST_HOUR, digestWindow } from './digestDay';
export type { CheckedWebhookUrl } from './webhookRules';
export {
  checkWebhookUrl,
  WEBHOOK_HOSTS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_BASE_MS,
  WEBHOOK_RETRY_MAX_MS,
  WEBHOOK_URL_MAX_LENGTH,
  webhookBody,
  webhookFailure,
  webhookRetryDelay,
} from './webhookRules';
