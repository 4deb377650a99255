import type { AnswerValue, QuestionOf } from '../../contract';
import { ANSWER_MESSAGES } from './answerMessages';
import { dayKey, isDay } from './dateAnswers';
import { fitNumber, type NumberProblem } from './numberAnswers';
import { readTypedNumber } from './typedNumbers';

/** The answer codes and the checks of the newer question types (R-SURV-24), used by `validateAnswer`. */

export type AnswerErrorCode =
  | 'wrong_type'
  | 'out_of_range'
  | 'unknown_option'
  | 'duplicate_option'
  | 'unknown_statement'
  | 'other_not_allowed'
  | 'other_missing'
  | 'too_few_choices'
  | 'too_many_choices'
  | 'too_long'
  | NumberProblem
  | 'number_ambiguous'
  | 'not_a_date'
  | 'date_too_early'
  | 'date_too_late'
  | 'ranking_incomplete';

/** Why a submission is refused: an answer's own error, or one about the submission as a whole. */
export type SubmissionErrorCode =
  | AnswerErrorCode
  | 'unreadable'
  | 'too_many_answers'
  | 'unknown_question'
  | 'duplicate_answer'
  | 'invalid_seconds'
  | 'required'
  | 'incomplete';

/** A checked answer: the normalised value (texts trimmed, unknown fields dropped), or why not. */
export type AnswerCheck =
  | { readonly ok: true; readonly value: AnswerValue }
  | { readonly ok: false; readonly code: AnswerErrorCode; readonly message: string };

export const refuse = (code: AnswerErrorCode, message: string): AnswerCheck => ({ ok: false, code, message });
export const accept = (value: AnswerValue): AnswerCheck => ({ ok: true, value });
export const WRONG_TYPE = refuse('wrong_type', ANSWER_MESSAGES.wrongType);

export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkRanking(question: QuestionOf<'ranking'>, value: unknown): AnswerCheck {
  if (!isRecord(value) || !Array.isArray(value.option_ids)) return WRONG_TYPE;
  const known = new Set(question.settings.options.map((option) => option.id));
  const ranked = new Set<string>();
  for (const id of value.option_ids as readonly unknown[]) {
    if (typeof id !== 'string') return WRONG_TYPE;
    if (!known.has(id)) return refuse('unknown_option', ANSWER_MESSAGES.unknownOption);
    if (ranked.has(id)) return refuse('duplicate_option', ANSWER_MESSAGES.duplicateOption);
    ranked.add(id);
  }
  // Nothing in order is a skipped question; a part of the list is no ranking.
  if (ranked.size > 0 && ranked.size < known.size)
    return refuse('ranking_incomplete', ANSWER_MESSAGES.rankingIncomplete);
  return accept({ option_ids: [...ranked] });
}

export function checkDate(question: QuestionOf<'date'>, value: unknown): AnswerCheck {
  if (!isRecord(value)) return WRONG_TYPE;
  if (value.date === null) return accept({ date: null });
  if (typeof value.date !== 'string') return WRONG_TYPE;
  if (!isDay(value.date)) return refuse('not_a_date', ANSWER_MESSAGES.dateInvalid);
  const { min, max } = question.settings;
  if (min !== undefined && value.date < min)
    return refuse('date_too_early', ANSWER_MESSAGES.dateMin(dayKey(min)));
  if (max !== undefined && value.date > max)
    return refuse('date_too_late', ANSWER_MESSAGES.dateMax(dayKey(max)));
  return accept({ date: value.date });
}

export function checkDropdown(question: QuestionOf<'dropdown'>, value: unknown): AnswerCheck {
  if (!isRecord(value)) return WRONG_TYPE;
  if (value.option_id === null) return accept({ option_id: null });
  if (typeof value.option_id !== 'string') return WRONG_TYPE;
  const optionId = value.option_id;
  if (!question.settings.options.some((option) => option.id === optionId))
    return refuse('unknown_option', ANSWER_MESSAGES.unknownOption);
  return accept({ option_id: optionId });
}

export function checkNumber(question: QuestionOf<'number'>, value: unknown): AnswerCheck {
  if (!isRecord(value)) return WRONG_TYPE;
  let number = value.number;
  if (value.typed !== undefined) {
    // Typed text is read in the language of the page it was typed on, the same on both ends (R-RESP-14).
    if (
      typeof value.typed !== 'string' ||
      (value.language !== undefined && typeof value.language !== 'string')
    )
      return WRONG_TYPE;
    const read = readTypedNumber(value.typed, value.language as string | undefined);
    if ('problem' in read)
      return read.problem === 'number_ambiguous'
        ? refuse('number_ambiguous', ANSWER_MESSAGES.numberAmbiguous)
        : refuse('not_a_number', ANSWER_MESSAGES.numberInvalid);
    number = read.number;
  }
  if (number === null) return accept({ number: null });
  if (typeof number !== 'number') return WRONG_TYPE;
  const { min, max, step } = question.settings;
  const fit = fitNumber(question.settings, number);
  if ('number' in fit) return accept({ number: fit.number });
  switch (fit.problem) {
    case 'below_min':
      return refuse('below_min', ANSWER_MESSAGES.numberMin(min ?? 0));
    case 'above_max':
      return refuse('above_max', ANSWER_MESSAGES.numberMax(max ?? 0));
    case 'off_step':
      return refuse('off_step', ANSWER_MESSAGES.numberStep(step));
    default:
      return refuse('not_a_number', ANSWER_MESSAGES.numberInvalid);
  }
}
