import { describe, expect, it } from 'vitest';
import { createQuestion } from './questionEdits';
import { TEXT_BLOCK } from './questionTypes.fixtures';
import { validateQuestion } from './surveyValidation';
import { defaultQuestionSeconds, QUESTION_SECONDS } from './timeEstimate';

describe('defaultQuestionSeconds: text block', () => {
  it('should count a text block as a short read', () => {
    expect(defaultQuestionSeconds(TEXT_BLOCK)).toBe(QUESTION_SECONDS.textBlock);
  });
});

describe('validateQuestion: text block', () => {
  it('should accept a text block with a heading and text, and never make it required', () => {
    const check = validateQuestion({ ...TEXT_BLOCK, required: true });
    expect(check).toEqual({ ok: true, value: { ...TEXT_BLOCK, required: false } });
  });

  it('should ask for the heading of a text block', () => {
    const check = validateQuestion({ ...TEXT_BLOCK, title: ' ' });
    expect(check.ok).toBe(false);
  });

  it('should create a text block without settings and optional', () => {
    let next = 0;
    const question = createQuestion('text_block', { newId: () => `id${++next}` });
    expect(question).toEqual({
      id: 'id1',
      title: '',
      required: false,
      position: 0,
      type: 'text_block',
      settings: {},
    });
  });
});
