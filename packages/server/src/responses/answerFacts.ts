import type { Question } from '@loop/core';
import {
  type AnswerFacts,
  compareForOpenSurvey,
  OTHER_ITEM_ID,
  type QuestionUsage,
} from '@loop/core/surveys/model';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveyAnswers } from '../db/schema';
import { submittedResponseCount } from './responses';

/**
 * The facts core's `compareForOpenSurvey` needs about a survey's answers: how many responses were
 * submitted, and which options, statements and 'anders, namelijk' the stored answers use (saved
 * progress included, so a respondent halfway keeps a valid answer too). Usage is looked up only for
 * the questions the edit would change if every item counted as used: an ordinary autosave of a
 * survey with a million answers costs one count.
 */
export async function answerFacts(
  db: Queryable,
  surveyId: number,
  before: readonly Question[],
  after: readonly Question[],
): Promise<AnswerFacts> {
  const responseCount = await submittedResponseCount(db, surveyId);
  if (responseCount === 0) return { responseCount };
  const strict = compareForOpenSurvey(before, after, { responseCount });
  const questionIds = [...new Set(strict.map((refusal) => refusal.question_id))];
  const usage = new Map<string, { optionIds: Set<string>; statementIds: Set<string>; other: boolean }>();
  for (const { questionId, itemId } of await usedItems(db, surveyId, questionIds)) {
    let entry = usage.get(questionId);
    if (entry === undefined) {
      entry = { optionIds: new Set(), statementIds: new Set(), other: false };
      usage.set(questionId, entry);
    }
    if (itemId === OTHER_ITEM_ID) entry.other = true;
    else if (itemId !== '') {
      entry.optionIds.add(itemId);
      entry.statementIds.add(itemId);
    }
  }
  return { responseCount, usage: usage as ReadonlyMap<string, QuestionUsage> };
}

/** The distinct items stored for some questions of a survey (what their answers use). */
async function usedItems(
  db: Queryable,
  surveyId: number,
  questionIds: readonly string[],
): Promise<Array<{ readonly questionId: string; readonly itemId: string }>> {
  if (questionIds.length === 0) return [];
  return db
    .selectDistinct({ questionId: surveyAnswers.questionId, itemId: surveyAnswers.itemId })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), inArray(surveyAnswers.questionId, [...questionIds])));
}
