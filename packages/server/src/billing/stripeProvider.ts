import { err, ok } from '@loop/core';
import Stripe from 'stripe';
import type { Clock } from '../clock';
import type { PaymentProviderPort, ProviderState } from './paymentProvider';

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
      const providerRef =
        object?.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
      return ok({ id: event.id, type: event.type, providerRef });
    },

    async fetchState(providerRef) {
      return sessionState(await stripe.checkout.sessions.retrieve(providerRef));
    },
  };
}
