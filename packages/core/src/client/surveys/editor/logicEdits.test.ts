import { describe, expect, it } from 'vitest';
import type { Question } from '../../../domain/contract';
import type { Condition } from '../../../domain/surveys/logic';
import {
  conditionOnQuestion,
  conditionSources,
  jumpTargets,
  operatorLabelFor,
  operatorsFor,
  valueFromKey,
  valueOptions,
  withOperator,
  withOption,
  withStatement,
} from './logicEdits';
import { likert, nps } from './SurveyEditor.fixtures';
import { hiddenFieldsQuery, logicLocked, redirectError } from './surveyEditorLogic';

const choice: Question = {
  id: 'q-choice',
  type: 'multiple_choice',
  title: 'Afdeling',
  required: false,
  position: 2,
  settings: { options: [{ id: 'o-1', label: 'Verkoop' }], allow_other: true },
};
const text: Question = {
  id: 'q-text',
  type: 'open_long',
  title: 'Toelichting',
  required: false,
  position: 3,
  settings: { max_length: 500 },
};
const QUESTIONS = [likert, nps, choice, text];
const on = (question: Question) => conditionOnQuestion(question);

describe('logicEdits', () => {
  it('should offer the operators that fit each kind of question, hidden field and language', () => {
    expect(operatorsFor(on(choice), QUESTIONS)).toEqual([
      'equals',
      'not_equals',
      'one_of',
      'none_of',
      'answered',
      'not_answered',
    ]);
    expect(operatorsFor(on(nps), QUESTIONS)).toEqual([
      'equals',
      'not_equals',
      'one_of',
      'none_of',
      'greater',
      'less',
      'between',
      'answered',
      'not_answered',
    ]);
    expect(operatorsFor(on(text), QUESTIONS)).toEqual(['contains', 'answered', 'not_answered']);
    const wholeLikert: Condition = { source: 'question', question_id: 'q-likert', operator: 'answered' };
    expect(operatorsFor(wholeLikert, QUESTIONS)).toEqual(['answered', 'not_answered']);
    expect(operatorsFor({ source: 'hidden_field', name: 'bron', operator: 'answered' }, QUESTIONS)).toEqual([
      'equals',
      'one_of',
      'contains',
      'answered',
      'not_answered',
    ]);
    expect(operatorsFor({ source: 'language', operator: 'equals', value: 'nl' }, QUESTIONS)).toEqual([
      'equals',
      'one_of',
    ]);
  });

  it('should start a condition on the first statement, option or point, and on an open text at answered', () => {
    expect(on(likert)).toEqual({
      source: 'question',
      question_id: 'q-likert',
      statement_id: 's-1',
      operator: 'equals',
      value: 1,
    });
    expect(on(choice)).toMatchObject({ operator: 'equals', value: 'o-1' });
    expect(on(text)).toEqual({ source: 'question', question_id: 'q-text', operator: 'answered' });
  });

  it('should let conditions look back only and jumps go forward only', () => {
    expect(conditionSources(QUESTIONS, 'q-choice', 'show').map((q) => q.id)).toEqual(['q-likert', 'q-nps']);
    expect(conditionSources(QUESTIONS, 'q-choice', 'jump').map((q) => q.id)).toEqual([
      'q-likert',
      'q-nps',
      'q-choice',
    ]);
    expect(jumpTargets(QUESTIONS, 'q-nps', []).questions.map((q) => q.id)).toEqual(['q-choice', 'q-text']);
  });

  it('should keep the values a condition had when its operator changes', () => {
    const is = on(choice);
    expect(withOperator(is, 'one_of', QUESTIONS)).toMatchObject({ operator: 'one_of', values: ['o-1'] });
    expect(withOperator(on(nps), 'between', QUESTIONS)).toMatchObject({ min: 0, max: 10 });
    expect(withOperator(is, 'answered', QUESTIONS)).toEqual({
      source: 'question',
      question_id: 'q-choice',
      operator: 'answered',
    });
    expect(withStatement(on(likert), undefined, QUESTIONS)).toEqual({
      source: 'question',
      question_id: 'q-likert',
      operator: 'answered',
    });
  });

  it("should offer options with 'Anders, namelijk', points with their labels, and read keys back", () => {
    expect(valueOptions(on(choice), QUESTIONS)).toEqual([
      { value: 'o-1', label: 'Verkoop' },
      { value: '_other', label: 'Anders, namelijk' },
    ]);
    const points = valueOptions(on(likert), QUESTIONS);
    expect(points?.[0]).toEqual({ value: 1, label: '1 (Helemaal oneens)' });
    expect(valueFromKey('3', points ?? null)).toBe(3);
    expect(valueOptions(on(text), QUESTIONS)).toBeNull();
  });

  it('should lock logic only once an open or closed survey has answers', () => {
    expect(logicLocked({ status: 'open', response_count: 1 })).toBe(true);
    expect(logicLocked({ status: 'open', response_count: 0 })).toBe(false);
    expect(logicLocked({ status: 'draft' })).toBe(false);
  });

  it('should show the link form of hidden fields and check addresses', () => {
    expect(hiddenFieldsQuery(['afdeling', 'bron'])).toBe('?afdeling=…&bron=…');
    expect(redirectError('')).toBeNull();
    expect(redirectError('ftp://x')).toMatch(/http:\/\//);
  });
});

describe('logicEdits: a ranking option’s place (R-SURV-29)', () => {
  const ranking: Question = {
    id: 'prio',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: false,
    position: 0,
    settings: {
      options: [
        { id: 'prijs', label: 'Prijs' },
        { id: 'service', label: 'Service' },
      ],
    },
  };
  const first: Condition = { source: 'question', question_id: 'prio', operator: 'equals', value: 'service' };

  it('should switch between the option ranked first and an option’s place, with fitting operators and values', () => {
    const placed = withOption(first, 'prijs', [ranking]);
    expect(placed).toEqual({
      source: 'question',
      question_id: 'prio',
      option_id: 'prijs',
      operator: 'equals',
      value: 1,
    });
    expect(operatorsFor(placed, [ranking])).toContain('between');
    expect(operatorsFor(first, [ranking])).not.toContain('between');
    expect(valueOptions(placed, [ranking])).toEqual([
      { value: 1, label: 'Plaats 1' },
      { value: 2, label: 'Plaats 2' },
    ]);
    expect(operatorLabelFor('less', placed, [ranking])).toBe('staat vóór plaats');
    expect(operatorLabelFor('less', first, [ranking])).toBe('lager dan');
    expect(withOperator(placed, 'between', [ranking])).toMatchObject({ option_id: 'prijs', min: 1, max: 2 });
    expect(withOption(placed, undefined, [ranking])).toEqual({
      source: 'question',
      question_id: 'prio',
      operator: 'equals',
      value: 'prijs',
    });
  });
});
