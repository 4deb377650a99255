import type { AnswerValue, Question } from '../../../domain/contract';
import type { LogicPath } from '../../../domain/surveys/logic';
import { validateSubmission } from '../../../domain/surveys/model';
import { nextOnPath, remainingSeconds } from './respondentPath';
import { RESPONDENT_SESSION_MESSAGES, type RespondentState } from './respondentState';
import type { AnswerDraft } from './respondPorts';

/**
 * 'Vraag 3 van 8' and the numbers behind the progress bar, counted along the path the answers lead
 * to now (R-RESP-8): Y is the number of questions on it, so it changes as answers change.
 */
export function respondentProgress(state: Pick<RespondentState, 'index' | 'questions' | 'path'>): {
  readonly current: number;
  readonly total: number;
  readonly label: string;
} {
  const { visible } = state.path;
  const total = visible.length;
  const id = state.questions[state.index]?.id;
  const at = id === undefined ? -1 : visible.indexOf(id);
  let current = at + 1;
  if (at < 0) {
    // Not on the path (the introduction before a path is known): the questions on it before this one, plus one.
    const before = new Set(state.questions.slice(0, state.index).map((question) => question.id));
    current = visible.filter((visibleId) => before.has(visibleId)).length + 1;
  }
  current = total === 0 ? 0 : Math.min(current, total);
  return { current, total, label: `Vraag ${current} van ${total}` };
}

/** The question on screen is the last of the path (the last one, or its jump reaches an end screen): its button submits. */
export const onLastQuestion = ({ questions, path, index }: RespondentState): boolean =>
  nextOnPath(questions, path, index) < 0;

/** Seconds still to go from the question on screen (or the one 'Starten' leads to), along the path. */
export const respondentEstimate = ({ survey, questions, path, index }: RespondentState): number =>
  remainingSeconds(survey?.estimated_seconds ?? 0, questions, path, index);

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

/**
 * The first problem of every answer on the path as a final submission sees it, per question id
 * (none: null). A required question counts only where the path shows it (R-RESP-8).
 */
export function submissionProblems({
  questions,
  answers,
  path,
}: Pick<RespondentState, 'questions' | 'answers' | 'path'>): Record<string, string> | null {
  const onPath = questions.filter((question) => path.isVisible(question.id));
  const all = onPath.flatMap((question) => {
    const value = answers[question.id];
    return value === undefined ? [] : [{ question_id: question.id, value }];
  });
  const check = validateSubmission(onPath, all, { final: true });
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

/**
 * Where a respondent continues: the question on the path after the last one on it they answered
 * (the last one on the path at most). The caller lands the result on the path (`landOnPath`).
 */
export function resumeIndex(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
  path: LogicPath,
): number {
  let last = -1;
  questions.forEach((question, index) => {
    if (answers[question.id] !== undefined && path.isVisible(question.id)) last = index;
  });
  if (last < 0) return 0;
  const next = nextOnPath(questions, path, last);
  return next < 0 ? last : next;
}

/** The question a reload continues at: the draft's, when it names one of the questions, else `resumeIndex`. */
export function startIndex(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
  draft: AnswerDraft | null,
  path: LogicPath,
): number {
  const draftIndex = draft?.index;
  return typeof draftIndex === 'number' &&
    Number.isInteger(draftIndex) &&
    draftIndex >= 0 &&
    draftIndex < questions.length
    ? draftIndex
    : resumeIndex(questions, answers, path);
}

/**
 * The first question that needs attention (or `index` when none is marked), and whether the
 * detail of the failure still needs showing (no question holds it).
 */
export function problemTarget(
  questions: readonly Question[],
  errors: Readonly<Record<string, string>>,
  index: number,
  path: LogicPath,
): { readonly index: number; readonly marked: boolean } {
  const first = questions.findIndex(
    (question) => errors[question.id] !== undefined && path.isVisible(question.id),
  );
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
