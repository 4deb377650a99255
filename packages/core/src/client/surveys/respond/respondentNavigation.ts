import type { AnswerValue, Question } from '../../../domain/contract';
import { validateSubmission } from '../../../domain/surveys/model';
import { RESPONDENT_SESSION_MESSAGES, type RespondentState } from './respondentState';
import type { AnswerDraft } from './respondPorts';

/** 'Vraag 3 van 8' and the numbers behind the progress bar. */
export function respondentProgress(state: Pick<RespondentState, 'index' | 'questions'>): {
  readonly current: number;
  readonly total: number;
  readonly label: string;
} {
  const total = state.questions.length;
  const current = total === 0 ? 0 : Math.min(state.index, total - 1) + 1;
  return { current, total, label: `Vraag ${current} van ${total}` };
}

/** The id of the question on screen, or null when none is (introduction, thank-you page). */
export function questionOnScreen({ phase, questions, index }: RespondentState): string | null {
  return phase === 'question' ? (questions[index]?.id ?? null) : null;
}

/** The first problem with one question's answer as a final submission would see it (required included). */
export function questionProblem(question: Question, value: AnswerValue | undefined): string | null {
  const entries = value === undefined ? [] : [{ question_id: question.id, value }];
  const check = validateSubmission([question], entries, { final: true });
  return check.ok ? null : (check.fields[question.id] ?? check.detail);
}

/** The first problem of every answer as a final submission sees it, per question id (none: null). */
export function submissionProblems({
  questions,
  answers,
}: Pick<RespondentState, 'questions' | 'answers'>): Record<string, string> | null {
  const all = questions.flatMap((question) => {
    const value = answers[question.id];
    return value === undefined ? [] : [{ question_id: question.id, value }];
  });
  const check = validateSubmission(questions, all, { final: true });
  return check.ok ? null : fieldErrors(check.fields);
}

/** Server field keys are `answers.<question id>`; core's own checks use the bare id. */
export const fieldErrors = (fields: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    errors[key.startsWith('answers.') ? key.slice('answers.'.length) : key] = message;
  }
  return errors;
};

/** A failure that may pass by itself: no connection, rate limit, server trouble. */
export const isTransient = (status: number): boolean => status === 0 || status === 429 || status >= 500;

/** Where a respondent continues: after the last question they answered (the last one at most). */
export function resumeIndex(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): number {
  let last = -1;
  questions.forEach((question, index) => {
    if (answers[question.id] !== undefined) last = index;
  });
  return Math.max(0, Math.min(last + 1, questions.length - 1));
}

/** The question a reload continues at: the draft's, when it names one of the questions, else `resumeIndex`. */
export function startIndex(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
  draft: AnswerDraft | null,
): number {
  const draftIndex = draft?.index;
  return typeof draftIndex === 'number' &&
    Number.isInteger(draftIndex) &&
    draftIndex >= 0 &&
    draftIndex < questions.length
    ? draftIndex
    : resumeIndex(questions, answers);
}

/**
 * The first question that needs attention (or `index` when none is marked), and whether the
 * detail of the failure still needs showing (no question holds it).
 */
export function problemTarget(
  questions: readonly Question[],
  errors: Readonly<Record<string, string>>,
  index: number,
): { readonly index: number; readonly marked: boolean } {
  const first = questions.findIndex((question) => errors[question.id] !== undefined);
  return first >= 0 ? { index: first, marked: true } : { index, marked: false };
}

type Failure = {
  readonly status: number;
  readonly detail: string;
  readonly fields?: Readonly<Record<string, string>>;
};

/** A failure that ends the page: unknown link or closed survey (409, already submitted, completes it). */
export const endsPage = (status: number): boolean => status === 404 || status === 410;

/**
 * A failed save: a failure that may pass by itself says so (it is tried again); answers the
 * server refused (rules changed under the page) are shown at their questions, sent again once changed.
 */
export function saveFailure(
  failure: Failure,
  errors: Readonly<Record<string, string>>,
): Partial<RespondentState> {
  if (isTransient(failure.status)) {
    const saveError = failure.status === 0 ? RESPONDENT_SESSION_MESSAGES.saveFailed : failure.detail;
    return { saveStatus: 'failed', saveError };
  }
  return {
    saveStatus: 'failed',
    saveError: failure.detail,
    errors: { ...errors, ...fieldErrors(failure.fields) },
  };
}
