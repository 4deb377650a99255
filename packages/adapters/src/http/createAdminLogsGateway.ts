import type { AdminLogsGateway } from '@loop/core/logs';
import type { ApiClient } from './createApiClient';

/** The application log for platform admins; filtering happens on the client (R-LOG-5). */
export function createAdminLogsGateway(client: ApiClient): AdminLogsGateway {
  return {
    list: () => client.request('GET', '/admin/logs'),
  };
}
