import {
  NO_LOGIC,
  type QuestionTiming,
  type Survey,
  type SurveyInput,
  type SurveyStatus,
  type SurveySummary,
} from '@loop/core';
import { estimateSeconds, renumberQuestions } from '@loop/core/surveys/model';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRow, surveys } from '../db/schema';
import { offsetOf, type Paging, toPage } from '../http/paging';
import { QuestionTimingsMemo } from '../responses/questionTimings';
import {
  loadSurveyStats,
  NO_RESPONSES,
  NO_SURVEY_STATS,
  type ResponseSummary,
  responseSummaries,
  type SurveyStats,
} from '../results/surveyStats';

/** The Dutch texts of the survey routes. */
export const SURVEY_ERRORS = {
  notFound: 'Survey niet gevonden.',
  staleVersion:
    'Deze survey is intussen ergens anders gewijzigd. Laad de nieuwste versie en breng je wijzigingen opnieuw aan.',
  openEditRefused: 'Deze wijziging kan niet worden opgeslagen: de survey heeft al antwoorden.',
  changedMeanwhile: 'Deze survey werd net ergens anders gewijzigd. Probeer het opnieuw.',
} as const;

export {
  checkedSurveyInput,
  checkOpenSurveyLogic,
  copyTitle,
  freshCopy,
  SURVEY_BODY_LIMIT,
  withFreshIds,
} from './surveyInput';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** Where a survey is in its life, as the survey and a row of the list both show it. */
const lifecycleOf = (row: SurveyRow) => ({
  status: row.status,
  close_at: iso(row.closeAt),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  published_at: iso(row.publishedAt),
  closed_at: iso(row.closedAt),
});

/**
 * The wire survey. `stats` are its submitted responses and observed question times; callers that
 * may face a survey with responses load them with `surveyWithStats`.
 */
export function toSurvey(row: SurveyRow, stats: SurveyStats = NO_SURVEY_STATS): Survey {
  const questions = renumberQuestions(row.questions);
  return {
    id: row.id,
    organization_id: row.organizationId,
    title: row.title,
    description_html: row.descriptionHtml,
    introduction_html: row.introductionHtml,
    thank_you_text: row.thankYouText,
    ...lifecycleOf(row),
    questions,
    logic: row.logic,
    languages: row.languages,
    translations: row.translations,
    max_responses: row.maxResponses,
    quotas: row.quotas,
    response_count: stats.responseCount,
    question_timings: stats.timings,
    version: row.version,
    estimated_seconds: estimateSeconds(questions, stats.timings),
    retention_until: row.retentionUntil,
    retention_months: row.retentionMonths,
    anonymous: row.anonymous,
  };
}

/** The wire survey with its response count and observed times (GET /surveys/:id). */
export async function surveyWithStats(db: Queryable, row: SurveyRow): Promise<Survey> {
  return toSurvey(row, await loadSurveyStats(db, row.id));
}

/**
 * A row of the list. Its estimate is the survey's own (`toSurvey`): the same medians, so the list,
 * the editor and the results page say the same time.
 */
function toSummary(
  row: SurveyRow,
  responses: ResponseSummary,
  timings: Readonly<Record<string, QuestionTiming>> | undefined,
): SurveySummary {
  return {
    id: row.id,
    title: row.title,
    ...lifecycleOf(row),
    question_count: row.questions.length,
    ...responses,
    estimated_seconds: estimateSeconds(row.questions, timings),
  };
}

/** The columns of a validated editor input; without `logic`, `languages` or `translations` the stored ones stay. */
export const inputColumns = (input: SurveyInput) => ({
  title: input.title,
  descriptionHtml: input.description_html,
  introductionHtml: input.introduction_html,
  thankYouText: input.thank_you_text,
  closeAt: input.close_at === null ? null : new Date(input.close_at),
  questions: [...input.questions],
  ...(input.logic === undefined ? {} : { logic: input.logic }),
  ...(input.languages === undefined ? {} : { languages: [...input.languages] }),
  ...(input.translations === undefined ? {} : { translations: input.translations }),
  ...(input.max_responses === undefined ? {} : { maxResponses: input.max_responses }),
  ...(input.quotas === undefined ? {} : { quotas: [...input.quotas] }),
});

/** A survey of the organisation, or null (unknown, or another organisation's). */
export async function findSurvey(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<SurveyRow | null> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, id), eq(surveys.organizationId, organizationId)));
  return row ?? null;
}

/** `%` and `_` typed by the user are searched for literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A page of the organisation's surveys. Each row's estimate uses the survey's observed medians, as
 * GET /surveys/:id does; `timings` computes them only for surveys whose submitted responses changed
 * since it last did (one statement for all of them), from the counts the page reads anyway.
 */
export async function listSurveys(
  db: Queryable,
  organizationId: number,
  filter: { readonly q?: string; readonly status?: SurveyStatus },
  paging: Paging,
  timings: QuestionTimingsMemo = new QuestionTimingsMemo(),
) {
  const conditions: SQL[] = [eq(surveys.organizationId, organizationId)];
  const q = filter.q?.trim() ?? '';
  // PostgreSQL text cannot hold a NUL: no title contains one, and it may not be sent as a parameter.
  if (q.includes('\u0000')) conditions.push(sql`false`);
  else if (q !== '') conditions.push(ilike(surveys.title, likePattern(q)));
  if (filter.status !== undefined) conditions.push(eq(surveys.status, filter.status));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(surveys).where(where);
  const rows = await db
    .select()
    .from(surveys)
    .where(where)
    .orderBy(desc(surveys.updatedAt), desc(surveys.id))
    .limit(paging.pageSize)
    .offset(offsetOf(paging));
  const responses = await responseSummaries(
    db,
    rows.map((row) => row.id),
  );
  const observed = await timings.get(
    db,
    rows.map((row) => {
      const summary = responses.get(row.id) ?? NO_RESPONSES;
      return {
        surveyId: row.id,
        completed: summary.response_count,
        lastCompletedAt: summary.last_response_at,
      };
    }),
  );
  return toPage(
    rows.map((row) => toSummary(row, responses.get(row.id) ?? NO_RESPONSES, observed.get(row.id))),
    total?.value ?? 0,
    paging,
  );
}

export async function insertSurvey(
  db: Queryable,
  values: {
    readonly organizationId: number;
    readonly createdBy: number;
    readonly now: Date;
    readonly input: SurveyInput;
  },
): Promise<SurveyRow> {
  const [row] = await db
    .insert(surveys)
    .values({
      organizationId: values.organizationId,
      createdBy: values.createdBy,
      ...inputColumns(values.input),
      logic: values.input.logic ?? NO_LOGIC,
      status: 'draft',
      version: 1,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

/**
 * Saves editor content only if the stored version is still `version` and the status still the one
 * it was checked for (a draft's content may lack what an open survey's may not); null when either
 * changed meanwhile (or the survey is gone).
 */
export async function updateSurveyContent(
  db: Queryable,
  survey: SurveyRow,
  version: number,
  input: SurveyInput,
  now: Date,
): Promise<SurveyRow | null> {
  const [row] = await db
    .update(surveys)
    .set({ ...inputColumns(input), version: sql`${surveys.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(surveys.id, survey.id),
        eq(surveys.organizationId, survey.organizationId),
        eq(surveys.version, version),
        eq(surveys.status, survey.status),
      ),
    )
    .returning();
  return row ?? null;
}

/** The timestamps a status change sets: opening keeps the first publish date, back to draft clears them. */
export function statusColumns(survey: SurveyRow, to: SurveyStatus, now: Date) {
  switch (to) {
    case 'open':
      return { status: to, publishedAt: survey.publishedAt ?? now, closedAt: null };
    case 'closed':
      return { status: to, closedAt: now };
    case 'draft':
      return { status: to, publishedAt: null, closedAt: null };
  }
}

/**
 * Changes the status only if the content is still the version the change was decided on (opening
 * checked that nothing is missing, and a draft's save may be landing at the same moment); null when
 * it changed meanwhile (or the survey is gone).
 */
export async function setSurveyStatus(
  db: Queryable,
  survey: SurveyRow,
  to: SurveyStatus,
  now: Date,
): Promise<SurveyRow | null> {
  const [row] = await db
    .update(surveys)
    .set({ ...statusColumns(survey, to, now), updatedAt: now })
    .where(
      and(
        eq(surveys.id, survey.id),
        eq(surveys.organizationId, survey.organizationId),
        eq(surveys.version, survey.version),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Deletes a survey of the organisation in any status. Its responses go with it through the foreign
 * key's cascade, and their answers through the statement trigger `survey_responses_delete_answers`.
 * False when it was already gone.
 */
export async function deleteSurvey(db: Queryable, survey: SurveyRow): Promise<boolean> {
  const deleted = await db
    .delete(surveys)
    .where(and(eq(surveys.id, survey.id), eq(surveys.organizationId, survey.organizationId)))
    .returning({ id: surveys.id });
  return deleted.length > 0;
}
