import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';
import { contacts } from './contacts';
import { surveyResponses } from './responses';
import { surveyRounds } from './surveyRounds';
import { surveys } from './surveys';

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
    /** The pulse round this invitation belongs to (issue 27); null: a send of its own. */
    roundId: integer('round_id').references(() => surveyRounds.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // One invitation per contact per survey and round (a send outside rounds counts as round 0).
    uniqueIndex('survey_invitations_survey_contact_unique')
      .on(t.surveyId, t.contactId, sql`coalesce(${t.roundId}, 0)`)
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
