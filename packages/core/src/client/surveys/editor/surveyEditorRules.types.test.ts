import { describe, expect, it } from 'vitest';
import type { Question } from '../../../domain/contract';
import { changeQuestionType } from './surveyEditorRules';

const ids = () => {
  let next = 0;
  return { newId: () => `new${++next}` };
};

describe('changeQuestionType: dropdown', () => {
  const options = [
    { id: 'a', label: 'ICT' },
    { id: 'b', label: 'Verkoop' },
  ];

  it("should keep a choice's options in a dropdown, dropping 'anders', and back", () => {
    const choice: Question = {
      id: 'q',
      type: 'single_choice',
      title: 'Afdeling',
      required: true,
      position: 0,
      settings: { options, allow_other: true },
    };
    const dropdown = changeQuestionType(choice, 'dropdown', ids());
    expect(dropdown).toEqual({ ...choice, type: 'dropdown', settings: { options } });
    expect(changeQuestionType(dropdown, 'multiple_choice', ids())).toEqual({
      ...choice,
      type: 'multiple_choice',
      settings: { options, allow_other: false },
    });
  });

  it('should make a question that becomes a text block optional', () => {
    const choice: Question = {
      id: 'q',
      type: 'nps',
      title: 'Intro',
      required: true,
      position: 0,
      settings: {},
    };
    expect(changeQuestionType(choice, 'text_block', ids())).toMatchObject({
      type: 'text_block',
      required: false,
    });
  });
});
