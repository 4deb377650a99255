import type { Question, QuestionOf } from '../../contract';
import { QUESTIONS } from './logic.fixtures';

/** A section intro without an answer (R-SURV-23). */
export const TEXT_BLOCK: QuestionOf<'text_block'> = {
  id: 'q-intro',
  type: 'text_block',
  title: 'Over je werkplek',
  description: 'De volgende vragen gaan over je werkplek.',
  required: false,
  position: 0,
  settings: {},
};

/** 'Afdeling', then the text block, then the other questions. */
export const WITH_INTRO: readonly Question[] = [
  QUESTIONS[0] as Question,
  TEXT_BLOCK,
  ...QUESTIONS.slice(1),
].map((question, position) => ({ ...question, position }));

/** A number question of kilos, from 0 to 50,000 in halves. */
export const WEIGHT: QuestionOf<'number'> = {
  id: 'q-weight',
  type: 'number',
  title: 'Hoeveel kilo til je per dag?',
  required: false,
  position: 0,
  settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
};

/** The weight first, then the questions of `QUESTIONS`. */
export const WITH_WEIGHT: readonly Question[] = [WEIGHT, ...QUESTIONS].map((question, position) => ({
  ...question,
  position,
}));

/** A dropdown of departments first, then the questions of `QUESTIONS`. */
export const DEPARTMENT: QuestionOf<'dropdown'> = {
  id: 'q-department',
  type: 'dropdown',
  title: 'Afdeling',
  required: false,
  position: 0,
  settings: {
    options: Array.from({ length: 80 }, (_, i) => ({ id: `d${i + 1}`, label: `Afdeling ${i + 1}` })),
  },
};

export const WITH_DEPARTMENT: readonly Question[] = [DEPARTMENT, ...QUESTIONS].map((question, position) => ({
  ...question,
  position,
}));

/** A date question first, then the questions of `QUESTIONS`. */
export const START: QuestionOf<'date'> = {
  id: 'q-start',
  type: 'date',
  title: 'Wanneer begon je?',
  required: false,
  position: 0,
  settings: { min: '2020-01-01' },
};

export const WITH_START: readonly Question[] = [START, ...QUESTIONS].map((question, position) => ({
  ...question,
  position,
}));

/** A ranking first, then the questions of `QUESTIONS`. */
export const PRIORITIES: QuestionOf<'ranking'> = {
  id: 'q-prio',
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

export const WITH_PRIORITIES: readonly Question[] = [PRIORITIES, ...QUESTIONS].map((question, position) => ({
  ...question,
  position,
}));
