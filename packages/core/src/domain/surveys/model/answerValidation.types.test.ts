import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES, validateAnswer, validateSubmission } from './answerValidation';
import { NPS } from './answerValidation.fixtures';
import { TEXT_BLOCK } from './questionTypes.fixtures';

describe('validateAnswer: text block', () => {
  it('should refuse any value for a text block, which takes no answer', () => {
    expect(validateAnswer(TEXT_BLOCK, { text: 'hallo' })).toEqual({
      ok: false,
      code: 'wrong_type',
      message: ANSWER_MESSAGES.noAnswer,
    });
  });

  it('should never ask for a text block when submitting, even when stored as required', () => {
    const check = validateSubmission(
      [
        { ...TEXT_BLOCK, required: true },
        { ...NPS, position: 1 },
      ],
      [{ question_id: NPS.id, value: { score: 9 } }],
      { final: true },
    );
    expect(check.ok).toBe(true);
  });
});
