// The webhooks feature (issue 28): what a delivery to an organisation's endpoint carries and how it
// is signed, shared by the server that sends and the command-line client that checks.

export type {
  CheckedEndpoint,
  CheckedEndpointUrl,
  WebhookAttemptView,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookEndpointView,
  WebhookSecretView,
} from './webhookEndpoints';
export {
  checkEndpointInput,
  checkEndpointUrl,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINT_MESSAGES,
  WEBHOOK_ENDPOINT_URL_MAX_LENGTH,
  WEBHOOK_ENDPOINTS_MAX,
} from './webhookEndpoints';
export type { WebhookBody, WebhookEventData, WebhookEventType, WebhookSubject } from './webhookEvents';
export { isWebhookEventType, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from './webhookEvents';
export {
  WEBHOOK_DELIVERY_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  webhookRetryDelayMs,
} from './webhookRetry';
export type { WebhookHeaders, WebhookVerifyError, WebhookVerifyInput } from './webhookSignature';
export {
  isWebhookSecret,
  signWebhook,
  verifyWebhook,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERIFY_MESSAGES,
  webhookHeaders,
  webhookSecretFrom,
} from './webhookSignature';
