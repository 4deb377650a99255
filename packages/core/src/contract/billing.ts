/**
 * Plans, subscriptions and payments (spec §3, §7). A subscription belongs to an organisation: every
 * member of the current organisation (`X-Organization-Id`) gets its features. The spec's "user
 * subscription" is the subscription the user has through that organisation.
 */

/** A feature a plan can include (spec §3). `description` may hold HTML; clients sanitise it. */
export interface Feature {
  readonly key: string;
  readonly name: string;
  readonly description: string;
}

/** GET /plans: every plan; price in euros per month, 0 is free. */
export interface Plan {
  readonly id: number;
  readonly name: string;
  readonly price_per_month: number;
  readonly features: readonly Feature[];
}

/** GET /user-subscriptions/me: the current organisation's subscription. */
export interface UserSubscription {
  readonly id: number;
  readonly plan_id: number;
  readonly plan_name: string;
  /** Displayed as received: 'active', 'cancelled', 'expired'. */
  readonly status: string;
  /** ISO 8601. */
  readonly start_date: string;
  readonly end_date: string | null;
  readonly features: readonly Feature[];
}

/** POST /user-subscriptions: switch to a free plan at once (paid plans go through checkout). */
export interface ChangePlanRequest {
  readonly plan_id: number;
}

export type PaymentProvider = 'stripe' | 'simulated';
export type PaymentKind = 'subscription';

/** POST /payments/checkout (spec §7). The server checks amount and currency against the plan. */
export interface CheckoutRequest {
  readonly provider: PaymentProvider;
  readonly kind: PaymentKind;
  readonly amount_cents: number;
  readonly currency: 'EUR';
  readonly user_subscription_id: number;
  readonly plan_id: number;
  readonly success_url: string;
  readonly cancel_url: string;
}

/** The checkout answer: `checkout_url` at top level or under `data` (spec §7). */
export type CheckoutResponse =
  | { readonly checkout_url: string }
  | { readonly data: { readonly checkout_url: string } };

/** Payment status values as stored and shown. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** One payment (spec §3). */
export interface Payment {
  readonly id: number;
  readonly provider: PaymentProvider;
  readonly kind: PaymentKind;
  readonly status: PaymentStatus;
  readonly amount_cents: number;
  readonly currency: 'EUR';
  readonly user_subscription_id: number;
  readonly plan_id: number;
  readonly created_at: string;
}

/** GET /billing/settings: whether online checkout is on and which provider is the default. */
export interface BillingSettings {
  readonly online_checkout: boolean;
  readonly provider: PaymentProvider;
}

/** POST and PUT /admin/plans(/:id). */
export interface PlanInput {
  readonly name: string;
  readonly price_per_month: number;
  readonly feature_keys: readonly string[];
}

/** A row of GET /admin/subscriptions. */
export interface AdminSubscription {
  readonly id: number;
  readonly organization_id: number;
  readonly organization_name: string;
  readonly plan_id: number;
  readonly plan_name: string;
  readonly status: string;
  readonly start_date: string;
  readonly end_date: string | null;
}

/** A row of GET /admin/payments. */
export interface AdminPayment extends Payment {
  readonly organization_id: number;
  readonly organization_name: string;
}

/** POST /admin/subscriptions: put an organisation on a plan by hand. */
export interface AssignPlanRequest {
  readonly organization_id: number;
  readonly plan_id: number;
}
