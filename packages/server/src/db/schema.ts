import type {
  BtwRate,
  ContactFilter,
  ContactImportState,
  ContactLanguage,
  DuplicatePolicy,
  FileDuplicateChoice,
  FinanceDirection,
  FinanceSource,
  ImportFormat,
  KpiDirection,
  KpiMetric,
  KpiPeriodTarget,
  KpiSourceType,
  KpiUnit,
  KpiValueOrigin,
  LogLevel,
  PositionSource,
  Question,
  SurveyStatus,
} from '@loop/core';
import { MEMBER_ROLES, type MemberRole } from '@loop/core';
import { DEFAULT_REMINDERS } from '@loop/core/invitations';
import type { PeriodKind } from '@loop/core/periods';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MailKind } from '../mail/mailer';

// Timestamps are written by the application from its Clock (so tests can fake time); the database
// defaults only cover rows written by hand.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Always stored normalised (trimmed, lower-case), so the unique index ignores case. */
  email: text('email').notNull().unique('users_email_unique'),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  canManageTemplates: boolean('can_manage_templates').notNull().default(false),
  emailVerifiedAt: timestamptz('email_verified_at'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /**
   * The contact rule (issue 16): a contact gets an invitation or reminder at most once per this many
   * days (1–365), counted over all the organisation's surveys; null: no limit.
   */
  contactMinDaysBetween: integer('contact_min_days_between'),
  /** What invoices are made out to (issue 24); '' where not given (the invoice names the organisation). */
  invoiceName: text('invoice_name').notNull().default(''),
  invoiceStreet: text('invoice_street').notNull().default(''),
  invoicePostcode: text('invoice_postcode').notNull().default(''),
  invoiceCity: text('invoice_city').notNull().default(''),
  invoiceCountry: text('invoice_country').notNull().default(''),
  /** The organisation's VAT number (btw-identificatienummer), printed on its invoices; '' for none. */
  vatNumber: text('vat_number').notNull().default(''),
});

export const MEMBERSHIP_ROLES = MEMBER_ROLES;
export type MembershipRole = MemberRole;

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<MembershipRole>().notNull(),
    /** When the member joined; null for memberships made before this was recorded. */
    joinedAt: timestamptz('joined_at'),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.userId, t.organizationId] }),
    index('memberships_organization_idx').on(t.organizationId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'manager', 'member', 'viewer')`),
  ],
);

/**
 * Open invitations into an organisation. The link's token is stored as its SHA-256 only; re-sending
 * replaces token and expiry. Accepting or withdrawing deletes the row, so the address it holds is
 * kept only while the invitation is open (one per address and organisation).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    role: text('role').$type<MembershipRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('invitations_organization_email_unique').on(t.organizationId, t.email),
    index('invitations_expires_idx').on(t.expiresAt),
    check('invitations_role_check', sql`${t.role} in ('owner', 'manager', 'member', 'viewer')`),
  ],
);

/**
 * A change of e-mail address. The new address is confirmed through `confirm_token_hash` (sent to
 * the new mailbox); until then the old address stays the login. Once confirmed, the old address gets
 * an undo link (`undo_token_hash`) that works until `undo_expires_at`. Tokens are stored as SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull().unique('email_changes_confirm_token_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmExpiresAt: timestamptz('confirm_expires_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    undoTokenHash: text('undo_token_hash').unique('email_changes_undo_token_unique'),
    undoExpiresAt: timestamptz('undo_expires_at'),
    undoneAt: timestamptz('undone_at'),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per issued refresh token. A token is single-use: rotation marks it used and points
 * `replaced_by` at its successor, so presenting a used token again is detectable reuse.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    replacedBy: text('replaced_by'),
    /**
     * Set when this used token was presented again within the second-tab grace and got its one extra
     * successor; any later presentation counts as reuse.
     */
    graceUsedAt: timestamptz('grace_used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const EMAIL_TOKEN_KINDS = ['verify', 'reset'] as const;
export type EmailTokenKind = (typeof EMAIL_TOKEN_KINDS)[number];

/** Single-use links sent by e-mail (address verification, password reset), stored as SHA-256 only. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EmailTokenKind>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /**
     * A verification link made at registration: the SHA-256 of the key the registering browser
     * keeps; that browser alone is signed in by the link (docs/architecture.md, 'Signed in by the
     * confirmation link'). Null for every other link.
     */
    browserKeyHash: text('browser_key_hash'),
  },
  (t) => [
    index('email_tokens_user_kind_idx').on(t.userId, t.kind),
    check('email_tokens_kind_check', sql`${t.kind} in ('verify', 'reset')`),
  ],
);

/** Per-organisation look. No row means "all defaults"; `version` is a counter kept as text. */
export const branding = pgTable('branding', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Paths relative to DATA_DIR/uploads, e.g. `12/3q2…x.png`. */
  logoPath: text('logo_path'),
  backgroundPath: text('background_path'),
  primaryColor: text('primary_color'),
  version: text('version').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type BrandingRow = typeof branding.$inferSelect;

// ───────────────────────── Billing: features, plans, subscriptions, payments ─────────────────────────

/** What a plan can include (spec §3). `description` is HTML; clients sanitise it before rendering. */
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

export const APP_LOG_LEVELS = ['info', 'warning', 'error', 'audit'] as const satisfies readonly LogLevel[];

/**
 * The application log (spec §3 'Log item'): request metadata and audit events, never personal
 * data. `org_id` is deliberately not a foreign key: the log outlives deleted organisations and a
 * write never waits on another table. `log_date` is the Europe/Amsterdam calendar day of `ts`.
 */
export const appLogs = pgTable(
  'app_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ts: timestamptz('ts').notNull(),
    logDate: date('log_date', { mode: 'string' }).notNull(),
    level: text('level').$type<LogLevel>().notNull(),
    category: text('category').notNull(),
    orgId: integer('org_id'),
    action: text('action').notNull(),
    route: text('route').notNull(),
    httpStatus: smallint('http_status'),
    message: text('message').notNull(),
  },
  (t) => [
    index('app_logs_ts_idx').on(t.ts),
    check('app_logs_level_check', sql`${t.level} in ('info', 'warning', 'error', 'audit')`),
  ],
);

export type AppLogRow = typeof appLogs.$inferSelect;

// ───────────────────────── Surveys and templates ─────────────────────────

export const SURVEY_STATUSES = ['draft', 'open', 'closed'] as const satisfies readonly SurveyStatus[];

/**
 * A survey of an organisation. `questions` holds the core `Question` list, always checked before
 * it is written: by `checkSurveyDraft` for a draft, which may still lack texts and choices
 * (docs/architecture.md, 'Drafts are always saved'), by `validateCompleteSurvey` once it is open or
 * closed. `version` counts content saves (optimistic concurrency for the editor's autosave).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    introductionHtml: text('introduction_html').notNull().default(''),
    thankYouText: text('thank_you_text').notNull().default(''),
    status: text('status').$type<SurveyStatus>().notNull().default('draft'),
    closeAt: timestamptz('close_at'),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    publishedAt: timestamptz('published_at'),
    closedAt: timestamptz('closed_at'),
    /** Token of the survey's public link (≥ 128 random bits, base64url); made at creation. */
    publicToken: text('public_token').unique('surveys_public_token_unique'),
    /**
     * Retention ('antwoorden bewaren tot'): a fixed day, or a number of months after each response
     * was completed (at most one of the two). Past it, open-text answers are blanked and personal
     * links detached by the retention job.
     */
    retentionUntil: date('retention_until', { mode: 'string' }),
    retentionMonths: smallint('retention_months'),
    /**
     * Invitations to an anonymous survey keep no link to their response (invitations.ts): the
     * results never show who answered. Fixed once invitations exist.
     */
    anonymous: boolean('anonymous').notNull().default(false),
    /** Reminders of invitations (core DEFAULT_REMINDERS, REMINDER_LIMITS): after how many days, how many, stopped. */
    reminderAfterDays: smallint('reminder_after_days').notNull().default(DEFAULT_REMINDERS.after_days),
    reminderMax: smallint('reminder_max').notNull().default(DEFAULT_REMINDERS.max_reminders),
    remindersStopped: boolean('reminders_stopped').notNull().default(DEFAULT_REMINDERS.stopped),
    /** The last response number handed out ('Reactie N'): numbers are never reused after an erase. */
    lastResponseOrdinal: integer('last_response_ordinal').notNull().default(0),
  },
  (t) => [
    index('surveys_organization_updated_idx').on(t.organizationId, t.updatedAt),
    check('surveys_status_check', sql`${t.status} in ('draft', 'open', 'closed')`),
    check(
      'surveys_retention_check',
      sql`(${t.retentionUntil} is null or ${t.retentionMonths} is null) and (${t.retentionMonths} is null or ${t.retentionMonths} between 1 and 120)`,
    ),
  ],
);

/**
 * Survey templates: `organization_id` null is a built-in template for everyone (seeded at start by
 * its stable `key`, read-only through the API); otherwise the organisation's own.
 */
export const surveyTemplates = pgTable(
  'survey_templates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stable key of a built-in template (the seed's idempotency); null for an organisation's own. */
    key: text('key').unique('survey_templates_key_unique'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    introductionHtml: text('introduction_html').notNull().default(''),
    thankYouText: text('thank_you_text').notNull().default(''),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('survey_templates_organization_idx').on(t.organizationId)],
);

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyTemplateRow = typeof surveyTemplates.$inferSelect;

// ───────────────────────── Responses and answers ─────────────────────────

export const RESPONSE_KINDS = ['public', 'personal'] as const;
export const RESPONSE_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/**
 * One respondent's response. Every response has its own token (stored as the SHA-256 hex of the
 * token; the unique key makes one response per token). Personal links are made `pending`; a public
 * link's visitor gets a response at the first save, deduplicated by `respondent_key` per survey.
 * `organization_id` is copied from the survey so every query can scope without a join.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('survey_responses_token_hash_unique'),
    kind: text('kind').$type<ResponseKind>().notNull(),
    label: text('label'),
    respondentKey: text('respondent_key'),
    status: text('status').$type<ResponseStatus>().notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    savedAt: timestamptz('saved_at'),
    completedAt: timestamptz('completed_at'),
    /**
     * Seconds the respondent spent per question id so far (the page sends running totals), for the
     * time estimate. One column rather than a row per question: a submission writes one row less
     * per question, and the estimate reads them per survey through `survey_responses_survey_status_idx`.
     */
    questionSeconds: jsonb('question_seconds').$type<Record<string, number>>().notNull().default({}),
    /** When retention blanked its open answers and detached it from its personal link. */
    anonymisedAt: timestamptz('anonymised_at'),
    /**
     * Its number within the survey once submitted ('Reactie 3'), given where responses are read
     * (respondents/responseOrdinals.ts), never on the answering path; null before that.
     */
    ordinal: integer('ordinal'),
  },
  (t) => [
    uniqueIndex('survey_responses_respondent_key_unique').on(t.surveyId, t.respondentKey),
    // Partial: a save or submission (ordinal still null) writes no entry in it.
    uniqueIndex('survey_responses_ordinal_unique')
      .on(t.surveyId, t.ordinal)
      .where(sql`${t.ordinal} is not null`),
    index('survey_responses_survey_status_idx').on(t.surveyId, t.status, t.completedAt),
    index('survey_responses_organization_completed_idx').on(t.organizationId, t.completedAt),
    check('survey_responses_kind_check', sql`${t.kind} in ('public', 'personal')`),
    check('survey_responses_status_check', sql`${t.status} in ('pending', 'in_progress', 'completed')`),
  ],
);

/**
 * Answers, one row per item (see core `answerItems.ts`). `survey_id` and `submitted_at` are copied
 * from the response (the latter when it is submitted) so results aggregate over this table alone,
 * through the covering index, without a join. `response_id` has no foreign key on purpose: a key
 * costs a lookup and a row lock per inserted item, which was a third of a submission's work. The
 * trigger `survey_responses_delete_answers` (migration 0007) removes the answers of deleted
 * responses instead, and answers are only written by the statement that has just updated their
 * response (responses.ts, `writeResponses`).
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    responseId: bigint('response_id', { mode: 'number' }).notNull(),
    surveyId: integer('survey_id').notNull(),
    questionId: text('question_id').notNull(),
    itemId: text('item_id').notNull().default(''),
    numValue: smallint('num_value'),
    textValue: text('text_value'),
    submittedAt: timestamptz('submitted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.questionId, t.itemId] }),
    index('survey_answers_aggregate_idx').on(t.surveyId, t.submittedAt, t.questionId, t.itemId, t.numValue),
    /**
     * The 'anders, namelijk' texts (item '_other', core's OTHER_ITEM_ID) per question, text included,
     * so the results group and count them with an index-only scan: without it PostgreSQL read every
     * row of the survey to find them (150 ms per question over 1,044,486 answers, 16 ms with it).
     * Only 'anders' rows are in it, so submissions without one write nothing more.
     */
    index('survey_answers_other_texts_idx')
      .on(t.surveyId, t.questionId, t.submittedAt, t.textValue)
      .where(sql`${t.itemId} = '_other'`),
  ],
);

export type SurveyResponseRow = typeof surveyResponses.$inferSelect;
export type SurveyAnswerRow = typeof surveyAnswers.$inferSelect;

// ───────────────────────── Finance: records, imports and their day totals ─────────────────────────

/**
 * One import of a bank statement file: what it was and what came of it. Deleting the row undoes
 * the import (its records go with it).
 */
export const financeImports = pgTable(
  'finance_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    lineCount: integer('line_count').notNull(),
    importedCount: integer('imported_count').notNull(),
    duplicateCount: integer('duplicate_count').notNull(),
    refusedCount: integer('refused_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('finance_imports_organization_idx').on(t.organizationId, t.id),
    check('finance_imports_format_check', sql`${t.format} in ('camt053', 'mt940', 'csv')`),
  ],
);

/**
 * Income and costs. `amount_cents` is what was paid or received, BTW included, always above 0;
 * `direction` gives the sign. `btw_cents` is derived from amount and rate by core's `splitBtw` at
 * every write. Imported records keep the bank's account and reference, and `duplicate_key` (the
 * SHA-256 of core's `duplicateKeyMaterial`): unique per organisation, so a line imported twice is
 * stored once (NULL for records entered by hand, which never collide).
 */
export const financeRecords = pgTable(
  'finance_records',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwRate: text('btw_rate').$type<BtwRate>(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    counterparty: text('counterparty').notNull().default(''),
    attachmentRef: text('attachment_ref'),
    source: text('source').$type<FinanceSource>().notNull(),
    importId: integer('import_id').references(() => financeImports.id, { onDelete: 'cascade' }),
    bankAccount: text('bank_account'),
    bankReference: text('bank_reference'),
    duplicateKey: text('duplicate_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('finance_records_organization_date_idx').on(t.organizationId, t.date, t.id),
    index('finance_records_organization_amount_idx').on(t.organizationId, t.amountCents, t.id),
    index('finance_records_import_idx').on(t.importId),
    uniqueIndex('finance_records_duplicate_key_unique').on(t.organizationId, t.duplicateKey),
    check('finance_records_direction_check', sql`${t.direction} in ('income', 'cost')`),
    check(
      'finance_records_btw_rate_check',
      sql`${t.btwRate} is null or ${t.btwRate} in ('21', '9', '0', 'exempt')`,
    ),
    check('finance_records_source_check', sql`${t.source} in ('manual', 'import')`),
    check('finance_records_import_check', sql`(${t.source} = 'import') = (${t.importId} is not null)`),
    check('finance_records_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('finance_records_btw_check', sql`${t.btwCents} >= 0 and ${t.btwCents} <= ${t.amountCents}`),
  ],
);

/**
 * The records summed per organisation, day, direction, category and BTW rate ('' for none), kept
 * by statement-level triggers on finance_records (migration 0012): every insert, update and delete
 * adds or subtracts its rows in the same transaction. The overviews, the categories and the
 * unfiltered list counts read this instead of the records: a few rows per day rather than a
 * million records.
 */
export const financeDayTotals = pgTable(
  'finance_day_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    category: text('category').notNull(),
    btwRate: text('btw_rate').notNull(),
    recordCount: integer('record_count').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'finance_day_totals_pk',
      columns: [t.organizationId, t.day, t.direction, t.category, t.btwRate],
    }),
  ],
);

/**
 * The same sums per month (`month` is its first day), kept by the same triggers: an overview of
 * whole months reads these, a few thousand rows for three years of a million records, and only
 * the days of a month the range cuts come from the day totals.
 */
export const financeMonthTotals = pgTable(
  'finance_month_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    category: text('category').notNull(),
    btwRate: text('btw_rate').notNull(),
    recordCount: integer('record_count').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'finance_month_totals_pk',
      columns: [t.organizationId, t.month, t.direction, t.category, t.btwRate],
    }),
  ],
);

export type FinanceRecordRow = typeof financeRecords.$inferSelect;
export type FinanceImportRow = typeof financeImports.$inferSelect;

// ───────────────────────── Survey counts per period (issue 14) ─────────────────────────

/** The buckets counts are kept in: ISO weeks (from Monday) and calendar months, Europe/Amsterdam days. */
export const COUNT_GRAINS = ['week', 'month'] as const;
export type CountGrain = (typeof COUNT_GRAINS)[number];

/**
 * Submitted answers per survey, question, item, bucket and value (`c0` … `c10`: NPS 0–10, Likert
 * 1–7, rating 1–5, a chosen option 1), so a KPI reads a period's counts from a few rows instead of
 * counting the answers. Kept by the statement that submits (responses.ts, `writeResponses`),
 * lowered by the trigger that deletes an erased response's answers, rebuilt from the answers by
 * `rebuildSurveyCounts` after writes outside the answering routes (demo seed, bulk loads).
 */
export const surveyAnswerCounts = pgTable(
  'survey_answer_counts',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    itemId: text('item_id').notNull(),
    grain: text('grain').$type<CountGrain>().notNull(),
    /** The bucket's first day: a Monday or the first of a month. */
    bucket: date('bucket', { mode: 'string' }).notNull(),
    c0: integer('c0').notNull().default(0),
    c1: integer('c1').notNull().default(0),
    c2: integer('c2').notNull().default(0),
    c3: integer('c3').notNull().default(0),
    c4: integer('c4').notNull().default(0),
    c5: integer('c5').notNull().default(0),
    c6: integer('c6').notNull().default(0),
    c7: integer('c7').notNull().default(0),
    c8: integer('c8').notNull().default(0),
    c9: integer('c9').notNull().default(0),
    c10: integer('c10').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'survey_answer_counts_pk',
      columns: [t.surveyId, t.questionId, t.itemId, t.grain, t.bucket],
    }),
    check('survey_answer_counts_grain_check', sql`${t.grain} in ('week', 'month')`),
  ],
);

/**
 * Responses per survey and bucket: submitted (by `completed_at`), of those on a personal link, and
 * personal links handed out (by `created_at`). Kept like `survey_answer_counts`; personal links
 * also by the statement that makes them.
 */
export const surveyResponseCounts = pgTable(
  'survey_response_counts',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    grain: text('grain').$type<CountGrain>().notNull(),
    bucket: date('bucket', { mode: 'string' }).notNull(),
    completed: integer('completed').notNull().default(0),
    completedPersonal: integer('completed_personal').notNull().default(0),
    personalLinks: integer('personal_links').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'survey_response_counts_pk', columns: [t.surveyId, t.grain, t.bucket] }),
    check('survey_response_counts_grain_check', sql`${t.grain} in ('week', 'month')`),
  ],
);

// ───────────────────────── KPIs (issue 14) ─────────────────────────

/** A value or target in a KPI's unit: exact decimals (cents and seconds are whole), read as numbers. */
const kpiNumber = (name: string) => numeric(name, { precision: 20, scale: 4, mode: 'number' });

/**
 * An organisation's KPIs. The source is flat: `source_type`, the metric, and for a survey source
 * the survey (set null when it is deleted: the KPI then says so), question and statement.
 */
export const kpis = pgTable(
  'kpis',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<KpiUnit>().notNull(),
    direction: text('direction').$type<KpiDirection>().notNull(),
    periodKind: text('period_kind').$type<PeriodKind>().notNull(),
    target: kpiNumber('target'),
    warning: kpiNumber('warning'),
    periodTargets: jsonb('period_targets').$type<KpiPeriodTarget[]>().notNull().default([]),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    sourceType: text('source_type').$type<KpiSourceType>().notNull().default('manual'),
    sourceMetric: text('source_metric').$type<KpiMetric>(),
    surveyId: integer('survey_id').references(() => surveys.id, { onDelete: 'set null' }),
    questionId: text('question_id'),
    statementId: text('statement_id'),
    /**
     * Raised by every change of the definition or of a value, in the same statement: the board
     * keeps computed values per KPI while its revision (and its survey's counts) are unchanged.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kpis_organization_idx').on(t.organizationId, t.id),
    check('kpis_unit_check', sql`${t.unit} in ('number', 'percentage', 'euro', 'duration')`),
    check('kpis_direction_check', sql`${t.direction} in ('higher', 'lower')`),
    check('kpis_period_kind_check', sql`${t.periodKind} in ('week', 'month', 'quarter', 'year')`),
    check('kpis_source_type_check', sql`${t.sourceType} in ('manual', 'survey', 'finance')`),
  ],
);

/** A manual or imported value of a KPI for one period (its key), with a note and who entered it. */
export const kpiValues = pgTable(
  'kpi_values',
  {
    kpiId: integer('kpi_id')
      .notNull()
      .references(() => kpis.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    value: kpiNumber('value').notNull(),
    note: text('note').notNull().default(''),
    origin: text('origin').$type<KpiValueOrigin>().notNull().default('manual'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamptz('entered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kpi_values_pk', columns: [t.kpiId, t.period] }),
    check('kpi_values_origin_check', sql`${t.origin} in ('manual', 'import')`),
  ],
);

/**
 * Which KPIs a board shows, in order: a member's own choice (`user_id`, gone with the membership)
 * or the organisation's default (`user_id` null, one per organisation).
 */
export const kpiBoards = pgTable(
  'kpi_boards',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    kpiIds: jsonb('kpi_ids').$type<number[]>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'kpi_boards_membership_fk',
      columns: [t.userId, t.organizationId],
      foreignColumns: [memberships.userId, memberships.organizationId],
    }).onDelete('cascade'),
    uniqueIndex('kpi_boards_member_unique').on(t.organizationId, t.userId),
    uniqueIndex('kpi_boards_default_unique').on(t.organizationId).where(sql`${t.userId} is null`),
  ],
);

export type KpiRow = typeof kpis.$inferSelect;
export type KpiValueRow = typeof kpiValues.$inferSelect;

// ───────────────────────── Business analysis (issue 15) ─────────────────────────

export const ANALYST_KINDS = ['builtin', 'llm'] as const;
/** Who wrote an analysis: the built-in analyst (rules) or a language model (LLM_BASE_URL). */
export type AnalystKind = (typeof ANALYST_KINDS)[number];

/**
 * The organisation's analyses as they were made: the report (Markdown, as the analyst wrote it)
 * and what it was based on. `created_by` says which member asked for it (empty once they left).
 */
export const businessAnalyses = pgTable(
  'business_analyses',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    analysis: text('analysis').notNull(),
    kpiCount: integer('kpi_count').notNull(),
    surveyCount: integer('survey_count').notNull(),
    analyst: text('analyst').$type<AnalystKind>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    generatedAt: timestamptz('generated_at').notNull().defaultNow(),
  },
  (t) => [
    index('business_analyses_organization_idx').on(t.organizationId, t.generatedAt, t.id),
    check('business_analyses_analyst_check', sql`${t.analyst} in ('builtin', 'llm')`),
  ],
);

/**
 * One analysis at a time per organisation, across every API instance: a run claims its
 * organisation's row (insert, or take over a claim whose time is up) and deletes it when done. A
 * claim outlives a crashed instance only until `expires_at` (the analysis time limit and a margin).
 */
export const businessAnalysisClaims = pgTable('business_analysis_claims', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  claimedAt: timestamptz('claimed_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export type BusinessAnalysisRow = typeof businessAnalyses.$inferSelect;

// ───────────────────────── Geocoding ─────────────────────────

/**
 * Answers of the geocoder per address (core `addressKey`), shared by every organisation: an address
 * is public data, and one lookup serves every contact living there. 'not_found' answers are kept
 * too, so a wrong address is not asked again on every run; the lookup retries them after a while
 * (`geocodeCache.ts`).
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    addressKey: text('address_key').primaryKey(),
    status: text('status').$type<'found' | 'not_found'>().notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    label: text('label'),
    lookedUpAt: timestamptz('looked_up_at').notNull().defaultNow(),
  },
  (t) => [
    check('geocode_cache_status_check', sql`${t.status} in ('found', 'not_found')`),
    check(
      'geocode_cache_found_check',
      sql`(${t.status} = 'found') = (${t.lat} is not null and ${t.lng} is not null)`,
    ),
  ],
);

/**
 * The address service (GEOCODER_URL) while it cannot be reached: one row, there only during an
 * outage, written by whichever instance's geocoding round failed and removed by the first lookup
 * that reaches the service again. Every instance reads it: none asks before `retry_at`, and the
 * map tells people when the next try is.
 */
export const geocoderOutage = pgTable(
  'geocoder_outage',
  {
    id: smallint('id').primaryKey().default(1),
    /** The first failed lookup of this outage. */
    since: timestamptz('since').notNull(),
    /** Rounds that failed in a row: the wait before the next one grows with it. */
    failures: integer('failures').notNull().default(1),
    retryAt: timestamptz('retry_at').notNull(),
  },
  (t) => [check('geocoder_outage_single_check', sql`${t.id} = 1`)],
);
export type GeocoderOutageRow = typeof geocoderOutage.$inferSelect;

// ───────────────────────── Contacts: people to invite, saved filters, CSV imports ─────────────────────────

/**
 * The people an organisation sends surveys to. The e-mail address is stored as typed (trimmed) and
 * unique per organisation whatever its case. `search_text` is core's `contactSearchText` (name,
 * e-mail, organisation and place, lower case without accents), written with every change and
 * searched with LIKE '%word%' through a trigram index (pg_trgm, on PostgreSQL and PGlite alike).
 * Deleting a row is the AVG erase: whatever refers to a contact later (invitations, responses)
 * references `contacts.id` with ON DELETE CASCADE or SET NULL.
 *
 * Placing on the map: `geocoded_address` is the digest (`contactAddressDigest`) of the address at
 * the last lookup or placement by hand; a contact whose digest differs is waiting for the geocoding
 * job (contacts/contactGeocoding.ts), which writes the position or `geocode_state`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    street: text('street'),
    houseNumber: text('house_number'),
    postcode: text('postcode'),
    city: text('city'),
    language: text('language').$type<ContactLanguage>().notNull().default('nl'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionSource: text('position_source').$type<PositionSource>(),
    /** Why the last lookup placed nothing ('not_found', 'incomplete'); null when placed or not looked up. */
    geocodeState: text('geocode_state').$type<GeocodeState>(),
    /** The address digest at the last lookup or placement by hand; null: never (or given back to the geocoder). */
    geocodedAddress: text('geocoded_address'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    searchText: text('search_text').notNull(),
    /** Sort keys: core's `contactSortKeys` (folded, '' when empty), plain columns so that a page's ids come from an index-only scan. */
    nameKey: text('name_key').notNull(),
    emailKey: text('email_key').notNull(),
    companyKey: text('company_key').notNull(),
    cityKey: text('city_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_organization_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    // The search text rides along in the default sort's index: a search sorted by name filters
    // index entries without visiting the table (an index-only scan).
    index('contacts_organization_name_idx').on(t.organizationId, t.nameKey, t.id, t.searchText),
    index('contacts_organization_email_idx').on(t.organizationId, t.emailKey, t.id),
    index('contacts_organization_company_idx').on(t.organizationId, t.companyKey, t.id),
    index('contacts_organization_city_idx').on(t.organizationId, t.cityKey, t.id),
    index('contacts_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('contacts_organization_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('contacts_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contacts_tags_idx').using('gin', t.tags),
    // The geocoding job's queue: contacts whose address changed since their last lookup.
    index('contacts_geocode_pending_idx')
      .on(t.id)
      .where(sql`${t.geocodedAddress} is distinct from ${contactAddressDigest(t)}`),
    check('contacts_language_check', sql`${t.language} in ('nl', 'en', 'de', 'fr')`),
    check(
      'contacts_position_check',
      sql`(${t.latitude} is null and ${t.longitude} is null and ${t.positionSource} is null) or
          (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and
           ${t.positionSource} in ('geocoder', 'manual'))`,
    ),
    check(
      'contacts_geocode_state_check',
      sql`${t.geocodeState} is null or (${t.geocodeState} in ('not_found', 'incomplete') and ${t.latitude} is null)`,
    ),
  ],
);

/** Why a contact's last lookup placed nothing. */
export type GeocodeState = 'not_found' | 'incomplete';

/**
 * The digest of a contact's address fields (street, house number, postcode, place) as SQL: equal
 * digests, the same address as written. Immutable functions only, so an index can be on it.
 */
export function contactAddressDigest(t: {
  readonly street: AnyPgColumn;
  readonly houseNumber: AnyPgColumn;
  readonly postcode: AnyPgColumn;
  readonly city: AnyPgColumn;
}): SQL {
  const field = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;
  return sql`md5(${field(t.street)} || chr(31) || ${field(t.houseNumber)} || chr(31) || ${field(t.postcode)} || chr(31) || ${field(t.city)})`;
}

/**
 * Per organisation: how many contacts it has and a version that every statement changing its
 * contacts raises. Both are kept by statement-level triggers on `contacts` (migration 0019), so no
 * write path can forget them: the list takes its unfiltered total from here instead of counting,
 * and caches the count of a filter for as long as the version stays.
 */
export const contactStats = pgTable('contact_stats', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  contactCount: integer('contact_count').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A saved filter of contacts; its name is unique per organisation whatever its case. */
export const contactSegments = pgTable(
  'contact_segments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<ContactFilter>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_segments_organization_name_unique').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/**
 * One CSV import of contacts, which runs after its request has been answered: `processed` grows
 * chunk by chunk (the screen's progress bar) and `progress_at` with it. An import still 'running'
 * without progress for a while (at a server's start, or when read) was cut off by a stop or crash
 * and is marked 'failed'; the chunks it committed stay.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    state: text('state').$type<ContactImportState>().notNull(),
    onDuplicate: text('on_duplicate').$type<DuplicatePolicy>().notNull(),
    /** Which row of an address on several rows of the file counted; null: the file had none. */
    fileDuplicates: text('file_duplicates').$type<FileDuplicateChoice>(),
    rowCount: integer('row_count').notNull(),
    processed: integer('processed').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    /** Rows skipped because another row of the file with the same address counted. */
    duplicateCount: integer('duplicate_count').notNull().default(0),
    refusals: jsonb('refusals').$type<{ line: number; reason: string }[]>().notNull().default([]),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The last sign of life of a running import (each chunk); a stale one was cut off. */
    progressAt: timestamptz('progress_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('contact_imports_organization_idx').on(t.organizationId, t.id),
    index('contact_imports_running_idx').on(t.state).where(sql`${t.state} = 'running'`),
    check('contact_imports_state_check', sql`${t.state} in ('running', 'done', 'failed')`),
    check('contact_imports_duplicate_check', sql`${t.onDuplicate} in ('update', 'skip')`),
    check('contact_imports_file_duplicates_check', sql`${t.fileDuplicates} in ('first', 'last')`),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type ContactSegmentRow = typeof contactSegments.$inferSelect;
export type ContactImportRow = typeof contactImports.$inferSelect;

// ───────────────────────── Outgoing mail queue (issue 16) ─────────────────────────

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
/** queued → sending → sent | failed; queued (again, after a temporary failure) or cancelled. */
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Mails that must go out exactly once even when the server dies (survey invitations and
 * reminders): written in the transaction that decided on them, sent by the outbox worker
 * (src/outbox/outboxWorker.ts). `reference` names the purpose and the thing ('invitation:123') and
 * is the idempotency key. `message_id` is fixed at enqueue, so a resend is the same message.
 * A worker owns a 'sending' row until `lease_until`; the times are PostgreSQL's own (`now()`), so
 * instances with skewed clocks agree on leases.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    kind: text('kind').$type<MailKind>().notNull(),
    recipient: text('recipient').notNull(),
    /**
     * The sender's display name for this mail ('<organisation> via Loop'), on MAIL_FROM's address;
     * null: MAIL_FROM as configured.
     */
    fromName: text('from_name'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    messageId: text('message_id').notNull(),
    state: text('state').$type<OutboxState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    claimedBy: text('claimed_by'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    smtpResponse: text('smtp_response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_reference_key').on(t.reference),
    uniqueIndex('mail_outbox_message_id_key').on(t.messageId),
    // The claim: due queued rows, and 'sending' rows whose lease ran out (a dead worker's).
    index('mail_outbox_due_idx').on(t.notBefore, t.id).where(sql`${t.state} = 'queued'`),
    index('mail_outbox_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'sending'`),
    index('mail_outbox_organization_idx').on(t.organizationId),
    check('mail_outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;

// ───────────────────────── Survey invitations (issue 16) ─────────────────────────

/**
 * One contact's invitation to one survey, sent through the mail outbox ('invitation:<id>', and
 * 'reminder:<id>:<n>' for its reminders). Its delivery status is derived (invitationStatus.ts):
 * cancelled, completed, opened, failed, sent or planned, from these timestamps and the response.
 * `response_id` is the personal-link response, except for anonymous surveys: there it stays null
 * and `invitation_token_hash` (a hash of the link's token that differs from the response's own)
 * lets the answering page, which has the raw token, mark the invitation opened and completed
 * without anything in the database joining the two. A contact's deletion (the AVG erase) keeps
 * the row for the counts, without the contact.
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    responseId: bigint('response_id', { mode: 'number' }).references(() => surveyResponses.id, {
      onDelete: 'set null',
    }),
    invitationTokenHash: text('invitation_token_hash'),
    /** When the invitation goes (or went) out: the request's `send_at`, or the moment of the request. */
    plannedAt: timestamptz('planned_at').notNull(),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
    failure: text('failure'),
    openedAt: timestamptz('opened_at'),
    completedAt: timestamptz('completed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    remindersSent: smallint('reminders_sent').notNull().default(0),
    /** The last mail about this survey to this contact (planned time, then sent time); the contact rule reads it. */
    lastMailAt: timestamptz('last_mail_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_invitations_survey_contact_unique')
      .on(t.surveyId, t.contactId)
      .where(sql`${t.cancelledAt} is null`),
    index('survey_invitations_survey_idx').on(t.surveyId, t.id),
    index('survey_invitations_contact_idx').on(t.organizationId, t.contactId, t.lastMailAt),
    index('survey_invitations_response_idx').on(t.responseId),
    uniqueIndex('survey_invitations_token_hash_unique').on(t.invitationTokenHash),
    index('survey_invitations_reminder_idx')
      .on(t.lastMailAt)
      .where(sql`${t.cancelledAt} is null and ${t.sentAt} is not null and ${t.completedAt} is null`),
    check('survey_invitations_link_check', sql`${t.responseId} is null or ${t.invitationTokenHash} is null`),
  ],
);

export type SurveyInvitationRow = typeof surveyInvitations.$inferSelect;
