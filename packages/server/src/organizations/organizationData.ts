import { err, ok, type Result } from '@loop/core';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { supersedePendingCheckouts } from '../billing/checkout';
import type { UploadStore } from '../branding/uploadStore';
import type { Queryable } from '../db/database';
import {
  appLogs,
  memberships,
  organizations,
  payments,
  processedWebhookEvents,
  subscriptions,
  surveyResponses,
  surveys,
  webhookDeliveries,
} from '../db/schema';

export type DeleteOrganizationRefusal = 'provider_unreachable';

/**
 * Deletes an organisation and everything of it. First the payment provider stops billing: open
 * checkouts end and a paid recurring subscription is cancelled; a provider that cannot be reached
 * stops the deletion (nothing is deleted), because an organisation that is gone cannot be billed
 * correctly anymore. Then one transaction removes the organisation (every table cascades from it;
 * answers follow their responses by trigger) and its application log rows; the uploaded files go
 * after the commit.
 */
export async function deleteOrganization(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments' | 'config'>,
  uploads: UploadStore,
  organizationId: number,
): Promise<Result<void, DeleteOrganizationRefusal>> {
  try {
    await supersedePendingCheckouts(deps, organizationId);
    const billed = await deps.db
      .select({ ref: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.organizationId, organizationId), isNotNull(subscriptions.stripeSubscriptionId)),
      );
    const stripe = deps.payments.stripe;
    for (const { ref } of billed) {
      if (ref === null || stripe === null) continue;
      if (await stripe.subscriptionEnded(ref)) continue;
      await stripe.cancelSubscription(ref);
    }
  } catch {
    return err('provider_unreachable');
  }
  // Log rows still waiting in the batch would land after the delete and name a gone organisation.
  await deps.log.flush();
  await deps.db.transaction(async (tx) => {
    await tx.delete(appLogs).where(eq(appLogs.orgId, organizationId));
    // The record of a provider event about one of its payments would outlive it with an empty link.
    const paid = tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.organizationId, organizationId));
    await tx.delete(processedWebhookEvents).where(inArray(processedWebhookEvents.paymentId, paid));
    // Responses have no foreign key to their organisation (copied for scoping): remove them with
    // their surveys explicitly, so the answer trigger runs once per statement.
    const owned = tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.organizationId, organizationId));
    await tx.delete(surveyResponses).where(inArray(surveyResponses.surveyId, owned));
    // Webhook deliveries have no foreign key either (concurrent submissions would lock one row).
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.organizationId, organizationId));
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
  });
  await uploads.removeOrganization(organizationId);
  return ok(undefined);
}

/** Members of an organisation other than `userId`. */
export async function otherMemberCount(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), sql`${memberships.userId} <> ${userId}`));
  return row?.count ?? 0;
}
