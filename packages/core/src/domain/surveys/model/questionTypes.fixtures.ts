import type { QuestionOf } from '../../contract';

/** Questions of the newer types (issue 26), shared by their tests. */

export const TEXT_BLOCK: QuestionOf<'text_block'> = {
  id: 'q-intro',
  type: 'text_block',
  title: 'Over je werkplek',
  description: 'De volgende vragen gaan over je werkplek.',
  required: false,
  position: 0,
  settings: {},
};

export const WEIGHT: QuestionOf<'number'> = {
  id: 'q-weight',
  type: 'number',
  title: 'Hoeveel kilo til je per dag?',
  required: false,
  position: 1,
  settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
};

/** A dropdown of 80 departments: 'Afdeling 1' … 'Afdeling 80'. */
export const DEPARTMENT: QuestionOf<'dropdown'> = {
  id: 'q-dept',
  type: 'dropdown',
  title: 'Afdeling',
  required: true,
  position: 2,
  settings: {
    options: Array.from({ length: 80 }, (_, i) => ({ id: `d${i + 1}`, label: `Afdeling ${i + 1}` })),
  },
};

/** A date in 2026. */
export const START: QuestionOf<'date'> = {
  id: 'q-start',
  type: 'date',
  title: 'Wanneer begon je?',
  required: false,
  position: 3,
  settings: { min: '2026-01-01', max: '2026-12-31' },
};

/** What matters most, in order. */
export const PRIORITIES: QuestionOf<'ranking'> = {
  id: 'q-prio',
  type: 'ranking',
  title: 'Wat vind je het belangrijkst?',
  required: false,
  position: 4,
  settings: {
    options: [
      { id: 'prijs', label: 'Prijs' },
      { id: 'service', label: 'Service' },
      { id: 'snelheid', label: 'Snelheid' },
    ],
  },
};
