import type { AnswerValue, LikertAnswer } from '../../contract';
import { ANSWER_MESSAGES } from '../model';
import type { CompiledLogic } from './compileLogic';
import type { LogicAnswers, LogicPath } from './logicTypes';

/**
 * What the server does with a submission's path (R-SURV-11): it keeps only the answers on the path
 * (`pruneAnswers`) and refuses a submission that leaves a required question on the path open or
 * goes on past the end screen it reached (`pathProblems`), in the words of `ANSWER_MESSAGES`.
 */

/** Why a submission does not fit its path. */
export type PathProblemCode = 'required' | 'incomplete' | 'past_end';

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
    const answer = answers.get(question.id);
    if (answer === undefined || isEmpty(answer)) {
      problems.push({ question_id: question.id, code: 'required', message: PATH_MESSAGES.required });
    } else if (question.type === 'likert') {
      const points = answer as LikertAnswer;
      if (!question.settings.statements.every((statement) => typeof points[statement.id] === 'number'))
        problems.push({ question_id: question.id, code: 'incomplete', message: PATH_MESSAGES.incomplete });
    }
  }
  return problems;
}

/** An answer that says nothing: no statement rated, nothing ticked, no text. */
function isEmpty(value: AnswerValue): boolean {
  const answer = value as { option_ids?: unknown; other?: unknown; text?: unknown };
  if (Array.isArray(answer.option_ids)) return answer.option_ids.length === 0 && answer.other === undefined;
  if (typeof answer.text === 'string') return answer.text.trim() === '';
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
