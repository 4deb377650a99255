import type { AdminPayment, AdminSubscription, Feature, Page, PageQuery, Plan } from '@loop/core';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useRemote } from '../shared/useRemote';

/** Spec §9: payments (and, alike, subscriptions) are paged by 25. */
export const BILLING_PAGE_SIZE = 25;

/** Every feature a plan can include. */
export function useAdminFeatures(): Remote<readonly Feature[]> {
  const billing = useInjection(TOKENS.AdminBillingGateway);
  return useRemote(() => billing.features(), 'features');
}

/** Every plan; `version` changes after a save so the table loads again. */
export function useAdminPlans(version: number): Remote<readonly Plan[]> {
  const billing = useInjection(TOKENS.AdminBillingGateway);
  return useRemote(() => billing.plans(), `plans:${version}`);
}

export function useAdminSubscriptions(query: PageQuery, version: number): Remote<Page<AdminSubscription>> {
  const billing = useInjection(TOKENS.AdminBillingGateway);
  return useRemote(() => billing.subscriptions(query), `subscriptions:${JSON.stringify(query)}:${version}`);
}

export function useAdminPayments(query: PageQuery): Remote<Page<AdminPayment>> {
  const billing = useInjection(TOKENS.AdminBillingGateway);
  return useRemote(() => billing.payments(query), `payments:${JSON.stringify(query)}`);
}
