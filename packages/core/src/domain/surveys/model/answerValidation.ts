import type { FieldErrors } from '../../auth';
import type {
  AnswerValue,
  DateAnswer,
  DropdownAnswer,
  LikertAnswer,
  MultipleChoiceAnswer,
  NumberAnswer,
  Question,
  QuestionOf,
  RankingAnswer,
  SingleChoiceAnswer,
} from '../../contract';
import {
  type AnswerCheck,
  accept,
  checkDate,
  checkDropdown,
  checkNumber,
  checkRanking,
  isRecord,
  refuse,
  type SubmissionErrorCode,
  WRONG_TYPE,
} from './answerChecks';
import { ANSWER_MESSAGES } from './answerMessages';

/**
 * Answer rules shared by the answering page and the server: the page shows the message under the
 * question, the server refuses the whole submission (nothing stored) with the same Dutch text.
 * Values arrive as untrusted JSON, so every check takes `unknown` and returns a value, never throws.
 */

/** No open text is ever stored longer than this, whatever a question's `max_length` says. */
export const OPEN_TEXT_HARD_MAX_LENGTH = 5000;
/** Longest 'anders, namelijk' text. */
export const OTHER_TEXT_MAX_LENGTH = 500;
/** `seconds_spent` above this (a tab left open for days) is stored as this. */
export const SECONDS_SPENT_MAX = 86_400;

export type { AnswerCheck, AnswerErrorCode, SubmissionErrorCode } from './answerChecks';
export { ANSWER_MESSAGES } from './answerMessages';

/** Why one answer value is refused. */
/** Postgres text cannot hold NUL; the rest of the text is kept as typed, ends trimmed. */
const cleanText = (text: string): string => text.replaceAll('\u0000', '').trim();

/** The limit an open-text answer is held to: the question's own, never above the hard cap. */
export const openTextLimit = (maxLength: number): number =>
  Number.isInteger(maxLength) && maxLength > 0
    ? Math.min(maxLength, OPEN_TEXT_HARD_MAX_LENGTH)
    : OPEN_TEXT_HARD_MAX_LENGTH;

function checkScore(value: unknown, min: number, max: number): AnswerCheck {
  if (!isRecord(value) || typeof value.score !== 'number') return WRONG_TYPE;
  const { score } = value;
  if (!Number.isInteger(score) || score < min || score > max)
    return refuse('out_of_range', ANSWER_MESSAGES.scoreRange(min, max));
  return accept({ score });
}

function checkLikert(question: QuestionOf<'likert'>, value: unknown): AnswerCheck {
  if (!isRecord(value)) return WRONG_TYPE;
  const { points, statements } = question.settings;
  const known = new Set(statements.map((statement) => statement.id));
  const entries: [string, number][] = [];
  for (const [statementId, point] of Object.entries(value)) {
    if (!known.has(statementId)) return refuse('unknown_statement', ANSWER_MESSAGES.unknownStatement);
    if (typeof point !== 'number') return WRONG_TYPE;
    if (!Number.isInteger(point) || point < 1 || point > points)
      return refuse('out_of_range', ANSWER_MESSAGES.likertRange(points));
    entries.push([statementId, point]);
  }
  return accept(Object.fromEntries(entries) as LikertAnswer);
}

function checkOther(allowOther: boolean, other: unknown): AnswerCheck | string {
  if (typeof other !== 'string') return WRONG_TYPE;
  if (!allowOther) return refuse('other_not_allowed', ANSWER_MESSAGES.otherNotAllowed);
  const text = cleanText(other);
  if (text === '') return refuse('other_missing', ANSWER_MESSAGES.otherMissing);
  if (text.length > OTHER_TEXT_MAX_LENGTH)
    return refuse('too_long', ANSWER_MESSAGES.tooLong(OTHER_TEXT_MAX_LENGTH));
  return text;
}

function checkSingleChoice(question: QuestionOf<'single_choice'>, value: unknown): AnswerCheck {
  if (!isRecord(value)) return WRONG_TYPE;
  // null counts as absent, as JSON clients often send it for the field not in use.
  const hasOption = value.option_id !== undefined && value.option_id !== null;
  const hasOther = value.other !== undefined && value.other !== null;
  if (hasOption === hasOther) return WRONG_TYPE;
  if (hasOther) {
    const other = checkOther(question.settings.allow_other, value.other);
    return typeof other === 'string' ? accept({ other } satisfies SingleChoiceAnswer) : other;
  }
  if (typeof value.option_id !== 'string') return WRONG_TYPE;
  const optionId = value.option_id;
  if (!question.settings.options.some((option) => option.id === optionId))
    return refuse('unknown_option', ANSWER_MESSAGES.unknownOption);
  return accept({ option_id: optionId });
}

function checkMultipleChoice(question: QuestionOf<'multiple_choice'>, value: unknown): AnswerCheck {
  if (!isRecord(value) || !Array.isArray(value.option_ids)) return WRONG_TYPE;
  const { options, allow_other, min_choices, max_choices } = question.settings;
  const known = new Set(options.map((option) => option.id));
  const chosen = new Set<string>();
  for (const id of value.option_ids as readonly unknown[]) {
    if (typeof id !== 'string') return WRONG_TYPE;
    if (!known.has(id)) return refuse('unknown_option', ANSWER_MESSAGES.unknownOption);
    if (chosen.has(id)) return refuse('duplicate_option', ANSWER_MESSAGES.duplicateOption);
    chosen.add(id);
  }
  let other: string | undefined;
  if (value.other !== undefined && value.other !== null) {
    const checked = checkOther(allow_other, value.other);
    if (typeof checked !== 'string') return checked;
    other = checked;
  }
  const count = chosen.size + (other === undefined ? 0 : 1);
  // Nothing chosen is a skipped question (refused later only when it is required), not "too few".
  if (count > 0 && min_choices !== undefined && count < min_choices)
    return refuse('too_few_choices', ANSWER_MESSAGES.tooFewChoices(min_choices));
  if (max_choices !== undefined && count > max_choices)
    return refuse('too_many_choices', ANSWER_MESSAGES.tooManyChoices(max_choices));
  const answer: MultipleChoiceAnswer =
    other === undefined ? { option_ids: [...chosen] } : { option_ids: [...chosen], other };
  return accept(answer);
}

function checkOpenText(maxLength: number, value: unknown): AnswerCheck {
  if (!isRecord(value) || typeof value.text !== 'string') return WRONG_TYPE;
  const text = cleanText(value.text);
  const limit = openTextLimit(maxLength);
  if (text.length > limit) return refuse('too_long', ANSWER_MESSAGES.tooLong(limit));
  return accept({ text });
}

/** Checks one answer value against its question: shape, range, known options and statements, length. */
export function validateAnswer(question: Question, value: unknown): AnswerCheck {
  switch (question.type) {
    case 'likert':
      return checkLikert(question, value);
    case 'single_choice':
      return checkSingleChoice(question, value);
    case 'multiple_choice':
      return checkMultipleChoice(question, value);
    case 'open_short':
    case 'open_long':
      return checkOpenText(question.settings.max_length, value);
    case 'nps':
      return checkScore(value, 0, 10);
    case 'rating':
      return checkScore(value, 1, question.settings.scale);
    case 'text_block':
      return refuse('wrong_type', ANSWER_MESSAGES.noAnswer);
    case 'number':
      return checkNumber(question, value);
    case 'dropdown':
      return checkDropdown(question, value);
    case 'date':
      return checkDate(question, value);
    case 'ranking':
      return checkRanking(question, value);
  }
}

/**
 * Whether a valid answer says nothing: no statement rated, nothing ticked, no text. Such answers
 * count as skipped and are not stored.
 */
export function isAnswerEmpty(question: Question, value: AnswerValue): boolean {
  switch (question.type) {
    case 'likert':
      return Object.keys(value).length === 0;
    case 'multiple_choice': {
      const answer = value as MultipleChoiceAnswer;
      return answer.option_ids.length === 0 && answer.other === undefined;
    }
    case 'open_short':
    case 'open_long':
      return (value as { text: string }).text === '';
    case 'number':
      return (value as NumberAnswer).number === null;
    case 'dropdown':
      return (value as DropdownAnswer).option_id === null;
    case 'date':
      return (value as DateAnswer).date === null;
    case 'ranking':
      return (value as RankingAnswer).option_ids.length === 0;
    default:
      return false;
  }
}

/** An answer that passed: normalised value, and the seconds spent (null when not sent). */
export interface ValidatedAnswer {
  readonly question_id: string;
  readonly value: AnswerValue;
  readonly seconds_spent: number | null;
}

/** One refused part of a submission; `question_id` is null when the entry itself is unreadable. */
export interface SubmissionProblem {
  readonly question_id: string | null;
  readonly code: SubmissionErrorCode;
  readonly message: string;
}

/**
 * The outcome of a submission: the answers to store (in survey order, empty ones left out), or
 * every problem with a Dutch summary (`detail`) and one message per question id (`fields`; the key
 * `answers` for problems with the list itself).
 */
export type SubmissionCheck =
  | { readonly ok: true; readonly answers: readonly ValidatedAnswer[] }
  | {
      readonly ok: false;
      readonly detail: string;
      readonly fields: FieldErrors;
      readonly problems: readonly SubmissionProblem[];
    };

type SecondsCheck = { readonly ok: true; readonly seconds: number | null } | { readonly ok: false };

function checkSeconds(seconds: unknown): SecondsCheck {
  if (seconds === undefined || seconds === null) return { ok: true, seconds: null };
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return { ok: false };
  return { ok: true, seconds: Math.min(seconds, SECONDS_SPENT_MAX) };
}

/** The required-answer problem of a question, if its answer (or its absence) leaves it unanswered. */
function missingAnswer(question: Question, answer: ValidatedAnswer | undefined): SubmissionProblem | null {
  if (!question.required || question.type === 'text_block') return null;
  if (question.type === 'likert' && answer) {
    const answered = answer.value as LikertAnswer;
    const all = question.settings.statements.every((statement) => answered[statement.id] !== undefined);
    if (!all) return { question_id: question.id, code: 'incomplete', message: ANSWER_MESSAGES.incomplete };
    return null;
  }
  return answer ? null : { question_id: question.id, code: 'required', message: ANSWER_MESSAGES.required };
}

/** Checks one entry of the list; a valid, non-empty answer goes into `valid`. */
function checkEntry(
  entry: unknown,
  byId: ReadonlyMap<string, Question>,
  seen: Set<string>,
  valid: Map<string, ValidatedAnswer>,
): SubmissionProblem | null {
  if (!isRecord(entry) || typeof entry.question_id !== 'string')
    return { question_id: null, code: 'unreadable', message: ANSWER_MESSAGES.unreadable };
  const id = entry.question_id;
  const question = byId.get(id);
  if (!question)
    return { question_id: id, code: 'unknown_question', message: ANSWER_MESSAGES.unknownQuestion };
  if (seen.has(id))
    return { question_id: id, code: 'duplicate_answer', message: ANSWER_MESSAGES.duplicateAnswer };
  seen.add(id);
  const check = validateAnswer(question, entry.value);
  if (!check.ok) return { question_id: id, code: check.code, message: check.message };
  const seconds = checkSeconds(entry.seconds_spent);
  if (!seconds.ok)
    return { question_id: id, code: 'invalid_seconds', message: ANSWER_MESSAGES.invalidSeconds };
  if (!isAnswerEmpty(question, check.value))
    valid.set(id, { question_id: id, value: check.value, seconds_spent: seconds.seconds });
  return null;
}

/**
 * Checks a whole submission for a survey's questions. Every entry must name a question of this
 * survey once and carry a valid value; `seconds_spent`, when sent, is a number ≥ 0. With
 * `final: true` (submitting, not saving progress) every required question must be answered, and a
 * required Likert question in full.
 */
export function validateSubmission(
  questions: readonly Question[],
  answers: unknown,
  options: { readonly final: boolean },
): SubmissionCheck {
  const problems: SubmissionProblem[] = [];
  const byId = new Map(questions.map((question) => [question.id, question]));
  const valid = new Map<string, ValidatedAnswer>();
  const seen = new Set<string>();

  if (!Array.isArray(answers)) {
    problems.push({ question_id: null, code: 'unreadable', message: ANSWER_MESSAGES.unreadable });
  } else if (answers.length > questions.length) {
    // Bounds the work on hostile input: a longer list must hold a duplicate or a stranger anyway.
    problems.push({ question_id: null, code: 'too_many_answers', message: ANSWER_MESSAGES.tooManyAnswers });
  } else {
    for (const entry of answers as readonly unknown[]) {
      const problem = checkEntry(entry, byId, seen, valid);
      if (problem) problems.push(problem);
    }
    // All problems at once, so the respondent sees every marked question; a question whose answer
    // was refused is not reported a second time as missing.
    if (options.final) {
      const refused = new Set(problems.map((problem) => problem.question_id));
      for (const question of questions) {
        if (refused.has(question.id)) continue;
        const problem = missingAnswer(question, valid.get(question.id));
        if (problem) problems.push(problem);
      }
    }
  }

  if (problems.length > 0) {
    const fields = new Map<string, string>();
    for (const problem of problems) {
      const key = problem.question_id ?? 'answers';
      if (!fields.has(key)) fields.set(key, problem.message);
    }
    const detail =
      problems.length === 1
        ? (problems[0] as SubmissionProblem).message
        : ANSWER_MESSAGES.summary(problems.length);
    // fromEntries defines own properties, so an id like '__proto__' stays a plain key.
    return { ok: false, detail, fields: Object.fromEntries(fields), problems };
  }
  const ordered = questions.flatMap((question) => {
    const answer = valid.get(question.id);
    return answer ? [answer] : [];
  });
  return { ok: true, answers: ordered };
}
