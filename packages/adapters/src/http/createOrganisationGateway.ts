import type { OrganisationGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';

/** GET and POST /organizations. */
export function createOrganisationGateway(client: ApiClient): OrganisationGateway {
  return {
    list: () => client.request('GET', '/organizations'),
    create: (body) => client.request('POST', '/organizations', { body }),
  };
}
