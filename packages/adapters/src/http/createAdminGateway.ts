import type { AdminGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';

/** Platform overview and the paged user list for admins. */
export function createAdminGateway(client: ApiClient): AdminGateway {
  return {
    overview: () => client.request('GET', '/admin/overview'),
    users: ({ page, page_size, q }) =>
      client.request('GET', '/admin/users', {
        query: { page, page_size, q: q?.trim() ? q.trim() : undefined },
      }),
  };
}
