import type { Question } from '@loop/core';
import { LIKERT_DEFAULT_LABELS } from '@loop/core/surveys/model';
import type postgres from 'postgres';

/** The shared survey: a question of each charted kind, and an open question (shared with its answers). */
export const QUESTIONS: Question[] = [
  {
    id: 'q1',
    type: 'likert',
    title: 'Stellingen over het werk',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: [...LIKERT_DEFAULT_LABELS[5]],
      neutral_middle: true,
      statements: [1, 2, 3].map((i) => ({ id: `s${i}`, text: `Stelling ${i}` })),
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
    settings: {
      options: [1, 2, 3, 4].map((i) => ({ id: `a${i}`, label: `Afdeling ${i}` })),
      allow_other: false,
    },
  },
  {
    id: 'q5',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 4,
    settings: { max_length: 2000 },
  },
];

/**
 * `responses` submitted responses spread over 200 days and their answers, in SQL, stored as the
 * answering route stores them (Likert: the answered row plus one per statement); `h(c)` is a
 * deterministic hash of the response id, so every run stores the same data.
 */
export async function generateResponses(
  sql: postgres.Sql,
  survey: { readonly id: number; readonly organization_id: number },
  responses: number,
): Promise<number> {
  await sql.unsafe(`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at, completed_at)
    select ${survey.id}, ${survey.organization_id}, 'bench-' || g, 'public', 'completed',
      t - interval '6 minutes', t - interval '6 minutes', t, t
    from (select g, now() - g * interval '172 seconds' as t from generate_series(1, ${responses}) as g) as x`);
  const h = (c: number | string) => `(hashint4(d.id::int * 31 + ${c}) & 2147483647)`;
  const insert = (select: string) =>
    sql.unsafe(`
      with d as (select id, completed_at from survey_responses where survey_id = ${survey.id} and status = 'completed')
      insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
      ${select}`);
  await insert(`select d.id, ${survey.id}, 'q1', '', null, null, d.completed_at from d`);
  await insert(
    `select d.id, ${survey.id}, 'q1', 's' || s, 1 + ${h('s')} % 5, null, d.completed_at from d, generate_series(1, 3) as s`,
  );
  await insert(`select d.id, ${survey.id}, 'q2', '', ${h(4)} % 11, null, d.completed_at from d`);
  // Rating by 80 %, the department by all, the open question by 20 %.
  await insert(
    `select d.id, ${survey.id}, 'q3', '', 1 + ${h(5)} % 5, null, d.completed_at from d where ${h(6)} % 10 < 8`,
  );
  await insert(`select d.id, ${survey.id}, 'q4', 'a' || (1 + ${h(7)} % 4), 1, null, d.completed_at from d`);
  await insert(
    `select d.id, ${survey.id}, 'q5', '', null, 'Minder vergaderen en meer focustijd, antwoord ' || d.id, d.completed_at
      from d where ${h(8)} % 10 < 2`,
  );
  await sql.unsafe('vacuum analyze survey_answers');
  await sql.unsafe('vacuum analyze survey_responses');
  const [row] = (await sql.unsafe('select count(*)::int as rows from survey_answers')) as unknown as [
    { rows: number },
  ];
  return row.rows;
}
