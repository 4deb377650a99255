import type { AlertMode, AlertRule, WebhookKind, WebhookSend } from '@loop/core/surveys/alerts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';
import { surveyResponses } from './responses';
import { surveys } from './surveys';

// ───────────────────────── Alerts on new responses (issue 27) ─────────────────────────

/**
 * A survey's condition alerts (R-ALERT-2) and its Slack or Teams channel (R-ALERT-4): the channel's
 * address only encrypted (AES-256-GCM, `ALERT_WEBHOOK_KEY`), with its host and kind to show, and
 * what its last delivery did.
 */
export const surveyAlerts = pgTable('survey_alerts', {
  surveyId: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<AlertRule[]>().notNull().default([]),
  webhookSecret: text('webhook_secret'),
  webhookHost: text('webhook_host'),
  webhookKind: text('webhook_kind').$type<WebhookKind>(),
  webhookSend: text('webhook_send').$type<WebhookSend>().notNull().default('each'),
  webhookLastDeliveryAt: timestamptz('webhook_last_delivery_at'),
  webhookLastError: text('webhook_last_error'),
  webhookLastErrorAt: timestamptz('webhook_last_error_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A member's own choice for a survey (R-ALERT-1): an e-mail per response, a daily digest or none,
 * and the condition alerts or not. `last_digest_day` is the claim of the daily digest (R-ALERT-5):
 * moved to the day of sending in the statement that picks the row, so one digest per day.
 */
export const surveyAlertMembers = pgTable(
  'survey_alert_members',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<AlertMode>().notNull().default('none'),
    conditions: boolean('conditions').notNull().default(false),
    lastDigestDay: text('last_digest_day'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'survey_alert_members_pk', columns: [t.surveyId, t.userId] }),
    index('survey_alert_members_digest_idx').on(t.lastDigestDay).where(sql`${t.mode} = 'digest'`),
    check('survey_alert_members_mode_check', sql`${t.mode} in ('each', 'digest', 'none')`),
  ],
);

/**
 * A submitted response whose alerts are still to be made (R-ALERT-7): written by the submission's
 * own statement when its survey has alerts, taken by the alert job with `for update skip locked`
 * and deleted in the transaction that queues its mails and channel message.
 */
export const responseAlertJobs = pgTable(
  'response_alert_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    responseId: bigint('response_id', { mode: 'number' })
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // No index on `not_before`: the table holds only jobs not yet done (a handful), and each index
  // is one more write in the submitting statement (R-ALERT-7).
  (t) => [uniqueIndex('response_alert_jobs_response_key').on(t.responseId)],
);

export const WEBHOOK_DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * Messages to a survey's channel (R-ALERT-6), a queue like `mail_outbox`: claimed with a lease,
 * retried with exponential back-off and jitter, `reference` once ('response:<id>', 'test:<uuid>').
 */
export const alertWebhookDeliveries = pgTable(
  'alert_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    reference: text('reference').notNull(),
    text: text('text').notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    claimedBy: text('claimed_by'),
    deliveredAt: timestamptz('delivered_at'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_webhook_deliveries_reference_key').on(t.surveyId, t.reference),
    index('alert_webhook_deliveries_due_idx').on(t.notBefore, t.id).where(sql`${t.state} = 'queued'`),
    index('alert_webhook_deliveries_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'sending'`),
    check('alert_webhook_deliveries_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
