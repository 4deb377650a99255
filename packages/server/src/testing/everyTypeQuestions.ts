import type { AnswerInput, Question } from '@loop/core';

/*
 * Pure data, no server imports: the server tests, bench/respond and the e2e answering test all
 * answer this one survey.
 */

/** One question of every type; the Likert and NPS questions are required. */
export const everyTypeQuestions = (): Question[] => [
  {
    id: 'q-likert',
    type: 'likert',
    title: 'Hoe kijk je naar je werk?',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
      neutral_middle: true,
      statements: [
        { id: 's-plezier', text: 'Ik heb plezier in mijn werk.' },
        { id: 's-team', text: 'Mijn team helpt me.' },
      ],
    },
  },
  {
    id: 'q-single',
    type: 'single_choice',
    title: 'Waar werk je meestal?',
    required: false,
    position: 1,
    settings: {
      options: [
        { id: 'o-kantoor', label: 'Op kantoor' },
        { id: 'o-thuis', label: 'Thuis' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q-multi',
    type: 'multiple_choice',
    title: 'Welke middelen gebruik je?',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'o-laptop', label: 'Laptop' },
        { id: 'o-telefoon', label: 'Telefoon' },
        { id: 'o-tablet', label: 'Tablet' },
      ],
      allow_other: true,
      max_choices: 3,
    },
  },
  {
    id: 'q-short',
    type: 'open_short',
    title: 'Je afdeling?',
    required: false,
    position: 3,
    settings: { max_length: 100 },
  },
  {
    id: 'q-long',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 4,
    settings: { max_length: 5000 },
  },
  { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 5, settings: {} },
  {
    id: 'q-rating',
    type: 'rating',
    title: 'Hoe tevreden ben je?',
    required: false,
    position: 6,
    settings: { scale: 5, style: 'stars' },
  },
];

/** A full, valid set of answers to `everyTypeQuestions`. */
export const everyTypeAnswers = (): AnswerInput[] => [
  { question_id: 'q-likert', value: { 's-plezier': 4, 's-team': 5 }, seconds_spent: 12 },
  { question_id: 'q-single', value: { option_id: 'o-thuis' }, seconds_spent: 4 },
  {
    question_id: 'q-multi',
    value: { option_ids: ['o-laptop', 'o-telefoon'], other: 'Whiteboard' },
    seconds_spent: 7,
  },
  { question_id: 'q-short', value: { text: 'Financiën' }, seconds_spent: 9 },
  { question_id: 'q-long', value: { text: 'Meer overleg met andere teams.' }, seconds_spent: 41 },
  { question_id: 'q-nps', value: { score: 9 }, seconds_spent: 3 },
  { question_id: 'q-rating', value: { score: 4 }, seconds_spent: 2 },
];
