import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { answerPhrase, dutchAnswerMessage } from './answerPhrases';
import { validateSubmission } from './answerValidation';
import {
  LIKERT7,
  MULTIPLE,
  NPS,
  OPEN_LONG,
  OPEN_SHORT,
  RATING,
  SINGLE,
  SINGLE_NO_OTHER,
} from './answerValidation.fixtures';

/** The first problem a final submission of this one answer has. */
function problemOf(question: Question, value: unknown) {
  const entries = value === undefined ? [] : [{ question_id: question.id, value }];
  const check = validateSubmission([{ ...question, required: true }], entries, { final: true });
  if (check.ok) throw new Error('expected a problem');
  return check.problems[0] as { code: Parameters<typeof answerPhrase>[1]; message: string };
}

describe('answerPhrase', () => {
  it.each<[string, Question, unknown]>([
    ['an NPS score out of range', NPS, { score: 11 }],
    ['a rating out of range', RATING, { score: 0 }],
    ['a Likert point out of range', LIKERT7, { s1: 8 }],
    ['an open answer too long', OPEN_SHORT, { text: 'x'.repeat(5001) }],
    ['a long open answer too long', OPEN_LONG, { text: 'x'.repeat(5001) }],
    ["an 'anders, namelijk' text too long", SINGLE, { other: 'x'.repeat(501) }],
    ["an empty 'anders, namelijk'", SINGLE, { other: ' ' }],
    ["'anders, namelijk' where the question has none", SINGLE_NO_OTHER, { other: 'x' }],
    ['an unknown option', SINGLE, { option_id: 'nope' }],
    ['too few choices', MULTIPLE, { option_ids: ['a'] }],
    ['too many choices', MULTIPLE, { option_ids: ['a', 'b', 'c', 'd'] }],
    ['a required question without an answer', NPS, undefined],
    ['a value of the wrong shape', RATING, 'vijf'],
  ])('should stand for the very Dutch message of %s', (_, question, value) => {
    const problem = problemOf(question, value);
    expect(dutchAnswerMessage(answerPhrase(question, problem.code))).toBe(problem.message);
  });
});
