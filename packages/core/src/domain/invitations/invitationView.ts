/** The invitation list and its summary as the survey's invitation screen shows them. */
import type { DeliveryStatus, SkippedContact, SurveyInvitation, SurveyInvitations } from '../contract';
import { DELIVERY_STATUSES } from '../contract';
import { formatCount, formatDayTime, NO_VALUE } from '../format';
import { DELIVERY_STATUS_LABELS } from './invitationRules';

export interface InvitationRow {
  readonly id: number;
  /** The contact's name, or 'Verwijderd contact' after an AVG erase. */
  readonly name: string;
  readonly email: string;
  readonly status: DeliveryStatus;
  readonly statusLabel: string;
  /** The mail server's reason when it failed. */
  readonly failure: string | null;
  /** The most telling moment of the status: sent, opened or completed. */
  readonly moment: string;
  readonly reminders: string;
}

const momentOf = (invitation: SurveyInvitation): string | null => {
  switch (invitation.status) {
    case 'completed':
      return invitation.completed_at;
    case 'opened':
      return invitation.opened_at;
    case 'sent':
      return invitation.sent_at;
    default:
      return invitation.planned_at;
  }
};

export function invitationRow(invitation: SurveyInvitation): InvitationRow {
  return {
    id: invitation.id,
    name: invitation.name ?? 'Verwijderd contact',
    email: invitation.email ?? NO_VALUE,
    status: invitation.status,
    statusLabel: DELIVERY_STATUS_LABELS[invitation.status],
    failure: invitation.status === 'failed' ? (invitation.failure ?? 'Onbekende fout') : null,
    moment: formatDayTime(momentOf(invitation)),
    reminders: invitation.reminders_sent === 0 ? 'Geen' : String(invitation.reminders_sent),
  };
}

/** One line per status that occurs, in the statuses' order: 'Verstuurd: 180'. */
export function statusSummary(
  invitations: Pick<SurveyInvitations, 'counts'>,
): { status: DeliveryStatus; label: string; count: number }[] {
  return DELIVERY_STATUSES.filter((status) => invitations.counts[status] > 0).map((status) => ({
    status,
    label: DELIVERY_STATUS_LABELS[status],
    count: invitations.counts[status],
  }));
}

/** How often the status list asks again while invitations are being sent. */
export const SENDING_REFRESH_MS = 2_000;

/**
 * While planned invitations are due, their mails are on their way and turn 'Verstuurd' within
 * moments: the list asks again soon and says so. Null (and no text) when none is being sent.
 */
export function sendingState(
  invitations: Pick<SurveyInvitations, 'sending'>,
): { readonly text: string; readonly refreshInMs: number } | null {
  const { sending } = invitations;
  if (sending <= 0) return null;
  return {
    text: `${sending === 1 ? '1 uitnodiging wordt' : `${formatCount(sending)} uitnodigingen worden`} nu verstuurd; de status werkt zichzelf bij.`,
    refreshInMs: SENDING_REFRESH_MS,
  };
}

/** The sentence above the skipped contacts: how many and that each says why. */
export const skippedText = (skipped: readonly SkippedContact[]): string =>
  skipped.length === 0
    ? 'Niemand wordt overgeslagen.'
    : `${skipped.length === 1 ? '1 contact krijgt' : `${skipped.length} contacten krijgen`} geen uitnodiging:`;

/** What the send button's result says. */
export function sentText(planned: number, sendAt: string, now: Date): string {
  const who = planned === 1 ? '1 uitnodiging' : `${planned} uitnodigingen`;
  return new Date(sendAt).getTime() - now.getTime() > 60_000
    ? `${who} ingepland voor ${formatDayTime(sendAt)}.`
    : `${who} worden verstuurd.`;
}
