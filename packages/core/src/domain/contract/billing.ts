/**
 * Plans, subscriptions and payments (R-BILL-12, R-API-2). A subscription belongs to an organisation: every
 * member of the current organisation (`X-Organization-Id`) gets its features. The "user subscription"
 * of the routes and fields (`/user-subscriptions`, `user_subscription_id`; R-BILL-5, R-BILL-6) is the
 * subscription the user has through that organisation.
 */

/** A feature a plan can include (R-BILL-12). `description` may hold HTML; clients sanitise it. */
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

/** POST /payments/checkout (R-BILL-6). The server checks amount and currency against the plan. */
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

/** The checkout answer: `checkout_url` at top level or under `data` (R-BILL-7). */
export type CheckoutResponse =
  | { readonly checkout_url: string }
  | { readonly data: { readonly checkout_url: string } };

/** Payment status values as stored and shown. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** One payment (R-BILL-12). */
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

/**
 * GET and PUT /organization/invoice-details: what the organisation's invoices are made out to. Every
 * field may be empty: the invoice then names the organisation without an address (a simplified
 * invoice, which Dutch law allows up to € 100 including BTW).
 */
export interface InvoiceDetails {
  /** The name invoices are made out to; empty: the organisation's name. */
  readonly name: string;
  /** Street and house number. */
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  /** Empty counts as 'Nederland'. */
  readonly country: string;
  /** The customer's VAT number (btw-identificatienummer), e.g. 'NL123456789B01'; empty: none. */
  readonly vat_number: string;
}

/** One line of an address block on an invoice: a name and its address lines. */
export interface InvoiceParty {
  readonly name: string;
  /** Street, postcode and city, country: as printed, empty lines left out. */
  readonly address: readonly string[];
}

/**
 * An issued invoice (factuur): a snapshot of everything printed on it, taken when its payment was
 * paid, so later changes to the organisation or the supplier never change it.
 */
export interface Invoice {
  readonly id: number;
  /** 'LOOP-2026-000001': per calendar year, sequential, never repeated or skipped. */
  readonly number: string;
  readonly payment_id: number | null;
  /** The invoice date, 'YYYY-MM-DD' (the day the payment was paid, in the Netherlands). */
  readonly issue_date: string;
  /** The period the payment covers, 'YYYY-MM-DD', both days included. */
  readonly period_start: string;
  readonly period_end: string;
  readonly supplier: InvoiceParty & {
    /** Chamber of Commerce number (KvK). */
    readonly kvk_number: string;
    readonly vat_number: string;
  };
  readonly customer: InvoiceParty & { readonly vat_number: string | null };
  readonly description: string;
  readonly amount_excl_cents: number;
  /** 21 (percent). */
  readonly vat_rate: number;
  readonly vat_cents: number;
  readonly total_cents: number;
  readonly currency: 'EUR';
  /**
   * Why this document is not a valid invoice (a simulated payment, the demo supplier), printed on
   * it; null for a real invoice.
   */
  readonly specimen: string | null;
}

/**
 * GET /payments/:id/receipt: what the return screen says about a paid payment in plain Dutch.
 * The amounts and dates are computed by core from `payment` and `paid_at`.
 */
export interface PaymentReceipt {
  readonly payment: Payment;
  /** When the payment was recorded as paid (ISO 8601); null while it is not paid. */
  readonly paid_at: string | null;
  readonly plan_name: string;
  /** What the plan includes now. */
  readonly features: readonly Feature[];
  /** The plan the organisation was on when the checkout started. */
  readonly previous_plan_name: string | null;
  readonly previous_plan_price_per_month: number | null;
  /** Whether this payment put the organisation on the plan (false: it had changed meanwhile). */
  readonly plan_changed: boolean;
  readonly invoice: Invoice | null;
}
