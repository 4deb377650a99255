import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';

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
