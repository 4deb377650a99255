import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { subscriptions } from '../db/schema';

/** Where the outcome of a cancel goes (a Fastify request's logger). */
export interface CancelLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** At most this many cancels per call, so one request never waits on a long backlog. */
const BATCH = 20;

/**
 * Cancels at Stripe every Stripe subscription whose Loop subscription was replaced (free switch,
 * admin assignment, a newly paid checkout) and is still marked `provider_cancel_pending`. Called after
 * the change has committed, and again after every sync and webhook, so a cancel that failed (Stripe
 * unreachable, Stripe not configured) is retried rather than lost. Never throws: the user's switch
 * has happened already; a failure is logged as an error and the mark stays.
 */
export async function cancelReplacedProviderSubscriptions(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  log: CancelLog,
): Promise<void> {
  let pending: { id: number; stripeSubscriptionId: string | null }[];
  try {
    pending = await deps.db
      .select({ id: subscriptions.id, stripeSubscriptionId: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.providerCancelPending, true))
      .orderBy(subscriptions.id)
      .limit(BATCH);
  } catch (error) {
    log.error({ err: error }, 'Openstaande Stripe-opzeggingen konden niet worden gelezen');
    return;
  }
  if (pending.length === 0) return;
  const stripe = deps.payments.stripe;
  for (const row of pending) {
    const context = { subscriptionId: row.id, stripeSubscriptionId: row.stripeSubscriptionId };
    if (row.stripeSubscriptionId === null) {
      await deps.db
        .update(subscriptions)
        .set({ providerCancelPending: false })
        .where(eq(subscriptions.id, row.id));
      continue;
    }
    if (stripe === null) {
      log.error(
        context,
        'STRIPE-ABONNEMENT NIET OPGEZEGD: Stripe is op deze server niet ingesteld; de klant kan dubbel betalen. Blijft openstaan.',
      );
      continue;
    }
    try {
      await stripe.cancelSubscription(row.stripeSubscriptionId);
      await deps.db
        .update(subscriptions)
        .set({ providerCancelPending: false })
        .where(eq(subscriptions.id, row.id));
      log.info(context, 'Vervangen Stripe-abonnement opgezegd');
    } catch (error) {
      log.error(
        { ...context, err: error },
        'STRIPE-ABONNEMENT NIET OPGEZEGD: opzeggen mislukt; de klant kan dubbel betalen. Wordt bij de volgende sync of webhook opnieuw geprobeerd.',
      );
    }
  }
}
