import type { AnswerInput, AnswerValue, Question } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  type AnswerItem,
  answerFromItems,
  answerToItems,
  SECONDS_SPENT_MAX,
  validateSubmission,
} from '@loop/core/surveys/model';
import type { QuestionItem } from './responses';

/** A refused request: the Dutch summary and one message per `answers.<question id>`. */
export interface AnswerRefusal {
  readonly detail: string;
  readonly fields: FieldErrors;
}

/** What a valid save or submission writes. */
export interface AnswerPlan {
  readonly ok: true;
  /** Every question the request answered, also with an empty answer (a cleared answer replaces the old one). */
  readonly questionIds: readonly string[];
  readonly items: readonly QuestionItem[];
  readonly seconds: ReadonlyArray<{ readonly question_id: string; readonly seconds: number }>;
  /**
   * Set when a submission leaves required questions open in what it sent: they may have been
   * answered in an earlier save, so the check runs again over those saved answers.
   */
  readonly checkWithSaved:
    | ((saved: ReadonlyMap<string, readonly AnswerItem[]>) => AnswerRefusal | null)
    | null;
  /** The answers that say something, checked, in survey order (an empty one is left out). */
  readonly answers: readonly { readonly question_id: string; readonly value: AnswerValue }[];
}

/** Field keys on the wire: `answers.<question id>`, or `answers` for the list itself. */
export function refusal(check: { readonly detail: string; readonly fields: FieldErrors }): AnswerRefusal {
  const fields = Object.fromEntries(
    Object.entries(check.fields).map(([key, message]) => [
      key === 'answers' ? key : `answers.${key}`,
      message,
    ]),
  );
  return { detail: check.detail, fields };
}

const entriesOf = (answers: unknown): ReadonlyArray<Record<string, unknown>> =>
  Array.isArray(answers) ? (answers as Record<string, unknown>[]) : [];

/**
 * Checks the answers of a request with core's rules and turns them into rows: every problem at
 * once with Dutch messages (nothing is written then), else the items per question (`answerToItems`)
 * and the seconds per question (whole seconds, capped like core caps them). With `pathRequired` (a
 * survey with rules) a submission's required questions are left to its path (R-SURV-11).
 */
export function planAnswers(
  questions: readonly Question[],
  answers: unknown,
  final: boolean,
  options: { readonly pathRequired?: boolean } = {},
): AnswerPlan | { readonly ok: false; readonly refusal: AnswerRefusal } {
  // Shapes and values first: a final submission's required check may still need saved answers.
  const sent = validateSubmission(questions, answers, { final: false });
  if (!sent.ok) return { ok: false, refusal: refusal(sent) };
  const byId = new Map(questions.map((question) => [question.id, question]));
  const items: QuestionItem[] = [];
  for (const answer of sent.answers) {
    const question = byId.get(answer.question_id) as Question;
    for (const item of answerToItems(question, answer.value))
      items.push({ question_id: question.id, ...item });
  }
  const entries = entriesOf(answers);
  const questionIds = entries.map((entry) => entry.question_id as string);
  const seconds = entries.flatMap((entry) =>
    typeof entry.seconds_spent === 'number'
      ? [
          {
            question_id: entry.question_id as string,
            seconds: Math.round(Math.min(entry.seconds_spent, SECONDS_SPENT_MAX)),
          },
        ]
      : [],
  );
  const complete =
    !final || options.pathRequired === true || validateSubmission(questions, answers, { final: true }).ok;
  const checkWithSaved = complete
    ? null
    : (saved: ReadonlyMap<string, readonly AnswerItem[]>): AnswerRefusal | null => {
        const sentIds = new Set(questionIds);
        const earlier: AnswerInput[] = questions.flatMap((question) => {
          if (sentIds.has(question.id)) return [];
          const value = answerFromItems(question, saved.get(question.id) ?? []);
          return value === null ? [] : [{ question_id: question.id, value }];
        });
        const check = validateSubmission(questions, [...entries, ...earlier], { final: true });
        return check.ok ? null : refusal(check);
      };
  return { ok: true, questionIds, items, seconds, checkWithSaved, answers: sent.answers };
}
