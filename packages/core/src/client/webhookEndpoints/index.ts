// The 'Webhooks' screen's use-cases (issue 28): the organisation's endpoints, their secrets and
// delivery logs, through the WebhooksGateway port.
export type { WebhooksGateway } from './webhookPorts';
export type { WebhookUseCases } from './webhookUseCases';
export { createWebhookUseCases } from './webhookUseCases';
