import { nextRoundDue, ROUND_NOTES } from '@loop/core/invitations';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { findSegmentRow } from '../contacts/contactSegments';
import { filterConditions } from '../contacts/contactStore';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { sendRoundInvitations } from '../invitations/invitations';
import { cancelEarlierRoundReminders } from '../invitations/reminders';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { closeRound, insertRound, rhythmOf, scheduleOf } from './roundStore';

/**
 * Where a pass of the rounds is, for tests that kill it there (`probe`): a round claimed, a chunk of
 * its invitations and mails written, everything written (not yet committed), committed.
 */
export type RoundProbePoint = 'claimed' | 'chunk' | 'written' | 'committed';

type SchedulerDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox'> & {
  readonly probe?: (point: RoundProbePoint) => void;
};

/**
 * Claims one due round of an active schedule (R-ROUND-3): `for update skip locked`, so two servers
 * never hold the same round and neither waits for the other; null when none is due.
 */
async function claimDueRound(
  tx: Queryable,
  now: Date,
): Promise<{ readonly id: number; readonly surveyId: number; readonly number: number } | null> {
  const [row] = await queryRows<{ id: number; survey_id: number; number: number; due_at: string }>(
    tx,
    sql`select r.id, r.survey_id, r.number, ${isoTimestamp(sql`r.due_at`)} as due_at
        from survey_rounds r join survey_round_schedules s on s.survey_id = r.survey_id
        where r.state = 'scheduled' and s.state = 'active' and r.due_at <= ${now.toISOString()}::timestamptz
        order by r.due_at, r.id limit 1
        for update of r skip locked`,
  );
  return row === undefined
    ? null
    : { id: Number(row.id), surveyId: Number(row.survey_id), number: Number(row.number) };
}

/** Sends one claimed round inside its transaction: its invitations, its state, and the next round planned. */
async function sendRound(
  deps: SchedulerDeps,
  tx: Queryable,
  round: { readonly id: number; readonly surveyId: number; readonly number: number },
  now: Date,
): Promise<void> {
  const [survey] = await tx.select().from(surveys).where(eq(surveys.id, round.surveyId));
  const schedule = await scheduleOf(tx, round.surveyId);
  if (survey === undefined || schedule === null) return;
  const open =
    survey.status === 'open' && (survey.closeAt === null || survey.closeAt.getTime() > now.getTime());
  const segment =
    schedule.segmentId === null ? null : await findSegmentRow(tx, survey.organizationId, schedule.segmentId);
  if (!open) await closeRound(tx, round.id, 'skipped', ROUND_NOTES.notOpen);
  else if (schedule.segmentId !== null && segment === null)
    await closeRound(tx, round.id, 'skipped', ROUND_NOTES.segmentGone);
  else {
    const where = filterConditions(survey.organizationId, segment?.filter ?? {});
    const { probe } = deps;
    const chunks = probe === undefined ? {} : { afterChunk: () => probe('chunk') };
    const sent = await sendRoundInvitations({ ...deps, ...chunks }, tx, survey, where, round.id);
    if (sent.selected === 0) await closeRound(tx, round.id, 'skipped', ROUND_NOTES.nobody);
    else {
      await tx.execute(
        sql`update survey_rounds set state = 'sent', sent_at = ${now.toISOString()}::timestamptz,
              skipped = ${sent.skipped} where id = ${round.id}`,
      );
      // Reminders of earlier rounds still in the outbox do not go after this round (R-ROUND-9).
      await cancelEarlierRoundReminders(deps, tx, survey, round.number);
    }
  }
  // The next date of the rhythm after now: dates that passed while the server was down are not caught up.
  await insertRound(tx, survey, round.number + 1, nextRoundDue(rhythmOf(schedule), now));
}

/**
 * One pass of the rounds at `clock.now()`: every due round of an active schedule, each in its own
 * transaction that claims it, queues its invitations through the outbox, marks it sent and plans the
 * next. A crash before the commit leaves the round scheduled (and nothing queued); after it, sent.
 * So each round goes exactly once, after a restart too, with several servers on one database.
 * Answers how many rounds were handled.
 */
export async function runDueRounds(deps: SchedulerDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const now = deps.clock.now();
    const done = await deps.db.transaction(async (tx) => {
      const round = await claimDueRound(tx, now);
      if (round === null) return false;
      deps.probe?.('claimed');
      await sendRound(deps, tx, round, now);
      deps.probe?.('written');
      return true;
    });
    if (!done) return handled;
    deps.probe?.('committed');
    handled += 1;
  }
}

/** The rounds job: with the reminders' rhythm (REMINDER_INTERVAL_SECONDS, a minute by default), right after start too. */
export function startRounds(deps: SchedulerDeps & { readonly output: JobOutput }): PeriodicJob {
  return startPeriodicJob({
    run: () => runDueRounds(deps),
    intervalMs: deps.config.reminderIntervalSeconds * 1000,
    output: deps.output,
    failure: 'Rondes versturen mislukt; de volgende keer probeert het opnieuw',
  });
}
