import { describe, expect, it } from 'vitest';
import type { Question } from '../../../domain/contract';
import { conditionOnQuestion, conditionSources, numericCondition, operatorsFor } from './logicEdits';

const WITH_INTRO: readonly Question[] = [
  {
    id: 'q_dept',
    type: 'single_choice',
    title: 'Afdeling',
    required: true,
    position: 0,
    settings: { options: [{ id: 'it', label: 'ICT' }], allow_other: false },
  },
  { id: 'q-intro', type: 'text_block', title: 'Over je werk', required: false, position: 1, settings: {} },
  {
    id: 'q_tools',
    type: 'open_short',
    title: 'Middelen',
    required: false,
    position: 2,
    settings: { max_length: 100 },
  },
];

describe('conditionSources: text block', () => {
  it('should not offer a text block as the source of a condition', () => {
    const sources = conditionSources(WITH_INTRO, 'q_tools', 'show');
    expect(sources.map((question) => question.id)).toEqual(['q_dept']);
  });
});

describe('operatorsFor: number', () => {
  it('should offer the comparisons of a typed number, without lists', () => {
    const questions: Question[] = [
      {
        id: 'q-n',
        type: 'number',
        title: 'Leeftijd',
        required: false,
        position: 0,
        settings: { min: 18, step: 1 },
      },
    ];
    const condition = conditionOnQuestion(questions[0] as Question);
    expect(condition).toEqual({ source: 'question', question_id: 'q-n', operator: 'equals', value: 18 });
    expect(numericCondition(condition, questions)).toBe(true);
    expect(operatorsFor(condition, questions)).toEqual(expect.not.arrayContaining(['one_of', 'none_of']));
    expect(operatorsFor(condition, questions)).toEqual(
      expect.arrayContaining(['greater', 'less', 'between']),
    );
  });
});
