/**
 * What the Koppelingen screen's API keys need, loaded by the container with the screen instead of
 * with every page. Nothing here knows inversify.
 */
export { createApiKeysGateway } from '@loop/adapters';
export { createApiKeysUseCases } from '@loop/core/apiKeys';
