import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProvider, Plan, Result } from '@loop/core';
import type { PaymentRow } from '../db/schema';

/** A payment's state as the provider knows it; the only source a subscription is activated from. */
export type ProviderState = 'paid' | 'pending' | 'cancelled' | 'expired' | 'failed';

/** A checkout as the provider knows it: its state and, once paid, the provider's subscription. */
export interface ProviderCheckout {
  readonly state: ProviderState;
  /** The provider's recurring subscription the checkout started (Stripe: `session.subscription`). */
  readonly subscriptionRef: string | null;
}

export interface CheckoutInput {
  readonly payment: PaymentRow;
  readonly plan: Plan;
  readonly organization: { readonly id: number; readonly name: string };
  /** Absolute addresses the provider sends the browser back to; they already carry `payment_id`. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of this checkout (Stripe: the Checkout Session id). */
  readonly providerRef: string;
  /** Where the browser goes to pay (absolute http(s)). */
  readonly checkoutUrl: string;
}

/** A webhook event whose signature checked out. Its payload is not trusted beyond its id. */
export interface ProviderEvent {
  readonly id: string;
  readonly type: string;
  /** The checkout the event is about, when it is about one. */
  readonly providerRef: string | null;
  /** The provider's subscription the event is about, when it is about one. */
  readonly subscriptionRef: string | null;
}

export type WebhookError = 'missing-signature' | 'invalid-signature' | 'stale-signature' | 'unsupported';

/**
 * One payment provider (Stripe, the simulated one): start a checkout, verify a webhook, and read a
 * checkout's state back. Failures to reach the provider are thrown (the route answers 502).
 */
export interface PaymentProviderPort {
  readonly name: PaymentProvider;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Result<ProviderEvent, WebhookError>;
  fetchState(providerRef: string): Promise<ProviderCheckout>;
  /** Ends an unpaid checkout (the user walked away) and answers its state read back afterwards. */
  cancelCheckout(providerRef: string): Promise<ProviderCheckout>;
  /** Stops the provider's recurring subscription (nothing to do for providers without one). */
  cancelSubscription(subscriptionRef: string): Promise<void>;
  /** Whether the provider's subscription has ended, read back from the provider. */
  subscriptionEnded(subscriptionRef: string): Promise<boolean>;
}

/** The providers this server can use; null when one is not configured (or refused in production). */
export type PaymentProviders = Readonly<Record<PaymentProvider, PaymentProviderPort | null>>;
