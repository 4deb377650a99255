import type { Quota, SurveyFill } from '@loop/core';
import { type LogicAnswers, type LogicContext, QUOTA_MESSAGES, quotaMatcher } from '@loop/core/surveys/logic';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveyQuotaMembers, surveyResponseCounts, surveys } from '../db/schema';
import { type ResponseWrite, writeResponse } from './responses';
import type { SurveyContent } from './surveyQuestionsCache';

/**
 * The submission of a survey with a cap or quotas (R-SURV-21, R-SURV-22, R-RESP-13): one
 * transaction that locks the survey row, so submissions of one survey pass one at a time; under the
 * lock it reads the cap and the quotas as they are now, counts, and either writes the submission and
 * its quota places or writes nothing. Surveys without a cap or quotas never come here: their
 * submissions keep the batched answering statement (docs/decisions/surveys.md 'Caps and quotas').
 */
export type CappedOutcome =
  | { readonly kind: 'written' }
  /** The response changed since it was read (another request of it): read again and retry. */
  | { readonly kind: 'raced' }
  /** Nothing written: the cap (`quota` null) or this quota is full; `text` is the end screen's. */
  | { readonly kind: 'full'; readonly text: string; readonly quota: string | null };

/** What the capped submission needs beside the write: the whole response, for its quotas. */
export interface CappedSubmission {
  readonly write: ResponseWrite;
  readonly content: SurveyContent;
  /** The response's answers (saved and sent) as submitted; read before the transaction. */
  readonly answers: LogicAnswers;
  readonly context: LogicContext;
}

/** Matchers per survey, made again when its content version or quotas change. */
const matchers = new Map<number, { readonly key: string; readonly match: ReturnType<typeof quotaMatcher> }>();
const MATCHERS_MAX = 1000;

function matcherOf(surveyId: number, content: SurveyContent, version: string, quotas: readonly Quota[]) {
  const key = `${version}:${JSON.stringify(quotas)}`;
  const cached = matchers.get(surveyId);
  if (cached?.key === key) return cached.match;
  const match = quotaMatcher(content.questions, content.logic, quotas);
  if (matchers.size >= MATCHERS_MAX) matchers.clear();
  matchers.set(surveyId, { key, match });
  return match;
}

/** The submitted responses of a survey: the counts the answering statement keeps, summed by month. */
async function submittedCount(db: Queryable, surveyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${surveyResponseCounts.completed}), 0)::int` })
    .from(surveyResponseCounts)
    .where(and(eq(surveyResponseCounts.surveyId, surveyId), eq(surveyResponseCounts.grain, 'month')));
  return Number(row?.n ?? 0);
}

/** How many responses each of some quotas counted. */
async function quotaCounts(
  db: Queryable,
  surveyId: number,
  quotaIds: readonly string[],
): Promise<Map<string, number>> {
  if (quotaIds.length === 0) return new Map();
  const rows = await db
    .select({ quotaId: surveyQuotaMembers.quotaId, n: count() })
    .from(surveyQuotaMembers)
    .where(and(eq(surveyQuotaMembers.surveyId, surveyId), inArray(surveyQuotaMembers.quotaId, [...quotaIds])))
    .groupBy(surveyQuotaMembers.quotaId);
  return new Map(rows.map((row) => [row.quotaId, Number(row.n)]));
}

export async function submitCapped(db: Queryable, submission: CappedSubmission): Promise<CappedOutcome> {
  const { write, content } = submission;
  return db.transaction(async (tx) => {
    const [survey] = await tx
      .select({ max: surveys.maxResponses, quotas: surveys.quotas, version: surveys.version })
      .from(surveys)
      .where(eq(surveys.id, write.surveyId))
      .for('update');
    if (survey === undefined) return { kind: 'raced' } as const;
    if (survey.max !== null && (await submittedCount(tx, write.surveyId)) >= survey.max)
      return { kind: 'full', text: QUOTA_MESSAGES.full, quota: null } as const;
    const matched =
      survey.quotas.length === 0
        ? []
        : matcherOf(
            write.surveyId,
            content,
            String(survey.version),
            survey.quotas,
          )(submission.answers, submission.context);
    const counts = await quotaCounts(
      tx,
      write.surveyId,
      matched.map((quota) => quota.id),
    );
    const over = matched.find((quota) => (counts.get(quota.id) ?? 0) >= quota.max);
    if (over !== undefined)
      return {
        kind: 'full',
        text: over.end_screen_text.trim() || QUOTA_MESSAGES.quotaFull,
        quota: over.id,
      } as const;
    if (!(await writeResponse(tx, write))) return { kind: 'raced' } as const;
    if (matched.length > 0)
      await tx.insert(surveyQuotaMembers).values(
        matched.map((quota) => ({
          surveyId: write.surveyId,
          quotaId: quota.id,
          responseId: write.response.id,
        })),
      );
    return { kind: 'written' } as const;
  });
}

/** Whether a survey takes no more submissions: its cap is reached (R-SURV-21). */
export async function surveyIsFull(db: Queryable, surveyId: number): Promise<boolean> {
  const [survey] = await db
    .select({ max: surveys.maxResponses })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (survey?.max == null) return false;
  return (await submittedCount(db, surveyId)) >= survey.max;
}

/** How full a survey's cap and quotas are (the results screen). */
export async function surveyFill(
  db: Queryable,
  survey: { readonly id: number; readonly maxResponses: number | null; readonly quotas: readonly Quota[] },
): Promise<SurveyFill> {
  const [submitted, counts] = await Promise.all([
    survey.maxResponses === null ? Promise.resolve(0) : submittedCount(db, survey.id),
    quotaCounts(
      db,
      survey.id,
      survey.quotas.map((quota) => quota.id),
    ),
  ]);
  return {
    cap: survey.maxResponses === null ? null : { max: survey.maxResponses, count: submitted },
    quotas: survey.quotas.map((quota) => ({
      id: quota.id,
      name: quota.name,
      max: quota.max,
      count: counts.get(quota.id) ?? 0,
    })),
  };
}

/**
 * Whether a save of a survey with a cap or quotas can already tell the respondent that they will
 * not get in (R-RESP-13): the cap is reached, or a quota they match is full and its conditions are
 * decided (every question they read is answered). Read without the lock: the submission decides.
 */
export async function fullAtSave(
  db: Queryable,
  submission: Omit<CappedSubmission, 'write'> & { readonly surveyId: number },
): Promise<CappedOutcome | null> {
  const [survey] = await db
    .select({ max: surveys.maxResponses, quotas: surveys.quotas, version: surveys.version })
    .from(surveys)
    .where(eq(surveys.id, submission.surveyId));
  if (survey === undefined) return null;
  if (survey.max !== null && (await submittedCount(db, submission.surveyId)) >= survey.max)
    return { kind: 'full', text: QUOTA_MESSAGES.full, quota: null };
  const decided = new Set(
    survey.quotas
      .filter((quota) =>
        quota.when.conditions.every(
          (condition) => condition.source !== 'question' || submission.answers.has(condition.question_id),
        ),
      )
      .map((quota) => quota.id),
  );
  if (decided.size === 0) return null;
  const match = matcherOf(submission.surveyId, submission.content, String(survey.version), survey.quotas);
  const matched = match(submission.answers, submission.context).filter((quota) => decided.has(quota.id));
  const counts = await quotaCounts(
    db,
    submission.surveyId,
    matched.map((quota) => quota.id),
  );
  const over = matched.find((quota) => (counts.get(quota.id) ?? 0) >= quota.max);
  return over === undefined
    ? null
    : { kind: 'full', text: over.end_screen_text.trim() || QUOTA_MESSAGES.quotaFull, quota: over.id };
}
