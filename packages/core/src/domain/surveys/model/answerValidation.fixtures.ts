import type { Question, QuestionOf } from '../../contract';
import { validateAnswer } from './answerValidation';

export const LIKERT: QuestionOf<'likert'> = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe ervaar je je werk?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's1', text: 'Ik heb genoeg tijd.' },
      { id: 's2', text: 'Ik krijg waardering.' },
    ],
  },
};

export const LIKERT7: QuestionOf<'likert'> = {
  ...LIKERT,
  id: 'q-likert7',
  settings: { ...LIKERT.settings, points: 7 },
};

export const SINGLE: QuestionOf<'single_choice'> = {
  id: 'q-single',
  type: 'single_choice',
  title: 'Hoe kwam je bij ons?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'o1', label: 'Via Google' },
      { id: 'o2', label: 'Via een collega' },
    ],
    allow_other: true,
  },
};

export const SINGLE_NO_OTHER: QuestionOf<'single_choice'> = {
  ...SINGLE,
  id: 'q-single2',
  settings: { ...SINGLE.settings, allow_other: false },
};

export const MULTIPLE: QuestionOf<'multiple_choice'> = {
  id: 'q-multi',
  type: 'multiple_choice',
  title: 'Welke functies gebruik je?',
  required: false,
  position: 2,
  settings: {
    options: [
      { id: 'a', label: 'Surveys' },
      { id: 'b', label: "KPI's" },
      { id: 'c', label: 'Financiën' },
      { id: 'd', label: 'Contacten' },
    ],
    allow_other: true,
    min_choices: 2,
    max_choices: 3,
  },
};

export const OPEN_SHORT: QuestionOf<'open_short'> = {
  id: 'q-short',
  type: 'open_short',
  title: 'Je afdeling',
  required: false,
  position: 3,
  settings: { max_length: 20 },
};

export const OPEN_LONG: QuestionOf<'open_long'> = {
  id: 'q-long',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 4,
  settings: { max_length: 99_999 },
};

export const NPS: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: true,
  position: 5,
  settings: {},
};

export const RATING: QuestionOf<'rating'> = {
  id: 'q-rating',
  type: 'rating',
  title: 'Je cijfer',
  required: false,
  position: 6,
  settings: { scale: 5, style: 'stars' },
};

export const ALL: readonly Question[] = [LIKERT, SINGLE, MULTIPLE, OPEN_SHORT, OPEN_LONG, NPS, RATING];

export const refused = (question: Question, value: unknown) => {
  const check = validateAnswer(question, value);
  return check.ok ? null : { code: check.code, message: check.message };
};

export const accepted = (question: Question, value: unknown) => {
  const check = validateAnswer(question, value);
  return check.ok ? check.value : null;
};
