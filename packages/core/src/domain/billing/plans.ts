import type { CheckoutRequest, PaymentProvider, Plan } from '../contract';
import { formatEuros, formatLongDay, wallClock } from '../format';
import { err, ok, type Result } from '../shared';

/** The other plans to choose from: sorted by price descending, the current plan left out (R-BILL-2). */
export function otherPlans(plans: readonly Plan[], currentPlanId: number | null): readonly Plan[] {
  return plans
    .filter((plan) => plan.id !== currentPlanId)
    .slice()
    .sort((a, b) => b.price_per_month - a.price_per_month || a.name.localeCompare(b.name, 'nl'));
}

/** 'Gratis' for 0, otherwise 'x / maand' in nl-NL (R-BILL-3). */
export const formatPlanPrice = (pricePerMonth: number): string =>
  pricePerMonth === 0 ? 'Gratis' : `${formatEuros(pricePerMonth)} / maand`;

/** An ISO date as a nl-NL date, e.g. '21 november 2026'; '' for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  return wallClock(iso) ? formatLongDay(iso) : '';
}

export type BadgeColour = 'blue' | 'green' | 'purple' | 'grey';

/** Plan badge colour by plan name: basicloop blue, smartloop green, proloop purple (R-BILL-4). */
export function planBadgeColour(planName: string): BadgeColour {
  switch (planName.trim().toLowerCase()) {
    case 'basicloop':
      return 'blue';
    case 'smartloop':
      return 'green';
    case 'proloop':
      return 'purple';
    default:
      return 'grey';
  }
}

/** amount_cents = price × 100, rounded (R-BILL-6). */
export const amountCents = (pricePerMonth: number): number => Math.round(pricePerMonth * 100);

export type PlanChange =
  | { readonly kind: 'switch'; readonly planId: number }
  | { readonly kind: 'checkout'; readonly request: CheckoutRequest }
  | { readonly kind: 'checkout-disabled' };

/**
 * R-BILL-5: a free plan switches directly; a paid plan starts an online checkout, unless online
 * checkout is disabled by configuration.
 */
export function decidePlanChange(input: {
  readonly plan: Plan;
  readonly subscriptionId: number;
  readonly onlineCheckout: boolean;
  readonly provider: PaymentProvider;
  /** Where the provider sends the browser back, e.g. `${origin}/billing/return`. */
  readonly returnUrl: string;
}): PlanChange {
  const { plan } = input;
  if (plan.price_per_month === 0) return { kind: 'switch', planId: plan.id };
  if (!input.onlineCheckout) return { kind: 'checkout-disabled' };
  return {
    kind: 'checkout',
    request: {
      provider: input.provider,
      kind: 'subscription',
      amount_cents: amountCents(plan.price_per_month),
      currency: 'EUR',
      user_subscription_id: input.subscriptionId,
      plan_id: plan.id,
      success_url: `${input.returnUrl}?status=success`,
      cancel_url: `${input.returnUrl}?status=cancelled`,
    },
  };
}

export const INVALID_CHECKOUT_URL_MESSAGE = 'Geen geldige checkout_url ontvangen van de server.';

/** The checkout address, at top level or under `data`, must start with http or https (R-BILL-7). */
export function readCheckoutUrl(body: unknown): Result<string, 'invalid-checkout-url'> {
  const candidate =
    typeof body === 'object' && body !== null
      ? ((body as { checkout_url?: unknown }).checkout_url ??
        (body as { data?: { checkout_url?: unknown } }).data?.checkout_url)
      : undefined;
  if (typeof candidate === 'string' && /^https?:\/\//i.test(candidate)) return ok(candidate);
  return err('invalid-checkout-url', INVALID_CHECKOUT_URL_MESSAGE);
}

export { formatCents, formatEuros } from '../format';
