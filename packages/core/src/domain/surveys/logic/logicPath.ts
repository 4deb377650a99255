import type { AnswerValue, LikertAnswer, Question } from '../../contract';
import { ANSWER_MESSAGES } from '../model';
import type { CompiledLogic } from './compileLogic';
import type { LogicAnswers, LogicPath } from './logicTypes';

/**
 * What the server does with a submission's path (R-SURV-11): it keeps only the answers on the path
 * (`pruneAnswers`) and refuses a submission that leaves a required question on the path open or
 * goes on past the end screen it reached (`pathProblems`), in the words of `ANSWER_MESSAGES`.
 */

/** Why a submission does not fit its path. */
export type PathProblemCode = 'required' | 'incomplete' | 'past_end' | 'not_shown';

/** One question a submission's path refuses, with the Dutch text the page shows under it. */
export interface PathProblem {
  readonly question_id: string;
  readonly code: PathProblemCode;
  readonly message: string;
}

/** The Dutch texts of a path's problems; missing answers say what `validateSubmission` says. */
export const PATH_MESSAGES = {
  required: ANSWER_MESSAGES.required,
  incomplete: ANSWER_MESSAGES.incomplete,
  pastEnd: 'Deze vraag komt na het einde van de survey en hoort niet bij je antwoorden.',
  notShown: 'Deze vraag werd je niet getoond en hoort niet bij je antwoorden.',
} as const;

/** The answers of a list by question id, for `evaluate` (a later duplicate is ignored). */
export function answerMap(
  answers: readonly { readonly question_id: string; readonly value: AnswerValue }[],
): Map<string, AnswerValue> {
  const map = new Map<string, AnswerValue>();
  for (const answer of answers) if (!map.has(answer.question_id)) map.set(answer.question_id, answer.value);
  return map;
}

/** The answers to questions on the path, in the order given: the server stores only these. */
export function pruneAnswers<A extends { readonly question_id: string }>(
  path: LogicPath,
  answers: readonly A[],
): A[] {
  return answers.filter((answer) => path.isVisible(answer.question_id));
}

/**
 * Why a submission does not fit the path its answers lead to, one problem per question, in survey
 * order: with `final` (submitting, not saving progress) each required question on the path without
 * an answer, or a required Likert question with a statement left open; and, always, each answer to a
 * question after the end screen the path reached. Answers to questions a rule hid or a jump skipped
 * are no problem: the respondent may have changed an earlier answer, and `pruneAnswers` drops them.
 */
export function pathProblems(
  logic: CompiledLogic,
  path: LogicPath,
  answers: LogicAnswers,
  options: { readonly final: boolean } = { final: true },
): PathProblem[] {
  const problems: PathProblem[] = [];
  let pastEnd = false;
  for (const question of logic.questions) {
    if (pastEnd) {
      if (answers.has(question.id))
        problems.push({ question_id: question.id, code: 'past_end', message: PATH_MESSAGES.pastEnd });
      continue;
    }
    if (question.id === path.ended_after) pastEnd = true;
    if (!options.final || !question.required || !path.isVisible(question.id)) continue;
    const problem = missingOnPath(question, answers.get(question.id));
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

/** A required question's problem on the path: no answer, or a Likert question answered in part. */
function missingOnPath(question: Question, answer: AnswerValue | undefined): PathProblem | null {
  if (answer === undefined || isEmpty(answer))
    return { question_id: question.id, code: 'required', message: PATH_MESSAGES.required };
  if (question.type !== 'likert') return null;
  const points = answer as LikertAnswer;
  return question.settings.statements.every((statement) => typeof points[statement.id] === 'number')
    ? null
    : { question_id: question.id, code: 'incomplete', message: PATH_MESSAGES.incomplete };
}

/**
 * Why a final submission is refused on the server (R-RESP-6), one problem per question in survey
 * order: each required question on the path left open over `answers` (what was saved plus what was
 * sent), and each answer `sent` in this very request to a question the path did not show (a rule hid
 * it or a jump passed it: `not_shown`) or that comes after the end screen it reached (`past_end`).
 * The answering page sends only what it showed, so these come from a forged or stale request; an
 * answer saved earlier that is now off the path is no problem: the server deletes it.
 */
export function submissionProblems(
  logic: CompiledLogic,
  path: LogicPath,
  answers: LogicAnswers,
  sent: LogicAnswers,
): PathProblem[] {
  const problems: PathProblem[] = [];
  const answered = (id: string) => {
    const value = sent.get(id);
    return value !== undefined && !isEmpty(value);
  };
  let pastEnd = false;
  for (const question of logic.questions) {
    if (pastEnd) {
      if (answered(question.id))
        problems.push({ question_id: question.id, code: 'past_end', message: PATH_MESSAGES.pastEnd });
      continue;
    }
    if (question.id === path.ended_after) pastEnd = true;
    if (!path.isVisible(question.id)) {
      if (answered(question.id))
        problems.push({ question_id: question.id, code: 'not_shown', message: PATH_MESSAGES.notShown });
      continue;
    }
    if (!question.required) continue;
    const problem = missingOnPath(question, answers.get(question.id));
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

/** An answer that says nothing: no statement rated, nothing ticked, no text. */
export function isEmpty(value: AnswerValue): boolean {
  const answer = value as { option_ids?: unknown; other?: unknown; text?: unknown };
  if (Array.isArray(answer.option_ids)) return answer.option_ids.length === 0 && answer.other === undefined;
  if (typeof answer.text === 'string') return answer.text.trim() === '';
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
