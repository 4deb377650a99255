/**
 * The survey bench/respond answers: the tests' survey of every question type plus a second, 7-point
 * Likert question, and one full set of answers.
 */
import type { AnswerInput, Condition, Question, SurveyLogic } from '@loop/core';
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
 * Logic with `conditions` conditions over the survey's questions (LOGIC=50 in the environment): show
 * rules on every question after the first, each condition asking that an earlier question is
 * answered, all of them at once. The bench's answers hold every condition, so every answer stays on
 * the path and a submission is stored as without logic, after the server has evaluated it.
 */
export function benchLogic(conditions: number): SurveyLogic {
  const byTarget = new Map<number, Condition[]>();
  for (let index = 0; index < conditions; index++) {
    const target = 1 + (index % (QUESTIONS.length - 1));
    const source = QUESTIONS[index % target] as Question;
    const list = byTarget.get(target) ?? [];
    list.push({ source: 'question', question_id: source.id, operator: 'answered' });
    byTarget.set(target, list);
  }
  return {
    rules: [...byTarget].map(([target, list]) => ({
      id: `r-${target}`,
      action: 'show',
      question_id: (QUESTIONS[target] as Question).id,
      when: { match: 'all', conditions: list },
    })),
    end_screens: [],
    hidden_fields: [],
  };
}
