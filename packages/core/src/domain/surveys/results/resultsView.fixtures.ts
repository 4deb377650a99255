import { expect } from 'vitest';
import type { Question, QuestionOf, Survey } from '../../contract';
import { NO_LOGIC } from '../../contract';
import type { QuestionResultView } from './resultsViewTypes';

export const likert = (overrides: Partial<QuestionOf<'likert'>['settings']> = {}): QuestionOf<'likert'> => ({
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
      { id: 's1', text: 'Ik heb plezier in mijn werk' },
      { id: 's2', text: 'Ik krijg genoeg steun' },
    ],
    ...overrides,
  },
});

export const nps: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 1,
  settings: {},
};

export const single: QuestionOf<'single_choice'> = {
  id: 'q-single',
  type: 'single_choice',
  title: 'Welke afdeling?',
  required: false,
  position: 2,
  settings: {
    options: [
      { id: 'a', label: 'Verkoop' },
      { id: 'b', label: 'Service' },
    ],
    allow_other: true,
  },
};

export const multiple: QuestionOf<'multiple_choice'> = {
  id: 'q-multi',
  type: 'multiple_choice',
  title: 'Wat gebruik je?',
  required: false,
  position: 3,
  settings: {
    options: [
      { id: 'x', label: 'Laptop' },
      { id: 'y', label: 'Telefoon' },
    ],
    allow_other: false,
  },
};

export const rating: QuestionOf<'rating'> = {
  id: 'q-rating',
  type: 'rating',
  title: 'Je cijfer voor de lunch',
  required: false,
  position: 4,
  settings: { scale: 5, style: 'stars' },
};

export const open: QuestionOf<'open_long'> = {
  id: 'q-open',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 5,
  settings: { max_length: 2000 },
};

export const as = <K extends QuestionResultView['kind']>(view: QuestionResultView, kind: K) => {
  expect(view.kind).toBe(kind);
  return view as Extract<QuestionResultView, { kind: K }>;
};

export const survey = (questions: readonly Question[]): Survey => ({
  id: 12,
  organization_id: 1,
  title: 'Medewerkers 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  questions,
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 1,
  estimated_seconds: 120,
  retention_until: null,
  retention_months: null,
  anonymous: false,
});
