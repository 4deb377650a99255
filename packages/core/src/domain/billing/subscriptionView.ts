/**
 * What 'Mijn Abonnement' shows of the current plan and what the signed-in member may do there:
 * pure rules, so the screen only renders them.
 */
import type { Feature, MemberRole } from '../contract';
import { can } from '../organisation';

/** The plan's features as the screen lists them: the core feature apart from the extra ones. */
export interface PlanFeatureGroups {
  readonly core: readonly Feature[];
  readonly extra: readonly Feature[];
}

/** The key of the feature every plan includes ('Inbegrepen kernfunctie'). */
export const CORE_FEATURE_KEY = 'core';

export const planFeatureGroups = (features: readonly Feature[]): PlanFeatureGroups => ({
  core: features.filter((feature) => feature.key === CORE_FEATURE_KEY),
  extra: features.filter((feature) => feature.key !== CORE_FEATURE_KEY),
});

/** What the member may do on the subscription screen; `role` is null while the user loads. */
export interface SubscriptionAccess {
  /** Choose another plan. Unknown while the user loads: the buttons stay usable and the server decides. */
  readonly changePlan: boolean;
  /** Read the invoices: finance documents, shown once the role is known to read the finance. */
  readonly readInvoices: boolean;
  /** Edit the invoice details, once the role is known to manage the billing. */
  readonly editInvoiceDetails: boolean;
}

export const subscriptionAccess = (role: MemberRole | null): SubscriptionAccess => ({
  changePlan: role === null || can(role, 'billing.manage'),
  readInvoices: role !== null && can(role, 'finance.read'),
  editInvoiceDetails: role !== null && can(role, 'billing.manage'),
});
