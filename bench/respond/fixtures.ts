/**
 * The survey bench/respond answers: the tests' survey of every question type plus a second, 7-point
 * Likert question, and one full set of answers.
 */
import type { AnswerInput, Condition, LogicRule, Question, SurveyLogic } from '@loop/core';
import { everyTypeAnswers, everyTypeQuestions } from '@loop/server/testing';

export const QUESTIONS: Question[] = [
  ...everyTypeQuestions(),
  {
    id: 'q-workload',
    type: 'likert',
    title: 'Werkdruk',
    required: false,
    position: 7,
    settings: {
      points: 7,
      labels: ['1', '2', '3', '4', '5', '6', '7'],
      neutral_middle: false,
      statements: [{ id: 'w1', text: 'De werkdruk is goed te doen.' }],
    },
  },
];

export const ANSWERS: AnswerInput[] = [
  ...everyTypeAnswers(),
  { question_id: 'q-workload', value: { w1: 5 }, seconds_spent: 4 },
];

/**
 * Logic for the same survey with 50 conditions (issue 26: a survey with logic may cost at most 10 %
 * of the bench's ratio to the echo route): a 'hide' rule on every question after the first, each
 * with conditions on earlier questions joined by 'of' that none of ANSWERS meets, so every question
 * stays on the path and a submission stores the same rows as without logic.
 */
export const LOGIC_CONDITIONS = 50;

/** Conditions on one earlier question that ANSWERS never meets, as many as asked for. */
const falseConditions: Record<string, (n: number) => Condition> = {
  'q-likert': (n) => ({
    source: 'question',
    question_id: 'q-likert',
    statement_id: n % 2 === 0 ? 's-plezier' : 's-team',
    operator: 'less',
    value: 2 + (n % 2),
  }),
  'q-single': (n) => ({
    source: 'question',
    question_id: 'q-single',
    ...(n % 2 === 0
      ? { operator: 'equals', value: 'o-kantoor' }
      : { operator: 'none_of', values: ['o-thuis'] }),
  }),
  'q-multi': (n) => ({
    source: 'question',
    question_id: 'q-multi',
    ...(n % 2 === 0 ? { operator: 'equals', value: 'o-tablet' } : { operator: 'not_answered' }),
  }),
  'q-short': (n) => ({
    source: 'question',
    question_id: 'q-short',
    operator: 'contains',
    value: `geen-${n}`,
  }),
  'q-long': (n) => ({ source: 'question', question_id: 'q-long', operator: 'contains', value: `nooit-${n}` }),
  'q-nps': (n) => ({ source: 'question', question_id: 'q-nps', operator: 'less', value: 1 + (n % 6) }),
  'q-rating': (n) => ({
    source: 'question',
    question_id: 'q-rating',
    operator: 'between',
    min: 1,
    max: 1 + (n % 3),
  }),
};

export const LOGIC: SurveyLogic = (() => {
  const perRule = [2, 4, 6, 8, 10, 10, 10];
  const rules: LogicRule[] = QUESTIONS.slice(1).map((target, index) => {
    const earlier = QUESTIONS.slice(0, index + 1).map((question) => question.id);
    const conditions = Array.from({ length: perRule[index] ?? 0 }, (_, n) => {
      const on = earlier[n % earlier.length] as string;
      return (falseConditions[on] as (n: number) => Condition)(n);
    });
    return {
      id: `r-${target.id}`,
      action: 'hide',
      question_id: target.id,
      when: { match: 'any', conditions },
    };
  });
  return { rules, end_screens: [], hidden_fields: [] };
})();

/** The alerts run's condition alert: an NPS of 6 or lower. */
export const CRITICASTER = {
  id: 'criticaster',
  name: 'Criticaster',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-nps', operator: 'between', min: 0, max: 6 }],
  },
};
