import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Billing: features, plans, subscriptions, payments ─────────────────────────

/** What a plan can include (R-BILL-12). `description` is HTML; clients sanitise it before rendering. */
export const features = pgTable('features', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A plan. The price is kept in whole cents (the wire answers euros). Exactly one plan is the
 * default: every new organisation starts on it, so it must stay free.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('plans_single_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('plans_price_check', sql`${t.priceCents} >= 0`),
    check('plans_default_free_check', sql`not ${t.isDefault} or ${t.priceCents} = 0`),
  ],
);

export const planFeatures = pgTable(
  'plan_features',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    featureKey: text('feature_key')
      .notNull()
      .references(() => features.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'plan_features_pk', columns: [t.planId, t.featureKey] })],
);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * An organisation's subscriptions: the one with status 'active' is the current one (at most one per
 * organisation, enforced by a partial unique index); older rows keep the history with an end date.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    startDate: timestamptz('start_date').notNull(),
    endDate: timestamptz('end_date'),
    /** The Stripe subscription that bills this one (a paid Stripe checkout's `session.subscription`). */
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * The subscription was replaced but its Stripe subscription is not cancelled yet: the cancel is
     * tried after the change commits and retried on every sync and webhook until Stripe confirms.
     */
    providerCancelPending: boolean('provider_cancel_pending').notNull().default(false),
  },
  (t) => [
    index('subscriptions_stripe_subscription_idx').on(t.stripeSubscriptionId),
    index('subscriptions_provider_cancel_pending_idx').on(t.id).where(sql`${t.providerCancelPending}`),
    uniqueIndex('subscriptions_current_unique').on(t.organizationId).where(sql`${t.status} = 'active'`),
    index('subscriptions_organization_idx').on(t.organizationId),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'cancelled', 'expired')`),
  ],
);

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'simulated'] as const;

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The subscription the checkout was started from (`user_subscription_id`). */
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    kind: text('kind').$type<'subscription'>().notNull(),
    status: text('status').$type<(typeof PAYMENT_STATUSES)[number]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<'EUR'>().notNull(),
    /** The provider's id of the checkout (Stripe: the Checkout Session id); null until it exists. */
    providerRef: text('provider_ref').unique('payments_provider_ref_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_organization_idx').on(t.organizationId, t.id),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'simulated')`),
    check('payments_kind_check', sql`${t.kind} in ('subscription')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'expired')`),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    check('payments_currency_check', sql`${t.currency} = 'EUR'`),
  ],
);

export const PAYMENT_EVENT_SOURCES = ['checkout', 'webhook', 'return', 'admin', 'simulated'] as const;
export type PaymentEventSource = (typeof PAYMENT_EVENT_SOURCES)[number];

/**
 * Every state change of a payment. A provider event changes a payment at most once: its id is
 * unique here (and in processed_webhook_events, which also remembers events that changed nothing).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    source: text('source').$type<PaymentEventSource>().notNull(),
    providerEventId: text('provider_event_id').unique('payment_events_provider_event_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    check(
      'payment_events_source_check',
      sql`${t.source} in ('checkout', 'webhook', 'return', 'admin', 'simulated')`,
    ),
  ],
);

/** Webhook events already handled, by provider and event id: a redelivery is answered and ignored. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'processed_webhook_events_pk', columns: [t.provider, t.eventId] })],
);

export const SIMULATED_CHECKOUT_STATES = ['pending', 'paid', 'cancelled'] as const;
export type SimulatedCheckoutState = (typeof SIMULATED_CHECKOUT_STATES)[number];

/**
 * The simulated provider's own books (development and browser tests): like a real provider it
 * keeps what it shows on its checkout page, where to send the browser back, and its own state.
 */
export const simulatedCheckouts = pgTable(
  'simulated_checkouts',
  {
    ref: text('ref').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' })
      .unique('simulated_checkouts_payment_unique'),
    state: text('state').$type<SimulatedCheckoutState>().notNull(),
    organizationName: text('organization_name').notNull(),
    planName: text('plan_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('simulated_checkouts_state_check', sql`${t.state} in ('pending', 'paid', 'cancelled')`)],
);

/**
 * The last invoice number issued per calendar year. Issuing an invoice increments its year's row in
 * the transaction that marks the payment paid: concurrent payments take turns on the row, and a
 * transaction that rolls back takes its number back with it, so numbers never repeat or skip.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/**
 * Issued invoices: a copy of everything printed on them, taken when the payment was paid, so a later
 * change of address (the organisation's or the supplier's) never changes one. Loop must keep the
 * invoices it issued, so an invoice outlives its organisation and its payment (keys set to null).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id')
      .references(() => payments.id, { onDelete: 'set null' })
      .unique('invoices_payment_unique'),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** 'LOOP-2026-000001'. */
    number: text('number').notNull().unique('invoices_number_unique'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: jsonb('supplier_address').$type<string[]>().notNull(),
    supplierKvkNumber: text('supplier_kvk_number').notNull(),
    supplierVatNumber: text('supplier_vat_number').notNull(),
    customerName: text('customer_name').notNull(),
    customerAddress: jsonb('customer_address').$type<string[]>().notNull(),
    customerVatNumber: text('customer_vat_number'),
    description: text('description').notNull(),
    amountExclCents: integer('amount_excl_cents').notNull(),
    vatRate: integer('vat_rate').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').$type<'EUR'>().notNull(),
    /** Why it is no valid invoice (a simulated payment, the demo supplier), printed on it; null: real. */
    specimen: text('specimen'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_year_sequence_unique').on(t.year, t.sequence),
    index('invoices_organization_idx').on(t.organizationId, t.id),
    check(
      'invoices_amounts_check',
      sql`${t.amountExclCents} >= 0 AND ${t.vatCents} >= 0 AND ${t.amountExclCents} + ${t.vatCents} = ${t.totalCents}`,
    ),
    check('invoices_currency_check', sql`${t.currency} = 'EUR'`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type FeatureRow = typeof features.$inferSelect;
