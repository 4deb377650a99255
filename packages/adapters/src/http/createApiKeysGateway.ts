import type { ApiKeysGateway } from '@loop/core/apiKeys';
import type { ApiClient } from './createApiClient';

/** The organisation's API keys, for the organisation in X-Organization-Id. */
export function createApiKeysGateway(client: ApiClient): ApiKeysGateway {
  return {
    list: () => client.request('GET', '/api-keys'),
    create: (request) => client.request('POST', '/api-keys', { body: request }),
    revoke: (id) => client.request('POST', `/api-keys/${id}/revoke`),
  };
}
