/**
 * The survey of bench/analytics and bench/results-scale: 10 questions of every scored and open
 * type, and its answers generated in SQL as the answering route stores them.
 */
import type { Question } from '@loop/core';
import { LIKERT_DEFAULT_LABELS } from '@loop/core/surveys/model';

const labels = (points: 5 | 7) => [...LIKERT_DEFAULT_LABELS[points]];
const options = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}`, label: `Optie ${i + 1}` }));

export const QUESTIONS: Question[] = [
  {
    id: 'q1',
    type: 'likert',
    title: 'Stellingen over het werk',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: labels(5),
      neutral_middle: true,
      statements: [1, 2].map((i) => ({ id: `s${i}`, text: `Stelling ${i}` })),
    },
  },
  { id: 'q2', type: 'nps', title: 'Aanbevelen?', required: true, position: 1, settings: {} },
  {
    id: 'q3',
    type: 'rating',
    title: 'Tevredenheid',
    required: false,
    position: 2,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'q4',
    type: 'single_choice',
    title: 'Afdeling',
    required: false,
    position: 3,
    settings: { options: options('a', 4), allow_other: true },
  },
  {
    id: 'q5',
    type: 'multiple_choice',
    title: 'Wat waardeer je?',
    required: false,
    position: 4,
    settings: { options: options('m', 5), allow_other: true },
  },
  {
    id: 'q6',
    type: 'open_short',
    title: 'Eén woord',
    required: false,
    position: 5,
    settings: { max_length: 200 },
  },
  {
    id: 'q7',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 6,
    settings: { max_length: 2000 },
  },
  {
    id: 'q8',
    type: 'likert',
    title: 'Over de organisatie',
    required: false,
    position: 7,
    settings: {
      points: 7,
      labels: labels(7),
      neutral_middle: true,
      statements: [{ id: 't1', text: 'De koers is duidelijk' }],
    },
  },
  { id: 'q9', type: 'nps', title: 'Werkgever aanbevelen?', required: false, position: 8, settings: {} },
  {
    id: 'q10',
    type: 'single_choice',
    title: 'Dienstverband',
    required: false,
    position: 9,
    settings: { options: options('d', 3), allow_other: false },
  },
];

/**
 * The answers, item rows as core's `answerToItems` makes them: Likert and multiple choice have a
 * value-less row with item '' plus one per statement or option; `h(c)` is a deterministic hash of
 * the response id, so every run stores the same data.
 */
export const generateAnswers = (surveyId: number) => {
  const h = (c: number | string) => `(hashint4(d.id::int * 31 + ${c}) & 2147483647)`;
  const from = `from done d`;
  const insert = (select: string) => `
    with done as (select id, completed_at from survey_responses where survey_id = ${surveyId} and status = 'completed')
    insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
    ${select}`;
  return [
    // q1: 5-point Likert, 2 statements.
    insert(`select d.id, ${surveyId}, 'q1', '', null, null, d.completed_at ${from}`),
    // Statement 2 skipped by one in ten.
    insert(
      `select d.id, ${surveyId}, 'q1', 's' || s, 1 + ${h('s')} % 5, null, d.completed_at
        ${from}, generate_series(1, 2) as s where s < 2 or ${h(3)} % 10 <> 0`,
    ),
    // q2: NPS, everyone.
    insert(`select d.id, ${surveyId}, 'q2', '', ${h(4)} % 11, null, d.completed_at ${from}`),
    // q3: rating, 80 %.
    insert(
      `select d.id, ${surveyId}, 'q3', '', 1 + ${h(5)} % 5, null, d.completed_at ${from} where ${h(6)} % 10 < 8`,
    ),
    // q4: single choice, 95 %, 'anders' 1 in 20 of those.
    insert(
      `select d.id, ${surveyId}, 'q4', case when ${h(7)} % 20 = 0 then '_other' else 'a' || (1 + ${h(8)} % 4) end,
        case when ${h(7)} % 20 = 0 then null else 1 end,
        case when ${h(7)} % 20 = 0 then 'Eigen afdeling ' || d.id % 97 end, d.completed_at ${from} where ${h(9)} % 20 <> 0`,
    ),
    // q5: multiple choice, 90 %: the answered row, one option and sometimes more, sometimes 'anders'.
    insert(`select d.id, ${surveyId}, 'q5', '', null, null, d.completed_at ${from} where ${h(10)} % 10 <> 0`),
    insert(
      `select d.id, ${surveyId}, 'q5', 'm' || o, 1, null, d.completed_at ${from}, generate_series(1, 5) as o
        where ${h(10)} % 10 <> 0 and (o = 1 + ${h(11)} % 5 or ${h('40 + o')} % 8 = 0)`,
    ),
    insert(
      `select d.id, ${surveyId}, 'q5', '_other', null, 'Iets anders: ' || d.id % 53, d.completed_at ${from}
        where ${h(10)} % 10 <> 0 and ${h(13)} % 25 = 0`,
    ),
    // q6, q7: open texts, 30 % and 20 %.
    insert(
      `select d.id, ${surveyId}, 'q6', '', null, (array['Fijn','Druk','Uitdagend','Gezellig','Rommelig','Leerzaam'])[1 + ${h(14)} % 6],
        d.completed_at ${from} where ${h(15)} % 10 < 3`,
    ),
    insert(
      `select d.id, ${surveyId}, 'q7', '', null, 'Minder vergaderen en meer focustijd, antwoord ' || d.id,
        d.completed_at ${from} where ${h(16)} % 10 < 2`,
    ),
    // q8: 7-point Likert, one statement, 50 %.
    insert(`select d.id, ${surveyId}, 'q8', '', null, null, d.completed_at ${from} where ${h(17)} % 2 = 0`),
    insert(
      `select d.id, ${surveyId}, 'q8', 't1', 1 + ${h(18)} % 7, null, d.completed_at ${from} where ${h(17)} % 2 = 0`,
    ),
    // q9: a second NPS, 40 %; q10: single choice, 60 %.
    insert(
      `select d.id, ${surveyId}, 'q9', '', ${h(19)} % 11, null, d.completed_at ${from} where ${h(20)} % 10 < 4`,
    ),
    insert(
      `select d.id, ${surveyId}, 'q10', 'd' || (1 + ${h(21)} % 3), 1, null, d.completed_at ${from} where ${h(22)} % 10 < 6`,
    ),
  ];
};

/**
 * The survey's responses: `responses` submitted ones, one every `spacingSeconds` back from now (the
 * newest first), 5,000 halfway and 20,000 unused personal links; every fourth submitted one came
 * through a personal link.
 */
export const generateResponses = (
  survey: { readonly id: number; readonly organization_id: number },
  responses: number,
  spacingSeconds: number,
): string[] => [
  `insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at, completed_at)
    select ${survey.id}, ${survey.organization_id}, 'bench-' || g, case when g % 4 = 0 then 'personal' else 'public' end,
      'completed', t - interval '6 minutes', t - interval '6 minutes', t, t
    from (select g, now() - g * interval '${spacingSeconds} seconds' as t from generate_series(1, ${responses}) as g) as x`,
  `insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at)
    select ${survey.id}, ${survey.organization_id}, 'bench-started-' || g, 'public', 'in_progress', now() - g * interval '1 hour', now() - g * interval '1 hour', now()
    from generate_series(1, 5000) as g`,
  `insert into survey_responses (survey_id, organization_id, token_hash, kind, status)
    select ${survey.id}, ${survey.organization_id}, 'bench-link-' || g, 'personal', 'pending' from generate_series(1, 20000) as g`,
];
