import type { DeliveryStatus } from '@loop/core';
import { reminderDue } from '@loop/core/invitations';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { CANCEL_REASONS } from './invitationDelivery';
import { invitationOutboxMail, type SurveyMailBase, surveyMailBase } from './invitationMails';
import { laterRoundSent, STATUS_SQL } from './invitationStore';

/** Invitations looked at per pass; a pass with a full batch goes on at once with the next. */
const BATCH = 500;

interface Candidate {
  readonly id: number;
  readonly organization_id: number;
  readonly survey_id: number;
  readonly contact_id: number;
  readonly name: string;
  readonly email: string;
  readonly language: string;
  readonly status: DeliveryStatus;
  readonly reminders_sent: number;
  readonly last_mail_at: string;
  readonly unsubscribed_at: string | null;
  readonly last_to_contact: string | null;
  readonly after_days: number;
  readonly max_reminders: number;
  readonly stopped: boolean;
  readonly min_days_between: number | null;
}

const dateOf = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * One pass of reminders at `clock.now()`: the invitations of open surveys that SQL finds possibly
 * due (mailed, not answered, not cancelled, below the survey's maximum, quiet for `after_days`,
 * contact not unsubscribed, for a pulse round only while no later round went, R-ROUND-5) are
 * checked with core's `reminderDue`, the contact rule included (the
 * last mail to the contact about any survey of the organisation). Each due reminder is queued in
 * one transaction with its count and `last_mail_at`, as 'reminder:<id>:<n>': the count is only
 * raised while it is still the one read, and the reference exists once, so a crash, a second pass
 * or a second server never sends a reminder twice. Answers how many were queued.
 */
export async function sendDueReminders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox'>,
): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  const bases = new Map<number, SurveyMailBase>();
  for (let after = 0; ; ) {
    const candidates = await queryRows<Candidate>(
      deps.db,
      sql`select i.id, i.organization_id, i.survey_id, i.contact_id, c.name, c.email, c.language, ${STATUS_SQL} as status,
            i.reminders_sent::int as reminders_sent, ${isoTimestamp(sql`i.last_mail_at`)} as last_mail_at,
            ${isoTimestamp(sql`c.unsubscribed_at`)} as unsubscribed_at,
            (select ${isoTimestamp(sql`max(j.last_mail_at)`)} from survey_invitations j
             where j.organization_id = i.organization_id and j.contact_id = i.contact_id
               and j.cancelled_at is null) as last_to_contact,
            s.reminder_after_days::int as after_days, s.reminder_max::int as max_reminders,
            s.reminders_stopped as stopped, o.contact_min_days_between as min_days_between
          from survey_invitations i
          join surveys s on s.id = i.survey_id
          join organizations o on o.id = i.organization_id
          join contacts c on c.id = i.contact_id
          left join survey_responses r on r.id = i.response_id
          where i.cancelled_at is null and i.sent_at is not null and i.completed_at is null
            and i.id > ${after}
            and i.last_mail_at <= ${now.toISOString()}::timestamptz - s.reminder_after_days * interval '1 day'
            and i.reminders_sent < s.reminder_max and not s.reminders_stopped and s.status = 'open'
            and (s.close_at is null or s.close_at > ${now.toISOString()}::timestamptz)
            and c.unsubscribed_at is null and r.status is distinct from 'completed'
            and not ${laterRoundSent(sql`i.round_id`)}
          order by i.id
          limit ${BATCH}`,
    );
    for (const candidate of candidates) {
      const due = reminderDue(
        {
          status: candidate.status,
          remindersSent: Number(candidate.reminders_sent),
          lastMailAt: dateOf(candidate.last_mail_at),
          unsubscribedAt: dateOf(candidate.unsubscribed_at),
          lastMailToContactAt: dateOf(candidate.last_to_contact),
        },
        {
          after_days: Number(candidate.after_days),
          max_reminders: Number(candidate.max_reminders),
          stopped: candidate.stopped,
        },
        {
          min_days_between: candidate.min_days_between === null ? null : Number(candidate.min_days_between),
        },
        now,
      );
      if (due && (await queueReminder(deps, candidate, now, bases))) queued += 1;
    }
    if (candidates.length < BATCH) return queued;
    after = Number(candidates.at(-1)?.id);
  }
}

async function queueReminder(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbox'>,
  candidate: Candidate,
  now: Date,
  bases: Map<number, SurveyMailBase>,
): Promise<boolean> {
  let base = bases.get(candidate.survey_id);
  if (base === undefined) {
    const [survey] = await deps.db.select().from(surveys).where(eq(surveys.id, candidate.survey_id));
    if (survey === undefined) return false;
    base = await surveyMailBase(deps, deps.db, survey);
    bases.set(candidate.survey_id, base);
  }
  const mailBase = base;
  const number = Number(candidate.reminders_sent) + 1;
  return deps.db.transaction(async (tx) => {
    const raised = await queryRows<{ id: number }>(
      tx,
      sql`update survey_invitations set reminders_sent = ${number}, last_mail_at = ${now.toISOString()}::timestamptz
          where id = ${candidate.id} and reminders_sent = ${number - 1} and cancelled_at is null
            and not ${laterRoundSent(sql`survey_invitations.round_id`)}
          returning id`,
    );
    if (raised.length === 0) return false;
    const queued = await deps.outbox.enqueue(
      tx,
      invitationOutboxMail(
        deps,
        mailBase,
        {
          contactId: Number(candidate.contact_id),
          name: candidate.name,
          email: candidate.email,
          language: candidate.language,
        },
        {
          reference: `reminder:${candidate.id}:${number}`,
          organizationId: Number(candidate.organization_id),
          reminder: true,
          notBefore: null,
        },
      ),
    );
    return queued.created;
  });
}

/**
 * A pulse round went (R-ROUND-9): the reminders of the survey's earlier rounds that are still in the
 * outbox (queued, or claimed and not yet handed to the mail server) are cancelled, in the
 * transaction that sends the round, so a contact never gets round 3's invitation and then a
 * reminder of round 2. Answers how many were cancelled.
 */
export function cancelEarlierRoundReminders(
  deps: Pick<AppDeps, 'outbox'>,
  tx: Queryable,
  survey: { readonly id: number; readonly organizationId: number },
  roundNumber: number,
): Promise<number> {
  return deps.outbox.cancel(tx, {
    organizationId: survey.organizationId,
    reason: CANCEL_REASONS.laterRound,
    references: sql`select 'reminder:' || i.id || ':' || n
      from survey_invitations i join survey_rounds r on r.id = i.round_id
      cross join lateral generate_series(1, i.reminders_sent::int) as n
      where i.survey_id = ${survey.id} and r.number < ${roundNumber}
        and i.reminders_sent > 0 and i.cancelled_at is null`,
  });
}

/** The reminders job: every REMINDER_INTERVAL_SECONDS (a minute by default), one pass at a time (several servers may run it side by side). */
export function startReminders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox'> & { readonly output: JobOutput },
): PeriodicJob {
  return startPeriodicJob({
    run: () => sendDueReminders(deps),
    intervalMs: deps.config.reminderIntervalSeconds * 1000,
    output: deps.output,
    failure: 'Herinneringen versturen mislukt; de volgende ronde probeert het opnieuw',
  });
}
