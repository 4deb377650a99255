/**
 * The survey bench/respond answers: the tests' survey of every question type plus a second, 7-point
 * Likert question, and one full set of answers.
 */
import type { AnswerInput, Question } from '@loop/core';
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
