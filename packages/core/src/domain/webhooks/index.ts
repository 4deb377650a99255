// The webhooks feature (issue 28): what a delivery to an organisation's endpoint carries and how it
// is signed, shared by the server that sends and the command-line client that checks.
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
