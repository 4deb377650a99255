import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { surveyResponses } from './responses';
import { surveys } from './surveys';

// ───────────────────────── Quotas ─────────────────────────

/**
 * The submitted responses each quota counted (R-SURV-22): written with the submission, in the same
 * transaction that holds the survey row's lock (responses/cappedSubmission.ts). A quota's fill is
 * its rows here; an erased response leaves with its row (the cascade), so its place comes free.
 */
export const surveyQuotaMembers = pgTable(
  'survey_quota_members',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    quotaId: text('quota_id').notNull(),
    responseId: bigint('response_id', { mode: 'number' })
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'survey_quota_members_pk', columns: [t.surveyId, t.quotaId, t.responseId] }),
    index('survey_quota_members_response_idx').on(t.responseId),
  ],
);
