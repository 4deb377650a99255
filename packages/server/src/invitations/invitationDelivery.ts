import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { preparedPer, type Queryable } from '../db/database';
import { contacts, type OutboxRow, surveyInvitations, surveyResponses, surveys } from '../db/schema';
import type { Outbox } from '../outbox/outbox';
import type { OutboxHooks, SendDecision } from '../outbox/outboxWorker';
import { hashToken } from '../responses/responseTokens';
import { emitWebhookEvents, queueEventSql } from '../webhooks/webhookEvents';
import { laterRoundSent } from './invitationStore';
import { anonymousInvitationHash, invitationLinkToken, LINK_TOKEN_PLACEHOLDER } from './invitationTokens';

/** Why a queued invitation or reminder did not go out (the outbox row's reason, the invitation's). */
export const CANCEL_REASONS = {
  gone: 'De uitnodiging bestaat niet meer.',
  cancelled: 'De uitnodiging is geannuleerd.',
  contactDeleted: 'Het contact is verwijderd.',
  unsubscribed: 'Het contact heeft zich afgemeld.',
  surveyNotOpen: 'De survey is niet (meer) open.',
  completed: 'De survey is al ingevuld.',
  remindersStopped: 'De herinneringen van deze survey zijn gestopt.',
  laterRound: 'Er is al een latere ronde van deze survey verstuurd.',
  noLink: 'De persoonlijke link van deze uitnodiging bestaat niet meer.',
  secretChanged: 'De persoonlijke link kan niet meer worden gemaakt: de sleutel van de server is gewijzigd.',
} as const;

/** 'invitation:<id>' or 'reminder:<id>:<n>'; null for other mails of the outbox. */
export function invitationReference(
  reference: string,
): { kind: 'invitation' | 'reminder'; id: number } | null {
  const match = /^(invitation|reminder):(\d{1,10})(?::\d{1,3})?$/.exec(reference);
  if (match === null) return null;
  const kind = match[1] as 'invitation' | 'reminder';
  if (kind === 'invitation' && reference.split(':').length !== 2) return null;
  if (kind === 'reminder' && reference.split(':').length !== 3) return null;
  return { kind, id: Number(match[2]) };
}

/** Cancels an invitation that has not gone out; `at` null: the database's time (the outbox worker has no clock). */
const cancelInvitation = (db: Queryable, id: number, at: Date | null, reason: string) =>
  db
    .update(surveyInvitations)
    .set({ cancelledAt: at ?? sql`now()`, cancelReason: reason })
    .where(
      and(
        eq(surveyInvitations.id, id),
        isNull(surveyInvitations.cancelledAt),
        isNull(surveyInvitations.sentAt),
      ),
    );

/** What the check before a send reads: the invitation, its contact, survey and response (prepared once). */
const sendCheckStatement = preparedPer((db: Queryable) =>
  db
    .select({
      invitation: surveyInvitations,
      contactUnsubscribedAt: contacts.unsubscribedAt,
      surveyStatus: surveys.status,
      surveyCloseAt: surveys.closeAt,
      remindersStopped: surveys.remindersStopped,
      anonymous: surveys.anonymous,
      responseStatus: surveyResponses.status,
      responseTokenHash: surveyResponses.tokenHash,
      laterRoundSent: laterRoundSent(sql`${surveyInvitations.roundId}`),
    })
    .from(surveyInvitations)
    .innerJoin(surveys, eq(surveys.id, surveyInvitations.surveyId))
    .leftJoin(contacts, eq(contacts.id, surveyInvitations.contactId))
    .leftJoin(surveyResponses, eq(surveyResponses.id, surveyInvitations.responseId))
    .where(eq(surveyInvitations.id, sql.placeholder('invitation')))
    .prepare('invitation_send_check'),
);

/**
 * The checks just before an invitation or reminder is sent, and its personal link filled in: no
 * mail to a contact deleted or unsubscribed since it was queued, no reminder once the survey is
 * answered, its reminders stopped or the survey no longer open. One read, no lock (the outbox
 * worker's contract: an unsubscribe after it still cancels the row before the send). An invitation
 * that will not go out is cancelled with its mail.
 */
export async function beforeInvitationSend(
  deps: Pick<AppDeps, 'config'>,
  row: OutboxRow,
  db: Queryable,
): Promise<SendDecision> {
  const reference = invitationReference(row.reference);
  if (reference === null) return { send: true };
  const [found] = await sendCheckStatement(db).execute({ invitation: reference.id });
  if (found === undefined) return { send: false, reason: CANCEL_REASONS.gone };
  const { invitation } = found;
  const refuse = (reason: string): SendDecision =>
    reference.kind === 'invitation'
      ? {
          send: false,
          reason,
          cancel: async (tx) => void (await cancelInvitation(tx, invitation.id, null, reason)),
        }
      : { send: false, reason };
  if (invitation.cancelledAt !== null) return { send: false, reason: CANCEL_REASONS.cancelled };
  if (invitation.contactId === null) return refuse(CANCEL_REASONS.contactDeleted);
  if (found.contactUnsubscribedAt !== null) return refuse(CANCEL_REASONS.unsubscribed);
  const closed = found.surveyCloseAt !== null && found.surveyCloseAt.getTime() <= Date.now();
  if (found.surveyStatus !== 'open' || closed) return refuse(CANCEL_REASONS.surveyNotOpen);
  const completed = invitation.completedAt !== null || found.responseStatus === 'completed';
  if (reference.kind === 'reminder') {
    if (completed) return { send: false, reason: CANCEL_REASONS.completed };
    if (found.remindersStopped) return { send: false, reason: CANCEL_REASONS.remindersStopped };
    if (found.laterRoundSent) return { send: false, reason: CANCEL_REASONS.laterRound };
  }
  const token = invitationLinkToken(deps.config.jwtSecret, invitation.id);
  // The link must still lead to this invitation's response (a changed JWT_SECRET makes another).
  const linked = found.anonymous
    ? invitation.invitationTokenHash === anonymousInvitationHash(token)
    : found.responseTokenHash !== null && found.responseTokenHash === hashToken(token);
  if (!linked) {
    const missing = found.anonymous
      ? invitation.invitationTokenHash === null
      : found.responseTokenHash === null;
    return refuse(missing ? CANCEL_REASONS.noLink : CANCEL_REASONS.secretChanged);
  }
  return {
    send: true,
    html: row.html.replaceAll(LINK_TOKEN_PLACEHOLDER, token),
    text: row.text.replaceAll(LINK_TOKEN_PLACEHOLDER, token),
  };
}

/**
 * `invitation.sent` or `invitation.bounced` of one invitation or reminder mail (R-HOOK-3, R-HOOK-4):
 * ids only; an invitation whose contact was deleted meanwhile tells nothing.
 */
const invitationEventSql = (
  type: 'invitation.sent' | 'invitation.bounced',
  invitationId: number,
  mailReference: string,
  reminder: boolean | null,
) =>
  queueEventSql({
    type,
    from: sql`survey_invitations i`,
    organizationId: sql`i.organization_id`,
    subject: sql`'invitation:' || i.id`,
    data: sql`jsonb_build_object('survey_id', i.survey_id, 'invitation_id', i.id, 'contact_id', i.contact_id
      ${reminder === null ? sql`` : sql`, 'reminder', ${reminder}::boolean`})`,
    seed: sql`${`${type}:${mailReference}`}::text`,
  }).append(sql` where i.id = ${invitationId} and i.contact_id is not null`);

/** The outbox's hooks for invitations and reminders (main.ts hands them to the worker). */
export function invitationOutboxHooks(deps: Pick<AppDeps, 'config'>): OutboxHooks {
  return {
    beforeSend: (row, db) => beforeInvitationSend(deps, row, db),
    sentStatement(row) {
      // A reminder's last_mail_at was set when it was queued (it goes at once); an invitation may
      // have been planned for later, so its real moment replaces the planned one.
      const reference = invitationReference(row.reference);
      if (reference === null) return null;
      const sent = invitationEventSql(
        'invitation.sent',
        reference.id,
        row.reference,
        reference.kind === 'reminder',
      );
      if (reference.kind !== 'invitation') return sent;
      return [
        sql`update survey_invitations
          set sent_at = now(), last_mail_at = now(), failed_at = null, failure = null
          where id = ${reference.id}`,
        sent,
      ];
    },
    async onFailed(row, tx) {
      const reference = invitationReference(row.reference);
      if (reference === null) return;
      // A mail the receiving server refused for good: the organisation's webhooks hear of it (R-HOOK-3).
      await tx.execute(invitationEventSql('invitation.bounced', reference.id, row.reference, null));
      if (reference.kind !== 'invitation') return;
      await tx
        .update(surveyInvitations)
        .set({ failedAt: sql`now()`, failure: row.lastError })
        .where(eq(surveyInvitations.id, reference.id));
    },
  };
}

/** The start of a day in UTC: an anonymous invitation's times say no more than the day. */
const dayOf = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The answering page loaded a personal link: its invitation (through the response, or for an
 * anonymous survey through the invitation's own hash of the token) is opened, once. An anonymous
 * invitation records only the day, so its time cannot be matched to the response's.
 */
export async function markInvitationOpened(
  db: Queryable,
  responseId: number,
  token: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update survey_invitations set opened_at = case when response_id is null then ${dayOf(now).toISOString()}::timestamptz else ${now.toISOString()}::timestamptz end
    where opened_at is null
      and (response_id = ${responseId} or invitation_token_hash = ${anonymousInvitationHash(token)})`);
}

/**
 * A contact unsubscribed (once: a second time changes nothing): no more invitations or reminders
 * from this organisation. Their mails still queued are cancelled, and invitations not yet sent
 * with them. Answers false for a contact that does not exist (any more).
 */
export async function unsubscribeContact(
  deps: { readonly db: Queryable; readonly outbox: Outbox },
  contactId: number,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // Read (and locked) first: only the first unsubscribe tells the webhooks (R-HOOK-3).
    const [before] = await tx
      .select({ unsubscribedAt: contacts.unsubscribedAt })
      .from(contacts)
      .where(eq(contacts.id, contactId))
      .for('update');
    const [contact] = await tx
      .update(contacts)
      .set({ unsubscribedAt: sql`coalesce(${contacts.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(contacts.id, contactId))
      .returning({ organizationId: contacts.organizationId });
    if (contact === undefined) return false;
    if (before?.unsubscribedAt === null)
      await emitWebhookEvents(tx, [
        {
          organizationId: contact.organizationId,
          type: 'contact.unsubscribed',
          subject: `contact:${contactId}`,
          data: { contact_id: contactId },
          at: now,
        },
      ]);
    const open = await tx
      .select({ id: surveyInvitations.id, sentAt: surveyInvitations.sentAt })
      .from(surveyInvitations)
      .where(and(eq(surveyInvitations.contactId, contactId), isNull(surveyInvitations.cancelledAt)));
    for (const invitation of open) {
      if (invitation.sentAt === null) {
        await deps.outbox.cancel(tx, { reference: `invitation:${invitation.id}` });
        await cancelInvitation(tx, invitation.id, now, CANCEL_REASONS.unsubscribed);
      }
      await deps.outbox.cancel(tx, {
        organizationId: contact.organizationId,
        referencePrefix: `reminder:${invitation.id}:`,
      });
    }
    return true;
  });
}
