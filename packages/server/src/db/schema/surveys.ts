import {
  NO_LOGIC,
  type Question,
  type Quota,
  type SurveyLogic,
  type SurveyStatus,
  type SurveyTranslations,
} from '@loop/core';
import { DEFAULT_REMINDERS } from '@loop/core/invitations';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Surveys and templates ─────────────────────────

export const SURVEY_STATUSES = ['draft', 'open', 'closed'] as const satisfies readonly SurveyStatus[];

/**
 * A survey of an organisation. `questions` holds the core `Question` list, always checked before
 * it is written: by `checkSurveyDraft` for a draft, which may still lack texts and choices
 * (docs/decisions/surveys.md, 'Drafts are always saved'), by `validateCompleteSurvey` once it is open or
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
    /**
     * Show/hide and jump rules, end screens and hidden fields (issue 26), checked like the questions
     * (`checkLogic`) and part of the content `version`, so a cached compiled form is used only while
     * it is the stored one.
     */
    logic: jsonb('logic').$type<SurveyLogic>().notNull().default(NO_LOGIC),
    /**
     * The extra languages respondents may answer in and their translations by text key (R-SURV-16);
     * part of the content `version` like the questions.
     */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    translations: jsonb('translations').$type<SurveyTranslations>().notNull().default({}),
    /**
     * The cap on submitted responses (R-SURV-21) and the quotas (R-SURV-22, core `checkCapsInput`).
     * Not part of the content `version`: the answering routes read them fresh, under the survey row's
     * lock, on every submission of a survey that has them (docs/decisions/surveys.md 'Caps and quotas').
     */
    maxResponses: integer('max_responses'),
    quotas: jsonb('quotas').$type<Quota[]>().notNull().default([]),
    /**
     * The website origins allowed to show the survey in a frame (R-EMBED-1, core `checkEmbedOrigins`):
     * normalised exact origins, at most EMBED_ORIGINS_MAX. Not part of the content `version`; the
     * answering page's headers read it through a short cache (`embedHeaders.ts`).
     */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
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
    /**
     * Someone gets alerts of this survey's responses (issue 27, R-ALERT-7): a member's choice, or a
     * channel. Read with the answering routes' target, so a submission of a survey without alerts
     * makes no query for them; kept by the alert routes (alerts/alertSettings.ts).
     */
    alerts: boolean('alerts').notNull().default(false),
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
    logic: jsonb('logic').$type<SurveyLogic>().notNull().default(NO_LOGIC),
    /**
     * The extra languages and their translations a survey made from the template starts with
     * (R-SURV-27), keyed as a survey's; none on the built-in templates and the older ones.
     */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    translations: jsonb('translations').$type<SurveyTranslations>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('survey_templates_organization_idx').on(t.organizationId)],
);

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyTemplateRow = typeof surveyTemplates.$inferSelect;
