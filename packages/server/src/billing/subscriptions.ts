import type { AdminSubscription, Page, UserSubscription } from '@loop/core';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../db/database';
import { organizations, planFeatures, plans, type SubscriptionRow, subscriptions } from '../db/schema';
import { offsetOf, type Paging, toPage } from '../http/paging';
import { defaultPlanRow, featuresByPlan } from './catalog';

/** The organisation's current subscription row (status 'active'), if any. */
export async function currentSubscriptionRow(
  db: Queryable,
  organizationId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.status, 'active')));
  return row ?? null;
}

async function toUserSubscription(db: Queryable, row: SubscriptionRow): Promise<UserSubscription> {
  const [plan] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId));
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: plan?.name ?? '',
    status: row.status,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
    features: (await featuresByPlan(db, [row.planId])).get(row.planId) ?? [],
  };
}

/** GET /user-subscriptions/me: the current subscription with its plan's features, or null. */
export async function currentSubscription(
  db: Queryable,
  organizationId: number,
): Promise<UserSubscription | null> {
  const row = await currentSubscriptionRow(db, organizationId);
  return row === null ? null : toUserSubscription(db, row);
}

/** The feature keys the organisation's current plan includes (empty without a subscription). */
export async function organizationFeatureKeys(db: Queryable, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ key: planFeatures.featureKey })
    .from(subscriptions)
    .innerJoin(planFeatures, eq(planFeatures.planId, subscriptions.planId))
    .where(and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.status, 'active')));
  return rows.map((row) => row.key);
}

/** A new organisation's first subscription: the default plan (basicloop), from now on. */
export async function startDefaultSubscription(
  tx: Transaction,
  organizationId: number,
  now: Date,
): Promise<SubscriptionRow> {
  const plan = await defaultPlanRow(tx);
  const [row] = await tx
    .insert(subscriptions)
    .values({ organizationId, planId: plan.id, status: 'active', startDate: now })
    .returning();
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

export interface SwitchResult {
  readonly subscription: SubscriptionRow;
  /** False when the organisation already had this plan (nothing was written). */
  readonly changed: boolean;
}

/**
 * Puts the organisation on the plan from `now`: the current subscription ends (status 'cancelled',
 * end date now) and a new active one starts. The organisation row is locked first, so two changes
 * of one organisation take turns instead of racing for the single active row.
 */
export async function switchPlan(
  tx: Transaction,
  organizationId: number,
  planId: number,
  now: Date,
  options: { readonly stripeSubscriptionId?: string | null } = {},
): Promise<SwitchResult> {
  await lockOrganization(tx, organizationId);
  const stripeSubscriptionId = options.stripeSubscriptionId ?? null;
  const current = await currentSubscriptionRow(tx, organizationId);
  if (current !== null && current.planId === planId) {
    if (stripeSubscriptionId === null || current.stripeSubscriptionId === stripeSubscriptionId) {
      return { subscription: current, changed: false };
    }
    if (current.stripeSubscriptionId === null) {
      // Already on the plan (an admin put it there) and now paid for: Stripe bills this row from now.
      const [attached] = await tx
        .update(subscriptions)
        .set({ stripeSubscriptionId })
        .where(eq(subscriptions.id, current.id))
        .returning();
      if (attached === undefined) throw new Error(`Subscription ${current.id} vanished`);
      return { subscription: attached, changed: false };
    }
    // A second paid checkout for the same plan: the new Stripe subscription replaces the old one,
    // which is cancelled below, so the organisation is never billed twice.
  }
  if (current !== null) {
    await tx
      .update(subscriptions)
      // Its Stripe subscription (if any) still bills: cancel it once this transaction commits.
      .set({
        status: 'cancelled',
        endDate: now,
        providerCancelPending: current.stripeSubscriptionId !== null,
      })
      .where(eq(subscriptions.id, current.id));
  }
  const [created] = await tx
    .insert(subscriptions)
    .values({ organizationId, planId, status: 'active', startDate: now, stripeSubscriptionId })
    .returning();
  if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
  return { subscription: created, changed: true };
}

/** The organisation row is locked first, so two changes of one organisation take turns. */
async function lockOrganization(tx: Transaction, organizationId: number): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/**
 * The rows a Stripe subscription belongs to that still matter: the current one it bills, or a
 * replaced one whose cancel is still pending.
 */
export async function stripeSubscriptionRows(
  db: Queryable,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId),
        or(eq(subscriptions.status, 'active'), eq(subscriptions.providerCancelPending, true)),
      ),
    );
}

/**
 * Stripe ended a subscription on its side (Stripe's state, read back). When it bills the
 * organisation's current subscription, that one ends now and the organisation is back on the default
 * plan (basicloop), both kept in the subscription history. A replaced one waiting to be cancelled
 * needs no cancel any more. Answers whether anything changed.
 */
export async function endStripeSubscription(
  tx: Transaction,
  stripeSubscriptionId: string,
  now: Date,
): Promise<boolean> {
  let changed = false;
  for (const row of await stripeSubscriptionRows(tx, stripeSubscriptionId)) {
    if (row.status !== 'active') continue;
    await lockOrganization(tx, row.organizationId);
    const current = await currentSubscriptionRow(tx, row.organizationId);
    if (current?.stripeSubscriptionId !== stripeSubscriptionId) continue;
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', endDate: now })
      .where(eq(subscriptions.id, current.id));
    await startDefaultSubscription(tx, row.organizationId, now);
    changed = true;
  }
  const confirmed = await tx
    .update(subscriptions)
    .set({ providerCancelPending: false })
    .where(
      and(
        eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId),
        eq(subscriptions.providerCancelPending, true),
      ),
    )
    .returning({ id: subscriptions.id });
  return changed || confirmed.length > 0;
}

/** switchPlan in its own transaction, answering the wire subscription. */
export async function changePlan(
  db: Database,
  organizationId: number,
  planId: number,
  now: Date,
): Promise<{ subscription: UserSubscription; changed: boolean }> {
  return db.transaction(async (tx) => {
    const result = await switchPlan(tx, organizationId, planId, now);
    return { subscription: await toUserSubscription(tx, result.subscription), changed: result.changed };
  });
}

const adminSubscriptionColumns = {
  id: subscriptions.id,
  organizationId: subscriptions.organizationId,
  organizationName: organizations.name,
  planId: subscriptions.planId,
  planName: plans.name,
  status: subscriptions.status,
  startDate: subscriptions.startDate,
  endDate: subscriptions.endDate,
};

const adminSubscriptionQuery = (db: Queryable) =>
  db
    .select(adminSubscriptionColumns)
    .from(subscriptions)
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId));

type AdminSubscriptionRow = Awaited<ReturnType<typeof adminSubscriptionQuery>>[number];

const toAdminSubscription = (row: AdminSubscriptionRow): AdminSubscription => ({
  id: row.id,
  organization_id: row.organizationId,
  organization_name: row.organizationName,
  plan_id: row.planId,
  plan_name: row.planName,
  status: row.status,
  start_date: row.startDate.toISOString(),
  end_date: row.endDate?.toISOString() ?? null,
});

/** Every subscription of every organisation (history included), newest first. */
export async function adminSubscriptions(db: Queryable, paging: Paging): Promise<Page<AdminSubscription>> {
  const [total, rows] = await Promise.all([
    db.$count(subscriptions),
    adminSubscriptionQuery(db)
      .orderBy(desc(subscriptions.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
  ]);
  return toPage(rows.map(toAdminSubscription), total, paging);
}

export async function adminSubscription(db: Queryable, id: number): Promise<AdminSubscription> {
  const [row] = await adminSubscriptionQuery(db).where(eq(subscriptions.id, id));
  if (row === undefined) throw new Error(`Subscription ${id} vanished`);
  return toAdminSubscription(row);
}
