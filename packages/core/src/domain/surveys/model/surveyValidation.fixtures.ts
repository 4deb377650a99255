import { SURVEY_MESSAGES } from './surveyLimits';
import { validateQuestion } from './surveyValidation';

export const M = SURVEY_MESSAGES;

export const likert = {
  id: 'q1',
  type: 'likert',
  title: 'Hoe tevreden ben je?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [{ id: 's1', text: 'Het werk is leuk.' }],
  },
};

export const single = {
  id: 'q2',
  type: 'single_choice',
  title: 'Kleur?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'o1', label: 'Rood' },
      { id: 'o2', label: 'Blauw' },
    ],
    allow_other: false,
  },
};

export const multiple = {
  ...single,
  id: 'q3',
  type: 'multiple_choice',
  settings: { ...single.settings, allow_other: true, min_choices: 1, max_choices: 3 },
};

export const open = {
  id: 'q4',
  type: 'open_long',
  title: 'Toelichting',
  required: false,
  position: 3,
  settings: { max_length: 2000 },
};

export const nps = {
  id: 'q5',
  type: 'nps',
  title: 'Aanbevelen?',
  required: true,
  position: 4,
  settings: { low_label: 'Nooit' },
};

export const rating = {
  id: 'q6',
  type: 'rating',
  title: 'Cijfer',
  required: false,
  position: 5,
  settings: { scale: 5, style: 'numbers' },
};

export const fields = (input: unknown) => {
  const check = validateQuestion(input);
  return check.ok ? {} : check.fields;
};

export const withSettings = (question: Record<string, unknown>, settings: Record<string, unknown>) => ({
  ...question,
  settings: { ...(question.settings as object), ...settings },
});
