import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { surveys } from './surveys';

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
    /**
     * The pulse round (issue 27) whose invitation made this personal link; null for public links and
     * invitations outside rounds. No foreign key: a round goes only with its survey, and so does this row.
     */
    roundId: integer('round_id'),
    anonymisedAt: timestamptz('anonymised_at'),
    /**
     * Its number within the survey once submitted ('Reactie 3'), given where responses are read
     * (respondents/responseOrdinals.ts), never on the answering path; null before that.
     */
    ordinal: integer('ordinal'),
    /**
     * Survey logic (issue 26): the declared hidden fields the link carried (public link: its query
     * string; personal link: the contact), fixed at the response's first write; the language it was
     * answered in; the questions the respondent's path did not show (results count who saw a question
     * as the submitted responses without it here, so a survey without logic writes nothing more); and
     * the end screen a jump ended it on.
     */
    hiddenFields: jsonb('hidden_fields').$type<Record<string, string>>().notNull().default({}),
    language: text('language'),
    unseenQuestionIds: text('unseen_question_ids').array().notNull().default(sql`'{}'::text[]`),
    endScreenId: text('end_screen_id'),
  },
  (t) => [
    uniqueIndex('survey_responses_respondent_key_unique').on(t.surveyId, t.respondentKey),
    // Partial: a save or submission (ordinal still null) writes no entry in it.
    uniqueIndex('survey_responses_ordinal_unique')
      .on(t.surveyId, t.ordinal)
      .where(sql`${t.ordinal} is not null`),
    index('survey_responses_survey_status_idx').on(t.surveyId, t.status, t.completedAt),
    index('survey_responses_organization_completed_idx').on(t.organizationId, t.completedAt),
    index('survey_responses_round_idx').on(t.roundId).where(sql`${t.roundId} is not null`),
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
    /**
     * Which of a key's rows (R-RESP-16): concurrent submitting statements add to different shards,
     * so none waits for another's commit on a survey's hot rows; a reader sums a key's shards.
     */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'survey_answer_counts_pk',
      columns: [t.surveyId, t.questionId, t.itemId, t.grain, t.bucket, t.shard],
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
    /** Which of a key's rows, as in `survey_answer_counts` (R-RESP-16). */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'survey_response_counts_pk', columns: [t.surveyId, t.grain, t.bucket, t.shard] }),
    check('survey_response_counts_grain_check', sql`${t.grain} in ('week', 'month')`),
  ],
);
