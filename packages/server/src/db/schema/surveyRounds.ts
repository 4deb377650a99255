import type { RoundIntervalUnit, RoundScheduleState, RoundState } from '@loop/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';
import { surveys } from './surveys';

// ───────────────────────── Pulse rounds (issue 27) ─────────────────────────

/**
 * A survey that runs in rounds: every `interval_count` weeks or months from `start_at` (the dates
 * are core's `roundDueAt`, R-ROUND-2), to a segment of the organisation or, with `segment_id` null,
 * to all its contacts. One per survey; ending keeps the row (and its rounds) with state 'ended'.
 * `segment_id` has no foreign key: a deleted segment makes its round a skipped one with a note,
 * never a round to all contacts.
 */
export const surveyRoundSchedules = pgTable(
  'survey_round_schedules',
  {
    surveyId: integer('survey_id')
      .primaryKey()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    intervalUnit: text('interval_unit').$type<RoundIntervalUnit>().notNull(),
    intervalCount: smallint('interval_count').notNull(),
    segmentId: integer('segment_id'),
    startAt: timestamptz('start_at').notNull(),
    state: text('state').$type<RoundScheduleState>().notNull().default('active'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('survey_round_schedules_unit_check', sql`${t.intervalUnit} in ('week', 'month')`),
    check('survey_round_schedules_count_check', sql`${t.intervalCount} between 1 and 12`),
    check('survey_round_schedules_state_check', sql`${t.state} in ('active', 'paused', 'ended')`),
  ],
);

/**
 * One round of a survey: its number, its date and what became of it. At most one round of a survey
 * is 'scheduled' at a time (the partial unique index); the scheduler claims a due one with
 * `for update skip locked` and, in the same transaction, queues its invitations, marks it 'sent'
 * and plans the next, so each round goes out exactly once however many servers run (R-ROUND-3).
 */
export const surveyRounds = pgTable(
  'survey_rounds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    state: text('state').$type<RoundState>().notNull().default('scheduled'),
    sentAt: timestamptz('sent_at'),
    /** Contacts of the selection the rules left out when the round went. */
    skipped: integer('skipped').notNull().default(0),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_rounds_survey_number_unique').on(t.surveyId, t.number),
    uniqueIndex('survey_rounds_one_scheduled').on(t.surveyId).where(sql`${t.state} = 'scheduled'`),
    index('survey_rounds_due_idx').on(t.dueAt).where(sql`${t.state} = 'scheduled'`),
    check('survey_rounds_state_check', sql`${t.state} in ('scheduled', 'sent', 'skipped', 'cancelled')`),
  ],
);

export type SurveyRoundScheduleRow = typeof surveyRoundSchedules.$inferSelect;
export type SurveyRoundRow = typeof surveyRounds.$inferSelect;
