import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MailKind } from '../../mail/mailer';
import { organizations } from './accounts';
import { timestamptz } from './columns';

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
