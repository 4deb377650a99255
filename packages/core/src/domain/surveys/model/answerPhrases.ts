import type { Question } from '../../contract';
import {
  ANSWER_MESSAGES,
  OTHER_TEXT_MAX_LENGTH,
  openTextLimit,
  type SubmissionErrorCode,
} from './answerValidation';
import { dayKey } from './dateAnswers';

/** Which of ANSWER_MESSAGES a problem says. */
export type AnswerMessageKey = keyof typeof ANSWER_MESSAGES;

/** A problem as a message key and its numbers: what the answering page says in the respondent's language. */
export interface AnswerPhrase {
  readonly key: AnswerMessageKey;
  readonly args: readonly number[];
}

const CODE_KEYS: Readonly<
  Record<
    Exclude<
      SubmissionErrorCode,
      | 'out_of_range'
      | 'too_long'
      | 'below_min'
      | 'above_max'
      | 'off_step'
      | 'date_too_early'
      | 'date_too_late'
    >,
    AnswerMessageKey
  >
> = {
  not_a_number: 'numberInvalid',
  number_ambiguous: 'numberAmbiguous',
  not_a_date: 'dateInvalid',
  ranking_incomplete: 'rankingIncomplete',
  wrong_type: 'wrongType',
  unknown_option: 'unknownOption',
  duplicate_option: 'duplicateOption',
  unknown_statement: 'unknownStatement',
  other_not_allowed: 'otherNotAllowed',
  other_missing: 'otherMissing',
  too_few_choices: 'tooFewChoices',
  too_many_choices: 'tooManyChoices',
  unreadable: 'unreadable',
  too_many_answers: 'tooManyAnswers',
  unknown_question: 'unknownQuestion',
  duplicate_answer: 'duplicateAnswer',
  invalid_seconds: 'invalidSeconds',
  required: 'required',
  incomplete: 'incomplete',
};

/**
 * The message a problem's stable code stands for, with the numbers the question gives it: the same
 * message `validateAnswer` and `validateSubmission` give in Dutch (R-RESP-10). The server keeps
 * its Dutch texts; the page says these in the respondent's language.
 */
export function answerPhrase(question: Question, code: SubmissionErrorCode): AnswerPhrase {
  const s = question.settings as {
    readonly max_length?: number;
    readonly min_choices?: number;
    readonly max_choices?: number;
    readonly points?: number;
    readonly scale?: number;
    readonly min?: number;
    readonly max?: number;
    readonly step?: number;
  };
  if (code === 'below_min') return { key: 'numberMin', args: [s.min ?? 0] };
  if (code === 'above_max') return { key: 'numberMax', args: [s.max ?? 0] };
  if (code === 'off_step') return { key: 'numberStep', args: [s.step ?? 1] };
  const days = question.settings as { readonly min?: string; readonly max?: string };
  if (code === 'date_too_early') return { key: 'dateMin', args: [dayKey(days.min ?? '')] };
  if (code === 'date_too_late') return { key: 'dateMax', args: [dayKey(days.max ?? '')] };
  if (code === 'out_of_range') {
    if (question.type === 'likert') return { key: 'likertRange', args: [s.points ?? 0] };
    return { key: 'scoreRange', args: question.type === 'nps' ? [0, 10] : [1, s.scale ?? 0] };
  }
  if (code === 'too_long') {
    const open = question.type === 'open_short' || question.type === 'open_long';
    return { key: 'tooLong', args: [open ? openTextLimit(s.max_length ?? 0) : OTHER_TEXT_MAX_LENGTH] };
  }
  const key = CODE_KEYS[code];
  if (code === 'too_few_choices') return { key, args: [s.min_choices ?? 0] };
  if (code === 'too_many_choices') return { key, args: [s.max_choices ?? 0] };
  return { key, args: [] };
}

/** The Dutch text of a phrase, as the validation gives it. */
export function dutchAnswerMessage({ key, args }: AnswerPhrase): string {
  const message: string | ((...numbers: number[]) => string) = ANSWER_MESSAGES[key];
  return typeof message === 'string' ? message : message(...(args as [number, number]));
}
