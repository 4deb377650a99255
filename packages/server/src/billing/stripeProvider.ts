import { err, ok } from '@loop/core';
import Stripe from 'stripe';
import type { Clock } from '../clock';
import type { PaymentProviderPort, ProviderCheckout, ProviderState } from './paymentProvider';

/** Webhook signatures older than this (seconds) are refused: Stripe's own default. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Another API base (tests: a fake Stripe on 127.0.0.1); null for Stripe's own. */
  readonly apiUrl: string | null;
  readonly clock: Clock;
  /** Retries of failed API calls (Stripe adds idempotency keys); 0 in tests. */
  readonly maxNetworkRetries?: number;
}

function apiBase(apiUrl: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiUrl === null) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe's view of a Checkout Session as a payment state. Only cards are offered, so a complete
 * session is paid; 'unpaid' would mean a delayed method still running.
 */
export function sessionState(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>,
): ProviderState {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'pending' : 'paid';
  return 'pending';
}

/** Stripe subscription statuses after which Stripe bills nothing more. */
const ENDED_SUBSCRIPTION_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set([
  'canceled',
  'incomplete_expired',
]);

/** A Checkout Session's state and, in subscription mode, the subscription it started. */
export function checkoutOf(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status' | 'subscription'>,
): ProviderCheckout {
  const subscription = session.subscription;
  const subscriptionRef = typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
  return { state: sessionState(session), subscriptionRef };
}

/**
 * Stripe Checkout in subscription mode: one line with an inline monthly EUR price for the plan, so
 * Stripe collects every following month and no Stripe products have to be kept in sync with the
 * plans. The session carries the payment id (metadata, client_reference_id), but the state is
 * always read back from Stripe, never taken from a webhook's payload.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProviderPort {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Loop' },
    ...apiBase(options.apiUrl),
  });

  const subscriptionEnded = async (subscriptionRef: string): Promise<boolean> => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
    return ENDED_SUBSCRIPTION_STATUSES.has(subscription.status);
  };

  return {
    name: 'stripe',

    async createCheckout({ payment, plan, organization, successUrl, cancelUrl }) {
      const metadata = {
        payment_id: String(payment.id),
        organization_id: String(organization.id),
        plan_id: String(plan.id),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          allowed_payment_method_types: ['card'],
          locale: 'nl',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: payment.amountCents,
                recurring: { interval: 'month' },
                product_data: { name: `Loop ${plan.name}` },
              },
            },
          ],
          client_reference_id: String(payment.id),
          metadata,
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: `loop-checkout-${payment.id}` },
      );
      if (typeof session.url !== 'string' || !/^https?:\/\//i.test(session.url)) {
        throw new Error(`Stripe gave checkout session ${session.id} no usable url`);
      }
      return { providerRef: session.id, checkoutUrl: session.url };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature.trim() === '') return err('missing-signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          options.clock.now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          return err(/tolerance/i.test(error.message) ? 'stale-signature' : 'invalid-signature');
        }
        // A correctly signed body that is not a usable event.
        return err('unsupported');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') return err('unsupported');
      const object = (event.data as { object?: { id?: unknown; object?: unknown } } | undefined)?.object;
      const id = typeof object?.id === 'string' ? object.id : null;
      const providerRef = object?.object === 'checkout.session' ? id : null;
      const subscriptionRef = object?.object === 'subscription' ? id : null;
      return ok({ id: event.id, type: event.type, providerRef, subscriptionRef });
    },

    async fetchState(providerRef) {
      return checkoutOf(await stripe.checkout.sessions.retrieve(providerRef));
    },

    async cancelCheckout(providerRef) {
      let expired = false;
      try {
        await stripe.checkout.sessions.expire(providerRef);
        expired = true;
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already): what
        // counts is the state read back below. Anything else (Stripe unreachable) is thrown.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      const checkout = checkoutOf(await stripe.checkout.sessions.retrieve(providerRef));
      // Expired by this call: the user cancelled it, rather than letting it run out.
      return expired && checkout.state === 'expired' ? { ...checkout, state: 'cancelled' } : checkout;
    },

    async cancelSubscription(subscriptionRef) {
      try {
        await stripe.subscriptions.cancel(subscriptionRef);
      } catch (error) {
        // Cancelled already (by Stripe, or by an earlier try whose answer got lost): nothing bills.
        if (await subscriptionEnded(subscriptionRef).catch(() => false)) return;
        throw error;
      }
    },

    subscriptionEnded,
  };
}
