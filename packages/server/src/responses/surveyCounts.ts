import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/**
 * The survey counts per ISO week and calendar month that survey-sourced KPIs read
 * (`survey_answer_counts`, `survey_response_counts`; migration 0013). They are kept where answers
 * are written, in the same statement:
 *
 * - the answering statement (responses.ts, `writeResponses`) adds a submission's scored items and
 *   the response itself as it submits: a response is submitted once, and its items get their
 *   `submitted_at` only then, so the counts only ever go up there;
 * - making personal links adds them (`insertPersonalLinks`);
 * - the trigger that deletes an erased response's answers lowers both (migration 0013; one row of
 *   each key since the counts are sharded, migration 0046);
 * - anything that writes submitted responses or answers another way (the demo seed, bulk loads in
 *   tests and benchmarks) calls `rebuildSurveyCounts` for its surveys afterwards.
 *
 * Retention blanks texts only, so it changes no count. Buckets are Europe/Amsterdam days, like the
 * results pages: a week starts on Monday (ISO), a month on its first.
 */

/**
 * The shards of a key's counts (R-RESP-16): a count is the sum of its key's rows, one per shard that
 * was added to. Every submitting statement adds to one shard, the next in turn, so the batches in
 * flight at once (two per server) never add to the same rows and none waits for another's commit
 * on a survey's few hot rows. Four keeps a reader's sum small (at most four rows where one was) and
 * leaves room for servers beside each other to meet on a shard seldom.
 */
export const COUNT_SHARDS = 4;

let nextShard = Math.floor(Math.random() * COUNT_SHARDS);

/** The shard the next submitting statement adds to: in turn, from a random start per process. */
export function countShard(): number {
  nextShard = (nextShard + 1) % COUNT_SHARDS;
  return nextShard;
}

/** The bucket columns of a moment: one row per grain (`cross join lateral (${bucketsOf(…)}) as g(grain, bucket)`). */
export const bucketsOf = (moment: SQL): SQL =>
  sql`values ('week', date_trunc('week', (${moment}) at time zone 'Europe/Amsterdam')::date),
             ('month', date_trunc('month', (${moment}) at time zone 'Europe/Amsterdam')::date)`;

const VALUES = Array.from({ length: 11 }, (_, value) => value);

/** `count(*) filter (where <value> = 0) as c0, …, as c10`. */
export const valueCounts = (value: SQL): SQL =>
  sql.join(
    VALUES.map(
      (n) => sql`count(*) filter (where ${value} = ${sql.raw(String(n))})::int as ${sql.raw(`c${n}`)}`,
    ),
    sql`, `,
  );

/** `c0, …, c10` */
export const COUNT_COLUMNS: SQL = sql.raw(VALUES.map((n) => `c${n}`).join(', '));

/** `c0 = survey_answer_counts.c0 + excluded.c0, …` for an upsert that adds. */
export const ADD_COUNTS: SQL = sql.raw(
  VALUES.map((n) => `c${n} = survey_answer_counts.c${n} + excluded.c${n}`).join(', '),
);

/**
 * The counts of some surveys made again from their answers and responses (the statements migration
 * 0013 fills them with). For writes outside the answering routes; one transaction.
 */
export async function rebuildSurveyCounts(db: Queryable, surveyIds: readonly number[]): Promise<void> {
  if (surveyIds.length === 0) return;
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)::int)`;
  const statements = [
    sql`delete from survey_answer_counts where survey_id in ${ids}`,
    sql`delete from survey_response_counts where survey_id in ${ids}`,
    sql`insert into survey_answer_counts (survey_id, question_id, item_id, grain, bucket, ${COUNT_COLUMNS})
      select a.survey_id, a.question_id, a.item_id, g.grain, g.bucket, ${valueCounts(sql`a.num_value`)}
      from survey_answers a cross join lateral (${bucketsOf(sql`a.submitted_at`)}) as g(grain, bucket)
      where a.survey_id in ${ids} and a.submitted_at is not null and a.num_value between 0 and 10
      group by 1, 2, 3, 4, 5`,
    sql`insert into survey_response_counts (survey_id, grain, bucket, completed, completed_personal, personal_links)
      select r.survey_id, g.grain, g.bucket, sum(g.completed), sum(g.completed_personal), sum(g.personal_links)
      from survey_responses r
      cross join lateral (values
        ('week', date_trunc('week', r.completed_at at time zone 'Europe/Amsterdam')::date, 1, (r.kind = 'personal')::int, 0),
        ('month', date_trunc('month', r.completed_at at time zone 'Europe/Amsterdam')::date, 1, (r.kind = 'personal')::int, 0),
        ('week', date_trunc('week', r.created_at at time zone 'Europe/Amsterdam')::date, 0, 0, (r.kind = 'personal')::int),
        ('month', date_trunc('month', r.created_at at time zone 'Europe/Amsterdam')::date, 0, 0, (r.kind = 'personal')::int)
      ) as g(grain, bucket, completed, completed_personal, personal_links)
      where r.survey_id in ${ids} and g.bucket is not null
        and (g.personal_links = 1 or (g.completed = 1 and r.status = 'completed'))
      group by 1, 2, 3`,
  ];
  // All or nothing (inside a caller's transaction, a savepoint).
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}
