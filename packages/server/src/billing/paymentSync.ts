import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type PaymentRow, processedWebhookEvents } from '../db/schema';
import { ApiError } from '../http/apiError';
import { BILLING_ERRORS } from './checkout';
import type { PaymentProviderPort, ProviderEvent, ProviderState } from './paymentProvider';
import { applyPaymentState, findPaymentByProviderRef } from './payments';

type SyncDeps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

async function readState(provider: PaymentProviderPort, providerRef: string): Promise<ProviderState> {
  try {
    return await provider.fetchState(providerRef);
  } catch (error) {
    throw Object.assign(new ApiError(502, BILLING_ERRORS.providerUnavailable), { cause: error });
  }
}

/**
 * POST /payments/:id/sync: asks the provider for the payment's state and applies it (source
 * 'return'), so a missed webhook still activates the plan. Idempotent; a payment that is no longer
 * pending is answered as it is without asking anyone.
 */
export async function syncPayment(deps: SyncDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'pending' || payment.providerRef === null) return payment;
  const provider = deps.payments[payment.provider];
  if (provider === null) throw new ApiError(409, BILLING_ERRORS.providerMissing);
  const state = await readState(provider, payment.providerRef);
  const result = await deps.db.transaction((tx) =>
    applyPaymentState(tx, { paymentId: payment.id, state, source: 'return' }, deps.clock.now()),
  );
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
  const state =
    payment !== null && payment.status === 'pending' && payment.providerRef !== null
      ? await readState(provider, payment.providerRef)
      : null;

  return deps.db.transaction(async (tx) => {
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
    if (payment === null) return 'ignored';
    if (state === null) return 'unchanged';
    const result = await applyPaymentState(
      tx,
      { paymentId: payment.id, state, source: 'webhook', providerEventId: event.id },
      now,
    );
    return result.changed ? 'applied' : 'unchanged';
  });
}
