/**
 * Putting an organisation on another plan without a payment: the owner's switch to a free plan
 * and the admin's assignment of any plan. Each checks, changes the subscription in one transaction
 * and says what happened; the routes audit it and stop the replaced plan's provider subscription.
 */
import type { UserSubscription } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { organizations } from '../db/schema';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import { findPlanRow, PLAN_MESSAGES } from './catalog';
import { BILLING_ERRORS, isStoredId, supersedePendingCheckouts } from './checkout';
import { changePlan, currentSubscription } from './subscriptions';

export const ADMIN_BILLING_MESSAGES = {
  alreadyOnPlan: 'Deze organisatie heeft dit plan al.',
} as const;

/** A refused change: the HTTP status it maps to, the Dutch reason and the fields it concerns. */
export interface PlanChangeRefusal {
  readonly ok: false;
  readonly status: 400 | 404 | 409;
  readonly detail: string;
  readonly fields?: Readonly<Record<string, string>>;
}

export type PlanChangeResult =
  | { readonly ok: true; readonly planId: number; readonly subscription: UserSubscription }
  | PlanChangeRefusal;

const refused = (status: PlanChangeRefusal['status'], detail: string, fields?: Record<string, string>) =>
  ({ ok: false, status, detail, ...(fields === undefined ? {} : { fields }) }) as const;

type PlanChangeDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments' | 'config'>;

/**
 * The owner's switch to a free plan (POST /subscriptions): a paid plan goes through a checkout, and
 * a checkout still open for another plan stops being payable.
 */
export async function switchToFreePlan(
  deps: PlanChangeDeps,
  organizationId: number,
  planId: number,
): Promise<PlanChangeResult> {
  const plan = isStoredId(planId) ? await findPlanRow(deps.db, planId) : null;
  if (plan === null) return refused(404, PLAN_MESSAGES.notFound);
  if (plan.priceCents > 0) {
    const current = await currentSubscription(deps.db, organizationId);
    if (current?.plan_id === plan.id) return refused(409, BILLING_ERRORS.alreadyOnPlan);
    return refused(400, BILLING_ERRORS.paymentNeeded, { plan_id: BILLING_ERRORS.paymentNeeded });
  }
  await supersedePendingCheckouts(deps, organizationId);
  const result = await changePlan(deps.db, organizationId, plan.id, deps.clock.now());
  if (!result.changed) return refused(409, BILLING_ERRORS.alreadyOnPlan);
  return { ok: true, planId: plan.id, subscription: result.subscription };
}

/** An admin puts an organisation on any plan by hand (POST /admin/subscriptions), without payment. */
export async function assignPlan(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: number,
  planId: number,
): Promise<PlanChangeResult> {
  const [organization] = isStoredId(organizationId)
    ? await deps.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
    : [];
  if (organization === undefined) return refused(404, ORGANIZATION_NOT_FOUND);
  const plan = isStoredId(planId) ? await findPlanRow(deps.db, planId) : null;
  if (plan === null) return refused(404, PLAN_MESSAGES.notFound);
  const result = await changePlan(deps.db, organization.id, plan.id, deps.clock.now());
  if (!result.changed) return refused(409, ADMIN_BILLING_MESSAGES.alreadyOnPlan);
  return { ok: true, planId: plan.id, subscription: result.subscription };
}
