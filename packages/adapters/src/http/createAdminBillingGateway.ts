import type { AdminBillingGateway } from '@loop/core/billing';
import type { ApiClient } from './createApiClient';

/** Plans, subscriptions and payments of every organisation, for platform admins. */
export function createAdminBillingGateway(client: ApiClient): AdminBillingGateway {
  return {
    features: () => client.request('GET', '/features'),
    plans: () => client.request('GET', '/admin/plans'),
    createPlan: (body) => client.request('POST', '/admin/plans', { body }),
    updatePlan: (id, body) => client.request('PUT', `/admin/plans/${encodeURIComponent(id)}`, { body }),
    subscriptions: ({ page, page_size }) =>
      client.request('GET', '/admin/subscriptions', { query: { page, page_size } }),
    payments: ({ page, page_size }) =>
      client.request('GET', '/admin/payments', { query: { page, page_size } }),
    assignPlan: (body) => client.request('POST', '/admin/subscriptions', { body }),
  };
}
