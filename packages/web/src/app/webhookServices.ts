/**
 * What the 'Webhooks' screen needs from adapters and core, loaded by the container with that
 * screen only. Nothing here knows inversify.
 */
export { createWebhooksGateway } from '@loop/adapters';
export { createWebhookUseCases } from '@loop/core/webhookEndpoints';
