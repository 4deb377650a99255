import type { Question, QuestionOf } from '../../contract';
import { type AnswerFacts, compareForOpenSurvey, type QuestionUsage } from './editRules';

export const LIKERT: QuestionOf<'likert'> = {
  id: 'q-likert',
  type: 'likert',
  title: 'Werkplezier',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's1', text: 'Ik heb plezier in mijn werk.' },
      { id: 's2', text: 'Ik voel me gewaardeerd.' },
    ],
  },
};

export const MULTI: QuestionOf<'multiple_choice'> = {
  id: 'q-multi',
  type: 'multiple_choice',
  title: 'Welke functies gebruik je?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'a', label: 'Surveys' },
      { id: 'b', label: "KPI's" },
      { id: 'c', label: 'Finance' },
    ],
    allow_other: true,
    min_choices: 1,
    max_choices: 2,
  },
};

export const OPEN: QuestionOf<'open_long'> = {
  id: 'q-open',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 2,
  settings: { max_length: 2000 },
};

export const NPS: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Aanbevelen?',
  required: false,
  position: 3,
  settings: {},
};

export const BEFORE: readonly Question[] = [LIKERT, MULTI, OPEN, NPS];

export const ANSWERED: AnswerFacts = { responseCount: 12 };

export const usage = (entries: Record<string, Partial<QuestionUsage>>): AnswerFacts => ({
  responseCount: 12,
  usage: new Map(
    Object.entries(entries).map(([id, u]) => [
      id,
      {
        optionIds: u.optionIds ?? new Set(),
        statementIds: u.statementIds ?? new Set(),
        other: u.other ?? false,
      },
    ]),
  ),
});

export const replace = (question: Question): Question[] =>
  BEFORE.map((q) => (q.id === question.id ? question : q));

export const codes = (after: readonly Question[], facts: AnswerFacts = ANSWERED) =>
  compareForOpenSurvey(BEFORE, after, facts).map((r) => r.code);

export const multi = (settings: Partial<QuestionOf<'multiple_choice'>['settings']>): Question => ({
  ...MULTI,
  settings: { ...MULTI.settings, ...settings },
});
