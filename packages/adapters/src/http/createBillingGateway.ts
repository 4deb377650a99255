import type { BillingGateway } from '@loop/core/billing';
import type { ApiClient } from './createApiClient';

/** Subscription, plans, settings, plan change, checkout and payments of the current organisation (R-API-2). */
export function createBillingGateway(client: ApiClient): BillingGateway {
  return {
    subscription: () => client.request('GET', '/user-subscriptions/me'),
    plans: () => client.request('GET', '/plans'),
    settings: () => client.request('GET', '/billing/settings'),
    changePlan: ({ plan_id }) => client.request('POST', '/user-subscriptions', { body: { plan_id } }),
    // The answer stays unknown: core's readCheckoutUrl validates the address before anyone follows it.
    checkout: (body) => client.request<unknown>('POST', '/payments/checkout', { body }),
    payments: ({ page, page_size }) => client.request('GET', '/payments', { query: { page, page_size } }),
    syncPayment: (id) => client.request('POST', `/payments/${encodeURIComponent(String(id))}/sync`),
    cancelPayment: (id) => client.request('POST', `/payments/${encodeURIComponent(String(id))}/cancel`),
    receipt: (id) => client.request('GET', `/payments/${encodeURIComponent(String(id))}/receipt`),
  };
}
