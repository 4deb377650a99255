/**
 * What the Koppelingen screens need (API keys and webhooks), loaded by the container with those
 * screens instead of with every page. Nothing here knows inversify.
 */
export { createApiKeysGateway, createWebhooksGateway } from '@loop/adapters';
export { createApiKeysUseCases } from '@loop/core/apiKeys';
export { createWebhookUseCases } from '@loop/core/webhookEndpoints';
