import type { RoundAction, RoundScheduleInput, SurveyRounds } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { nextRoundDue, ROUND_MESSAGES, ROUND_NOTES, roundScheduleProblems } from '@loop/core/invitations';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { findSegmentRow } from '../contacts/contactSegments';
import { type SurveyRow, surveyRoundSchedules } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import {
  closeRound,
  insertRound,
  nextRoundNumber,
  rhythmOf,
  roundsOverview,
  scheduledRound,
  scheduleOf,
} from './roundStore';

/**
 * PUT /surveys/:id/rounds (R-ROUND-1): the survey runs in rounds from `start_at`, every N weeks or
 * months, to a segment of the organisation or all contacts. Checked as core checks it (400), the
 * survey open (409), the segment the organisation's (404). In one transaction that holds the
 * schedule's row: the schedule saved as active and its one scheduled round planned at `start_at`
 * (an earlier scheduled round moves there; nothing that went is touched).
 */
export async function setRoundSchedule(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: SurveyRow,
  input: RoundScheduleInput,
): Promise<SurveyRounds> {
  const now = deps.clock.now();
  const problems = roundScheduleProblems(input, now);
  if (Object.keys(problems).length > 0) throw invalidInput(problems as FieldErrors);
  if (survey.status !== 'open') throw new ApiError(409, ROUND_MESSAGES.notOpen);
  if (
    input.segment_id !== null &&
    (await findSegmentRow(deps.db, survey.organizationId, input.segment_id)) === null
  )
    throw new ApiError(404, ROUND_MESSAGES.segment);
  const startAt = new Date(input.start_at);
  await deps.db.transaction(async (tx) => {
    const values = {
      organizationId: survey.organizationId,
      intervalUnit: input.interval_unit,
      intervalCount: input.interval_count,
      segmentId: input.segment_id,
      startAt,
      state: 'active' as const,
      updatedAt: now,
    };
    await tx
      .insert(surveyRoundSchedules)
      .values({ surveyId: survey.id, ...values })
      .onConflictDoUpdate({ target: surveyRoundSchedules.surveyId, set: values });
    await scheduleOf(tx, survey.id, true);
    const scheduled = await scheduledRound(tx, survey.id);
    if (scheduled === null) await insertRound(tx, survey, await nextRoundNumber(tx, survey.id), startAt);
    else
      await tx.execute(
        sql`update survey_rounds set due_at = ${startAt.toISOString()}::timestamptz where id = ${scheduled.id}`,
      );
  });
  return roundsOverview(deps.db, survey.id);
}

/**
 * POST /surveys/:id/rounds/:action (R-ROUND-7), in one transaction holding the schedule's row and
 * the scheduled round's (a round the scheduler is sending is waited for, then no longer scheduled):
 * pause (nothing goes out), resume (a round whose date passed meanwhile moves to the next date of the
 * rhythm), skip (the next round is skipped and the one after it planned), end (no more rounds; the
 * scheduled one is cancelled). What cannot be done now is a 409 with the reason.
 */
export async function controlRounds(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: SurveyRow,
  action: RoundAction,
): Promise<SurveyRounds> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const schedule = await scheduleOf(tx, survey.id, true);
    if (schedule === null) throw new ApiError(409, ROUND_MESSAGES.noSchedule);
    if (schedule.state === 'ended') throw new ApiError(409, ROUND_MESSAGES.ended);
    const setState = (state: 'active' | 'paused' | 'ended') =>
      tx.execute(
        sql`update survey_round_schedules set state = ${state}, updated_at = ${now.toISOString()}::timestamptz
            where survey_id = ${survey.id}`,
      );
    const scheduled = await scheduledRound(tx, survey.id);
    switch (action) {
      case 'pause':
        if (schedule.state !== 'active') throw new ApiError(409, ROUND_MESSAGES.notActive);
        await setState('paused');
        return;
      case 'resume':
        if (schedule.state !== 'paused') throw new ApiError(409, ROUND_MESSAGES.notPaused);
        await setState('active');
        if (scheduled !== null && scheduled.dueAt.getTime() <= now.getTime()) {
          const due = nextRoundDue(rhythmOf(schedule), now);
          await tx.execute(
            sql`update survey_rounds set due_at = ${due.toISOString()}::timestamptz where id = ${scheduled.id}`,
          );
        }
        return;
      case 'skip': {
        if (scheduled === null) throw new ApiError(409, ROUND_MESSAGES.noNextRound);
        await closeRound(tx, scheduled.id, 'skipped', ROUND_NOTES.skipped);
        const after = scheduled.dueAt.getTime() > now.getTime() ? scheduled.dueAt : now;
        await insertRound(tx, survey, scheduled.number + 1, nextRoundDue(rhythmOf(schedule), after));
        return;
      }
      case 'end':
        await setState('ended');
        if (scheduled !== null) await closeRound(tx, scheduled.id, 'cancelled', ROUND_NOTES.cancelled);
        return;
    }
  });
  return roundsOverview(deps.db, survey.id);
}
