import type { WebhookDeliveryState, WebhookEventType } from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Organisation webhooks (issue 28) ─────────────────────────

/**
 * An organisation's webhook endpoint (R-HOOK-2): where, which events, and its signing secret only
 * encrypted (AES-256-GCM with WEBHOOK_SECRET_KEY, the endpoint id as additional data). `enabled`
 * false after sustained failure (R-HOOK-8) or by hand; the last attempt's outcome for the list.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamptz('disabled_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastOk: boolean('last_ok'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);

/**
 * One event for one endpoint (R-HOOK-6, R-HOOK-7), a queue like `mail_outbox`: claimed with a lease
 * and a claim token that fences every later write, retried on the schedule of core's
 * `webhookRetryDelayMs`. `message_id` is the `webhook-id` of every attempt; `body` the exact JSON
 * sent (R-HOOK-4); `subject` the ordering key ('response:12'). No foreign key to its endpoint or
 * organisation: every concurrent submission would take a key-share lock on that one parent row,
 * which PostgreSQL keeps as a multixact.
 * Deleting an endpoint or an organisation deletes its deliveries in the same transaction.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    messageId: text('message_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    claimedBy: text('claimed_by'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.notBefore, t.id).where(sql`${t.state} = 'queued'`),
    index('webhook_deliveries_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'sending'`),
    // The ordering check (R-HOOK-6): is an earlier delivery of this subject still on its way?
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.subject, t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_organization_idx').on(t.organizationId),
    check('webhook_deliveries_state_check', sql`${t.state} in ('queued', 'sending', 'delivered', 'failed')`),
  ],
);

/**
 * A completed response whose `response.completed` deliveries are still to be made (R-HOOK-3): the
 * submission's statement writes only this row, as it writes an alert job (R-ALERT-7); the delivery
 * pass turns it into one delivery per endpoint and deletes it in one statement. No foreign key and
 * no index but the key: each is one more write, or one more shared lock, on every submission.
 */
export const webhookResponseJobs = pgTable('webhook_response_jobs', {
  responseId: bigint('response_id', { mode: 'number' }).primaryKey(),
  surveyId: integer('survey_id').notNull(),
  completedAt: timestamptz('completed_at').notNull(),
});

/** Each attempt of a delivery (R-HOOK-9): the endpoint's delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
