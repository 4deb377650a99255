import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type PaymentRow, processedWebhookEvents } from '../db/schema';
import { ApiError } from '../http/apiError';
import { BILLING_ERRORS } from './checkout';
import type { PaymentProviderPort, ProviderCheckout, ProviderEvent } from './paymentProvider';
import {
  type AppliedState,
  applyPaymentState,
  findPaymentByProviderRef,
  reportPaymentState,
  updatePaymentState,
} from './payments';
import { type CancelLog, cancelReplacedProviderSubscriptions } from './providerCancellations';
import { endStripeSubscription, stripeSubscriptionRows } from './subscriptions';

type SyncDeps = Pick<AppDeps, 'db' | 'clock' | 'payments' | 'log' | 'config'>;

/** A call to the provider; failing to reach it is a 502. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(new ApiError(502, BILLING_ERRORS.providerUnavailable), { cause: error });
  }
}

const readState = (provider: PaymentProviderPort, providerRef: string): Promise<ProviderCheckout> =>
  askProvider(() => provider.fetchState(providerRef));

/**
 * POST /payments/:id/sync: asks the provider for the payment's state and applies it (source
 * 'return'), so a missed webhook still activates the plan. Idempotent; a payment that is no longer
 * pending is answered as it is without asking anyone.
 */
export async function syncPayment(deps: SyncDeps, payment: PaymentRow, log: CancelLog): Promise<PaymentRow> {
  const synced = await syncState(deps, payment);
  // A paid checkout may have replaced a Stripe subscription; earlier failed cancels are retried too.
  await cancelReplacedProviderSubscriptions(deps, log);
  return synced;
}

async function syncState(deps: SyncDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'pending' || payment.providerRef === null) return payment;
  const provider = deps.payments[payment.provider];
  if (provider === null) throw new ApiError(409, BILLING_ERRORS.providerMissing);
  const { state, subscriptionRef } = await readState(provider, payment.providerRef);
  const result = await updatePaymentState(deps, {
    paymentId: payment.id,
    state,
    source: 'return',
    subscriptionRef,
  });
  return result.payment;
}

/**
 * POST /payments/:id/cancel: the user walked away at the provider's checkout page. The provider ends
 * the checkout (Stripe: expire; simulated: cancelled) and its state is read back and applied, so a
 * checkout that was paid after all stays paid and is answered with 409. Idempotent: a payment that
 * is already cancelled, expired or failed is answered as it is.
 */
export async function cancelPayment(
  deps: SyncDeps,
  payment: PaymentRow,
  log: CancelLog,
): Promise<PaymentRow> {
  if (payment.status === 'paid') throw new ApiError(409, BILLING_ERRORS.paymentPaid);
  if (payment.status !== 'pending') return payment;
  let checkout: ProviderCheckout = { state: 'cancelled', subscriptionRef: null };
  if (payment.providerRef !== null) {
    const provider = deps.payments[payment.provider];
    if (provider === null) throw new ApiError(409, BILLING_ERRORS.providerMissing);
    const providerRef = payment.providerRef;
    checkout = await askProvider(() => provider.cancelCheckout(providerRef));
  }
  const result = await updatePaymentState(deps, {
    paymentId: payment.id,
    state: checkout.state,
    source: 'return',
    subscriptionRef: checkout.subscriptionRef,
  });
  await cancelReplacedProviderSubscriptions(deps, log);
  if (result.payment.status === 'paid') throw new ApiError(409, BILLING_ERRORS.paymentPaid);
  return result.payment;
}

export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

/**
 * A verified webhook event: handled once per event id. The payment's state is read back from the
 * provider (the event's payload is not trusted) and applied with the event id, in the same
 * transaction that records the event as processed. When the provider cannot be reached nothing is
 * recorded, so the provider's redelivery tries again.
 */
export async function handleWebhookEvent(
  deps: SyncDeps,
  provider: PaymentProviderPort,
  event: ProviderEvent,
  log: CancelLog,
): Promise<WebhookOutcome> {
  const outcome = await handleEvent(deps, provider, event);
  // A paid checkout may have replaced a Stripe subscription; earlier failed cancels are retried too.
  await cancelReplacedProviderSubscriptions(deps, log);
  return outcome;
}

async function handleEvent(
  deps: SyncDeps,
  provider: PaymentProviderPort,
  event: ProviderEvent,
): Promise<WebhookOutcome> {
  const seen = await deps.db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(
      and(eq(processedWebhookEvents.provider, provider.name), eq(processedWebhookEvents.eventId, event.id)),
    );
  if (seen.length > 0) return 'duplicate';

  const payment =
    event.providerRef === null
      ? null
      : await findPaymentByProviderRef(deps.db, provider.name, event.providerRef);
  const checkout =
    payment !== null && payment.status === 'pending' && payment.providerRef !== null
      ? await readState(provider, payment.providerRef)
      : null;
  // A subscription event (customer.subscription.deleted, …) about one of ours: whether it ended is
  // read back from the provider, not taken from the payload.
  const { subscriptionRef } = event;
  const subscriptionEnded =
    subscriptionRef !== null && (await stripeSubscriptionRows(deps.db, subscriptionRef)).length > 0
      ? await askProvider(() => provider.subscriptionEnded(subscriptionRef))
      : false;

  let applied: AppliedState | null = null;
  let endedSubscription = false;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    applied = null;
    endedSubscription = false;
    const now = deps.clock.now();
    const [recorded] = await tx
      .insert(processedWebhookEvents)
      .values({
        provider: provider.name,
        eventId: event.id,
        type: event.type.slice(0, 200),
        paymentId: payment?.id ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    // The same event arrived twice at once: the other delivery has it.
    if (recorded === undefined) return 'duplicate';
    if (subscriptionRef !== null && subscriptionEnded) {
      endedSubscription = await endStripeSubscription(tx, subscriptionRef, now);
      return endedSubscription ? 'applied' : 'unchanged';
    }
    if (payment === null) return 'ignored';
    if (checkout === null) return 'unchanged';
    const result = await applyPaymentState(
      tx,
      {
        paymentId: payment.id,
        state: checkout.state,
        source: 'webhook',
        providerEventId: event.id,
        subscriptionRef: checkout.subscriptionRef,
      },
      now,
      deps.config.invoiceSupplier,
    );
    if (result.changed) applied = result;
    return result.changed ? 'applied' : 'unchanged';
  });
  // Reported only once the transaction committed.
  const change = applied as AppliedState | null;
  if (change !== null) {
    await reportPaymentState(deps, change, {
      source: 'webhook',
      subscriptionRef: checkout?.subscriptionRef ?? null,
    });
  }
  if (endedSubscription) {
    deps.log.audit({
      category: 'billing',
      action: 'subscription.ended',
      message: `Abonnement bij ${provider.name} beëindigd; de organisatie valt terug op het gratis plan`,
    });
  }
  return outcome;
}
