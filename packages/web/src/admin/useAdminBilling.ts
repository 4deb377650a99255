import type { AdminPayment, AdminSubscription, Feature, Page, Plan } from '@loop/core';
import type { PageQuery } from '@loop/core/billing';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useQuery } from '../shared/useQuery';

/** R-BILL-11: payments (and, alike, subscriptions) are paged by 25. */
export const BILLING_PAGE_SIZE = 25;

/** Every feature a plan can include. */
export function useAdminFeatures(): Remote<readonly Feature[]> {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  return useQuery('admin:features', () => billing.features());
}

/** Every plan. */
export function useAdminPlans(): Remote<readonly Plan[]> {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  return useQuery('admin:plans', () => billing.plans());
}

export function useAdminSubscriptions(query: PageQuery): Remote<Page<AdminSubscription>> {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  return useQuery(`admin:subscriptions:${JSON.stringify(query)}`, () => billing.subscriptions(query));
}

export function useAdminPayments(query: PageQuery): Remote<Page<AdminPayment>> {
  const billing = useAsyncInjection(TOKENS.AdminBillingGateway);
  return useQuery(`admin:payments:${JSON.stringify(query)}`, () => billing.payments(query));
}
