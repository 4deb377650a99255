import type { RoundSchedule, SurveyRound, SurveyRounds } from '@loop/core';
import type { RoundRhythm } from '@loop/core/invitations';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRoundScheduleRow, surveyRoundSchedules } from '../db/schema';
import { isoTimestamp, queryRows } from '../results/resultsSql';

/** The schedule of a survey, or null when it never ran in rounds; `lock` takes its row for the transaction. */
export async function scheduleOf(
  db: Queryable,
  surveyId: number,
  lock = false,
): Promise<SurveyRoundScheduleRow | null> {
  const query = db.select().from(surveyRoundSchedules).where(eq(surveyRoundSchedules.surveyId, surveyId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export const rhythmOf = (schedule: SurveyRoundScheduleRow): RoundRhythm => ({
  startAt: schedule.startAt,
  unit: schedule.intervalUnit,
  count: schedule.intervalCount,
});

export const scheduleView = (schedule: SurveyRoundScheduleRow): RoundSchedule => ({
  interval_unit: schedule.intervalUnit,
  interval_count: schedule.intervalCount,
  segment_id: schedule.segmentId,
  start_at: schedule.startAt.toISOString(),
  state: schedule.state,
});

/** The scheduled round of a survey (at most one), locked for the transaction; null when none. */
export async function scheduledRound(
  tx: Queryable,
  surveyId: number,
): Promise<{ readonly id: number; readonly number: number; readonly dueAt: Date } | null> {
  const [row] = await queryRows<{ id: number; number: number; due_at: string }>(
    tx,
    sql`select id, number, ${isoTimestamp(sql`due_at`)} as due_at from survey_rounds
        where survey_id = ${surveyId} and state = 'scheduled' for update`,
  );
  return row === undefined
    ? null
    : { id: Number(row.id), number: Number(row.number), dueAt: new Date(row.due_at) };
}

/** Plans round `number` of a survey at `dueAt`. */
export async function insertRound(
  tx: Queryable,
  survey: { readonly id: number; readonly organizationId: number },
  number: number,
  dueAt: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into survey_rounds (organization_id, survey_id, number, due_at, state)
    values (${survey.organizationId}, ${survey.id}, ${number}, ${dueAt.toISOString()}::timestamptz, 'scheduled')`);
}

/** The number the next new round of a survey gets. */
export async function nextRoundNumber(tx: Queryable, surveyId: number): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    tx,
    sql`select coalesce(max(number), 0)::int + 1 as next from survey_rounds where survey_id = ${surveyId}`,
  );
  return Number(row?.next ?? 1);
}

/** Ends a round that did not go: 'skipped' or 'cancelled', with its Dutch note. */
export async function closeRound(
  tx: Queryable,
  roundId: number,
  state: 'skipped' | 'cancelled',
  note: string,
): Promise<void> {
  await tx.execute(sql`update survey_rounds set state = ${state}, note = ${note} where id = ${roundId}`);
}

/**
 * GET /surveys/:id/rounds: the schedule and every round, newest first, each with its invitations
 * (not cancelled) and its submitted responses, counted from the rows (R-ROUND-6).
 */
export async function roundsOverview(db: Queryable, surveyId: number): Promise<SurveyRounds> {
  const [schedule, rounds] = await Promise.all([
    scheduleOf(db, surveyId),
    queryRows<SurveyRound>(
      db,
      sql`select r.id, r.number, ${isoTimestamp(sql`r.due_at`)} as due_at, r.state,
            ${isoTimestamp(sql`r.sent_at`)} as sent_at, r.skipped, r.note,
            (select count(*) from survey_invitations i where i.round_id = r.id and i.cancelled_at is null)::int as invited,
            (select count(*) from survey_responses p
              where p.round_id = r.id and p.survey_id = r.survey_id and p.status = 'completed')::int as completed
          from survey_rounds r where r.survey_id = ${surveyId}
          order by r.number desc`,
    ),
  ]);
  return {
    schedule: schedule === null ? null : scheduleView(schedule),
    rounds: rounds.map((round) => ({
      ...round,
      id: Number(round.id),
      number: Number(round.number),
      skipped: Number(round.skipped),
      invited: Number(round.invited),
      completed: Number(round.completed),
    })),
  };
}
