import { boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';
import { surveys } from './surveys';

// ───────────────────────── Shared results links ─────────────────────────

/**
 * Read-only results links of a survey (R-SHARE-1 to R-SHARE-8): who holds the token sees the
 * chosen questions of the chosen period without an account. Only the token's SHA-256 is kept
 * (R-SHARE-2), and the optional password's argon2id hash. A revoked link keeps its row (the list
 * shows it as revoked); deleting the survey deletes its links.
 */
export const surveyResultsLinks = pgTable(
  'survey_results_links',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('survey_results_links_token_hash_unique'),
    label: text('label'),
    /** The questions on the page, in the survey's order when shown. */
    questionIds: jsonb('question_ids').$type<string[]>().notNull(),
    /** Europe/Amsterdam calendar days, both ends included; null: open-ended. */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    openAnswers: boolean('open_answers').notNull().default(false),
    passwordHash: text('password_hash'),
    createdAt: timestamptz('created_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('survey_results_links_survey_idx').on(t.surveyId)],
);

export type ResultsLinkRow = typeof surveyResultsLinks.$inferSelect;
