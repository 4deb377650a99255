/** The survey bench/respond answers: 8 questions of mixed types, and one full set of answers. */
export const QUESTIONS = [
  {
    id: 'q1',
    type: 'likert',
    title: 'Hoe kijk je naar je werk?',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Ik heb plezier in mijn werk.' },
        { id: 's2', text: 'Mijn team helpt me.' },
        { id: 's3', text: 'Ik leer nieuwe dingen.' },
      ],
    },
  },
  {
    id: 'q2',
    type: 'single_choice',
    title: 'Waar werk je meestal?',
    required: true,
    position: 1,
    settings: {
      options: [
        { id: 'o1', label: 'Op kantoor' },
        { id: 'o2', label: 'Thuis' },
        { id: 'o3', label: 'Onderweg' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q3',
    type: 'multiple_choice',
    title: 'Welke middelen gebruik je?',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'm1', label: 'Laptop' },
        { id: 'm2', label: 'Telefoon' },
        { id: 'm3', label: 'Tablet' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q4',
    type: 'open_short',
    title: 'Je afdeling?',
    required: false,
    position: 3,
    settings: { max_length: 200 },
  },
  {
    id: 'q5',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 4,
    settings: { max_length: 5000 },
  },
  { id: 'q6', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 5, settings: {} },
  {
    id: 'q7',
    type: 'rating',
    title: 'Hoe tevreden ben je?',
    required: false,
    position: 6,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'q8',
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

export const ANSWERS = [
  { question_id: 'q1', value: { s1: 4, s2: 5, s3: 3 }, seconds_spent: 14 },
  { question_id: 'q2', value: { option_id: 'o2' }, seconds_spent: 5 },
  { question_id: 'q3', value: { option_ids: ['m1', 'm2'], other: 'Whiteboard' }, seconds_spent: 8 },
  { question_id: 'q4', value: { text: 'Financiën' }, seconds_spent: 9 },
  {
    question_id: 'q5',
    value: { text: 'Meer overleg tussen de teams en minder vergaderingen op vrijdag.' },
    seconds_spent: 48,
  },
  { question_id: 'q6', value: { score: 9 }, seconds_spent: 3 },
  { question_id: 'q7', value: { score: 4 }, seconds_spent: 2 },
  { question_id: 'q8', value: { w1: 5 }, seconds_spent: 4 },
];
