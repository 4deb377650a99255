import type { CheckoutRequest, Organization, Payment } from '@loop/core';
import { amountCents } from '@loop/core/billing';
import { formatCents } from '@loop/core/format';
import { can, PERMISSION_DENIED } from '@loop/core/organisation';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { MAX_SERIAL_ID } from '../db/database';
import { payments } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { findPlan, PLAN_MESSAGES } from './catalog';
import type { PaymentProviderPort, ProviderCheckout } from './paymentProvider';
import { createPendingPayment, setProviderRef, toPayment, updatePaymentState } from './payments';
import { currentSubscriptionRow } from './subscriptions';

/**
 * What POST /payments/checkout accepts: the wire CheckoutRequest with its literal fields widened to
 * text, so a wrong provider, kind or currency reaches the checks below and gets its own message.
 */
export type CheckoutBody = {
  readonly [K in keyof CheckoutRequest]: CheckoutRequest[K] extends string ? string : CheckoutRequest[K];
};

export const BILLING_ERRORS = {
  subscriptionChanged: 'Je abonnement is intussen gewijzigd. Vernieuw de pagina en kies opnieuw.',
  checkoutDisabled: 'Online afrekenen is tijdelijk uitgeschakeld.',
  alreadyOnPlan: 'Je hebt dit plan al.',
  paymentNeeded: 'Voor dit plan is een betaling nodig.',
  freePlan: 'Dit plan is gratis: kies het zonder betaling.',
  noSubscription: 'Je organisatie heeft nog geen abonnement.',
  notCurrentSubscription: 'Dit is niet het huidige abonnement van je organisatie. Vernieuw de pagina.',
  wrongProvider: (configured: string) => `Deze betaalprovider is niet beschikbaar. Gebruik "${configured}".`,
  wrongKind: 'Alleen een abonnement (kind "subscription") kan worden afgerekend.',
  wrongCurrency: 'Alleen betalingen in euro (EUR) zijn mogelijk.',
  wrongAmount: (cents: number) =>
    `Het bedrag (amount_cents) klopt niet met de prijs van het plan: verwacht ${cents} cent (${formatCents(cents)}).`,
  returnUrl: (origin: string) =>
    `Geef een volledig terugkeeradres op ${origin}, bijvoorbeeld ${origin}/billing/return.`,
  providerUnavailable: 'De betaalprovider is niet bereikbaar. Probeer het later opnieuw.',
  paymentNotFound: 'Deze betaling bestaat niet.',
  providerMissing: 'De betaalprovider van deze betaling is op deze server niet ingesteld.',
  paymentPaid: 'Deze betaling is al betaald en kan niet meer worden geannuleerd.',
} as const;

/** A client-supplied id that can exist in a `serial` column (others cannot match any row). */
export const isStoredId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_SERIAL_ID;

/**
 * A return address must be an absolute http(s) address on the app's own origin: the provider sends
 * the browser there, so anything else would make checkout an open redirect.
 */
export function returnUrlProblem(raw: string, appOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return BILLING_ERRORS.returnUrl(appOrigin);
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || url.origin !== appOrigin || url.username !== '' || url.password !== '') {
    return BILLING_ERRORS.returnUrl(appOrigin);
  }
  return null;
}

/** The return address with `payment_id`, so the return screen knows which payment to sync. */
export function withPaymentId(raw: string, paymentId: number): string {
  const url = new URL(raw);
  url.searchParams.set('payment_id', String(paymentId));
  return url.toString();
}

/** The provider checkouts go through now, or null when online checkout is off or not configured. */
export function checkoutProvider(deps: Pick<AppDeps, 'config' | 'payments'>): PaymentProviderPort | null {
  if (!deps.config.onlineCheckout) return null;
  return deps.payments[deps.config.paymentProvider];
}

/**
 * Checks a checkout request against the organisation's current subscription and the plan (the
 * server decides the amount), stores a pending payment and asks the provider for a checkout. Every
 * refusal happens before anything is stored.
 */
export async function startCheckout(
  deps: Pick<AppDeps, 'config' | 'payments' | 'db' | 'clock' | 'log'>,
  organization: Organization,
  body: CheckoutBody,
  log: { warn(object: object, message: string): void },
): Promise<{ checkoutUrl: string; payment: Payment }> {
  const provider = checkoutProvider(deps);
  if (provider === null) throw new ApiError(409, BILLING_ERRORS.checkoutDisabled);
  if (!can(organization.role, 'billing.manage')) throw new ApiError(403, PERMISSION_DENIED['billing.manage']);

  const fields: Record<string, string> = {};
  if (body.provider !== provider.name) fields.provider = BILLING_ERRORS.wrongProvider(provider.name);
  if (body.kind !== 'subscription') fields.kind = BILLING_ERRORS.wrongKind;
  if (body.currency !== 'EUR') fields.currency = BILLING_ERRORS.wrongCurrency;
  const appOrigin = new URL(deps.config.appUrl).origin;
  for (const field of ['success_url', 'cancel_url'] as const) {
    const problem = returnUrlProblem(body[field], appOrigin);
    if (problem !== null) fields[field] = problem;
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  const plan = isStoredId(body.plan_id) ? await findPlan(deps.db, body.plan_id) : null;
  if (plan === null) throw new ApiError(404, PLAN_MESSAGES.notFound);
  const current = await currentSubscriptionRow(deps.db, organization.id);
  if (current === null) throw new ApiError(404, BILLING_ERRORS.noSubscription);
  if (body.user_subscription_id !== current.id) {
    throw invalidInput({ user_subscription_id: BILLING_ERRORS.notCurrentSubscription });
  }
  if (current.planId === plan.id) throw new ApiError(409, BILLING_ERRORS.alreadyOnPlan);
  const expected = amountCents(plan.price_per_month);
  if (expected === 0) throw invalidInput({ plan_id: BILLING_ERRORS.freePlan });
  if (body.amount_cents !== expected)
    throw invalidInput({ amount_cents: BILLING_ERRORS.wrongAmount(expected) });

  // Only the newest checkout can be paid: the organisation's earlier ones end at the provider first
  // (security finding L4). If one of them turns out to be paid already, the plan has just changed
  // and this checkout no longer fits it.
  await supersedePendingCheckouts(deps, organization.id);
  const stillCurrent = await currentSubscriptionRow(deps.db, organization.id);
  if (stillCurrent?.id !== current.id) throw new ApiError(409, BILLING_ERRORS.subscriptionChanged);

  const now = deps.clock.now();
  const pending = await deps.db.transaction((tx) =>
    createPendingPayment(
      tx,
      {
        organizationId: organization.id,
        subscriptionId: current.id,
        planId: plan.id,
        provider: provider.name,
        amountCents: expected,
      },
      now,
    ),
  );
  let session: Awaited<ReturnType<PaymentProviderPort['createCheckout']>>;
  try {
    session = await provider.createCheckout({
      payment: pending,
      plan,
      organization: { id: organization.id, name: organization.name },
      successUrl: withPaymentId(body.success_url, pending.id),
      cancelUrl: withPaymentId(body.cancel_url, pending.id),
    });
  } catch (error) {
    log.warn({ err: error, paymentId: pending.id }, 'Betaalprovider kon geen checkout starten');
    await updatePaymentState(deps, { paymentId: pending.id, state: 'failed', source: 'checkout' });
    throw new ApiError(502, BILLING_ERRORS.providerUnavailable);
  }
  const payment = await setProviderRef(deps.db, pending.id, session.providerRef, deps.clock.now());
  return { checkoutUrl: session.checkoutUrl, payment: toPayment(payment) };
}

/**
 * Ends every pending checkout of the organisation at its provider (Stripe: the Checkout Session
 * expires) and applies the state read back: expired, or paid when it was paid just before. A
 * provider that cannot be reached stops the caller (502) rather than leaving a payable checkout.
 */
export async function supersedePendingCheckouts(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments' | 'config'>,
  organizationId: number,
): Promise<void> {
  const pending = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.status, 'pending')));
  for (const payment of pending) {
    const provider = deps.payments[payment.provider];
    let checkout: ProviderCheckout = { state: 'expired', subscriptionRef: null };
    if (payment.providerRef !== null && provider !== null) {
      const providerRef = payment.providerRef;
      try {
        checkout = await provider.cancelCheckout(providerRef);
      } catch (error) {
        throw Object.assign(new ApiError(502, BILLING_ERRORS.providerUnavailable), { cause: error });
      }
    }
    const state = checkout.state === 'cancelled' || checkout.state === 'pending' ? 'expired' : checkout.state;
    await updatePaymentState(deps, {
      paymentId: payment.id,
      state,
      source: 'checkout',
      subscriptionRef: checkout.subscriptionRef,
    });
  }
}
