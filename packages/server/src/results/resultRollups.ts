import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { matching } from './resultsFilterSql';
import type { DayFilter } from './resultsRange';
import { queryRows, withinDays } from './resultsSql';

/**
 * The result rollups (R-RES-11, issue 29): a survey's submitted answers counted per
 * Europe/Amsterdam day, question, item and value (`survey_result_rollups`) up to the survey's mark
 * (`survey_result_marks.covered_until`); the answers submitted since are counted live, so a result
 * is always the recount of the answers, however old the rollup.
 *
 * - A background job (`startResultRollups`, every minute on every server) moves each survey's
 *   mark up to ROLLUP_LAG_MS before now (the app's clock, the one that stamps submissions) and
 *   adds the answers submitted in between. The answering
 *   statement does nothing for it: a submitted answer never changes, only its deletion does.
 * - The trigger that deletes an erased response's answers lowers the rollup by those before the
 *   mark (migration 0047); it takes the mark's row first, so it waits for a pass under way.
 * - Answers written another way with a submission time in the past (the demo seed, bulk loads in
 *   tests and benchmarks) call `resetResultRollups` afterwards: results are then counted live until
 *   the job's next pass.
 *
 * ROLLUP_LAG_MS covers a submission that is slow to commit: its answers carry the time the statement
 * was given, and a pass only takes in answers older than the lag, which every such statement
 * committed long before.
 */

export const ROLLUP_LAG_MS = 2 * 60_000;
export const ROLLUP_INTERVAL_MS = 60_000;

/** The Europe/Amsterdam day of an answer's submission, the rollup's `day`. */
const submissionDay = sql`(submitted_at at time zone 'Europe/Amsterdam')::date`;

/** Where a pass at `now` moves the marks to: ROLLUP_LAG_MS before it. */
const markAt = (now: Date): string => new Date(now.getTime() - ROLLUP_LAG_MS).toISOString();

/**
 * Adds a survey's answers submitted since its mark (all of them after a reset) to its rollup and
 * moves the mark up to ROLLUP_LAG_MS before `now` (the app's clock, which stamps the submissions);
 * answers the number of answer rows added. One transaction: the mark's row is locked first, so two
 * servers' passes follow each other.
 */
export function rollUpSurvey(db: Queryable, surveyId: number, now: Date): Promise<number> {
  const until = markAt(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into survey_result_marks (survey_id, covered_until)
      values (${surveyId}, '-infinity') on conflict (survey_id) do nothing`);
    await tx.execute(sql`select 1 from survey_result_marks where survey_id = ${surveyId} for update`);
    // Read once the lock is held: a pass that held it before has moved the mark.
    const [mark] = await queryRows<{ covered: string; due: boolean }>(
      tx,
      sql`select covered_until::text as covered, covered_until < ${until}::timestamptz as due
        from survey_result_marks where survey_id = ${surveyId}`,
    );
    if (mark === undefined || !mark.due) return 0;
    const [added] = await queryRows<{ rows: number }>(
      tx,
      sql`with counted as (
          select survey_id, ${submissionDay} as day, question_id, item_id, num_value, count(*)::int as count
          from survey_answers
          where survey_id = ${surveyId} and submitted_at >= ${mark.covered}::timestamptz
            and submitted_at < ${until}::timestamptz
          group by 1, 2, 3, 4, 5),
        added as (
          insert into survey_result_rollups (survey_id, day, question_id, item_id, num_value, count)
          select * from counted
          on conflict on constraint survey_result_rollups_key
          do update set count = survey_result_rollups.count + excluded.count)
        select coalesce(sum(count), 0)::int as rows from counted`,
    );
    await tx.execute(sql`insert into survey_result_days (survey_id, day, completed, completed_personal)
      select survey_id, (completed_at at time zone 'Europe/Amsterdam')::date, count(*)::int,
        (count(*) filter (where kind = 'personal'))::int
      from survey_responses
      where survey_id = ${surveyId} and status = 'completed' and completed_at >= ${mark.covered}::timestamptz
        and completed_at < ${until}::timestamptz
      group by 1, 2
      on conflict (survey_id, day) do update set
        completed = survey_result_days.completed + excluded.completed,
        completed_personal = survey_result_days.completed_personal + excluded.completed_personal`);
    await tx.execute(sql`update survey_result_marks set covered_until = ${until}::timestamptz
      where survey_id = ${surveyId}`);
    return added?.rows ?? 0;
  });
}

/**
 * Forgets the rollups of some surveys after their answers were written past the answering
 * statement: their results are counted live until the job makes them again.
 */
export async function resetResultRollups(db: Queryable, surveyIds: readonly number[]): Promise<void> {
  if (surveyIds.length === 0) return;
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)::int)`;
  await db.transaction(async (tx) => {
    // The marks first: a pass under way for one of them finishes before its rows go.
    await tx.execute(sql`delete from survey_result_marks where survey_id in ${ids}`);
    await tx.execute(sql`delete from survey_result_rollups where survey_id in ${ids}`);
    await tx.execute(sql`delete from survey_result_days where survey_id in ${ids}`);
  });
}

/** `resetResultRollups` and then the rollups made at once (benchmarks, after a bulk load). */
export async function rebuildResultRollups(
  db: Queryable,
  surveyIds: readonly number[],
  now = new Date(),
): Promise<number> {
  await resetResultRollups(db, surveyIds);
  let rows = 0;
  for (const surveyId of surveyIds) rows += await rollUpSurvey(db, surveyId, now);
  return rows;
}

/**
 * One pass of the job: every survey with a submission between its mark (or ever, without one) and
 * ROLLUP_LAG_MS before `now`, found through `survey_responses_survey_status_idx` (a response's
 * `completed_at` is its answers' `submitted_at`). Answers the answer rows added.
 */
export async function rollUpResults(db: Queryable, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select s.id from surveys s left join survey_result_marks m on m.survey_id = s.id
      where exists (
        select 1 from survey_responses r
        where r.survey_id = s.id and r.status = 'completed'
          and r.completed_at >= coalesce(m.covered_until, '-infinity')
          and r.completed_at < ${markAt(now)}::timestamptz)
      order by s.id`,
  );
  let rows = 0;
  for (const survey of due) rows += await rollUpSurvey(db, Number(survey.id), now);
  return rows;
}

/** `rollUpResults` at start and then every minute. */
export function startResultRollups(
  deps: { readonly db: Database; readonly clock: Clock; readonly output: JobOutput },
  options: { readonly intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? ROLLUP_INTERVAL_MS,
    output: deps.output,
    failure: 'Resultaten: de tellingen per dag konden niet worden bijgewerkt',
    run: () => rollUpResults(deps.db, deps.clock.now()),
  });
}

/**
 * Runs `read` with the mark of a survey's rollup (as text; null without one: every answer is then
 * counted live) in one snapshot with whatever it reads: a repeatable-read transaction, so a pass
 * that commits in between is not counted twice.
 */
export function inRollupSnapshot<T>(
  db: Queryable,
  surveyId: number,
  read: (tx: Queryable, mark: string | null) => Promise<T>,
): Promise<T> {
  return db.transaction(
    async (tx) => {
      const [row] = await queryRows<{ covered: string }>(
        tx,
        sql`select covered_until::text as covered from survey_result_marks where survey_id = ${surveyId}`,
      );
      return read(tx, row?.covered ?? null);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** `day` within the filter's days (both included). */
export function daysWithin(filter: DayFilter): SQL {
  const parts: SQL[] = [];
  if (filter.from !== null) parts.push(sql`day >= ${filter.from}::date`);
  if (filter.to !== null) parts.push(sql`day <= ${filter.to}::date`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * Runs `read` on the rows (`day`, `question_id`, `item_id`, `num_value`, `n`) of a survey's
 * submitted answers within the filter's days (of one question, when given): the rollup's days
 * before the mark and the answers since, counted live through `survey_answers_aggregate_idx`
 * (survey, submission time). Mark, rollup and answers are read in one snapshot (a repeatable-read
 * transaction), so a pass that commits in between is not counted twice. A filter on responses
 * (R-RES-8) cannot use the rollup: those rows are counted live, as before.
 */
export async function withDayCounts<T>(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  questionId: string | undefined,
  read: (db: Queryable, rows: SQL) => Promise<T>,
): Promise<T> {
  const ofQuestion = questionId === undefined ? sql`` : sql` and question_id = ${questionId}`;
  const live = (since: string | null) =>
    sql`select ${submissionDay} as day, question_id, item_id, num_value, count(*) as n
      from survey_answers
      where survey_id = ${surveyId} and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}
        ${since === null ? sql`` : sql`and submitted_at >= ${since}::timestamptz`}${ofQuestion}
        ${matching(sql`response_id`, filter)}
      group by 1, 2, 3, 4`;
  if (filter.responses !== undefined) return read(db, live(null));
  return inRollupSnapshot(db, surveyId, (tx, mark) =>
    read(
      tx,
      mark === null
        ? live(null)
        : sql`select day, question_id, item_id, num_value, sum(n) as n from (
            select day, question_id, item_id, num_value, count::bigint as n from survey_result_rollups
            where survey_id = ${surveyId} and count > 0 and ${daysWithin(filter)}${ofQuestion}
            union all
            ${live(mark)}) as counted
          group by 1, 2, 3, 4`,
    ),
  );
}
