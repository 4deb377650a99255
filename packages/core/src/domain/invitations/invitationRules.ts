/**
 * Who may be invited and reminded, and what each delivery status is called. The server applies
 * these at the moment it plans and again when it sends; the screens show the same texts.
 */
import type { ContactRules, DeliveryStatus, ReminderSettings, SkipReason } from '../contract';
import { formatLongDay } from '../format';

const DAY_MS = 86_400_000;

/** The delivery statuses as the invitation list names them. */
export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  planned: 'Gepland',
  sent: 'Verstuurd',
  failed: 'Mislukt',
  opened: 'Link geopend',
  completed: 'Ingevuld',
  cancelled: 'Geannuleerd',
};

/** What is known of a contact when an invitation to one survey is planned or sent. */
export interface InvitationFacts {
  readonly unsubscribedAt: Date | null;
  /** The last invitation or reminder to this contact by this organisation, for any survey. */
  readonly lastMailAt: Date | null;
  /** The contact already has an invitation to this survey (any status but cancelled). */
  readonly invitedToSurvey: boolean;
  /** The contact's response to this survey is complete. */
  readonly answered: boolean;
}

export interface Skip {
  readonly reason: SkipReason;
  readonly detail: string;
}

export const SKIP_TEXTS = {
  unsubscribed: 'Afgemeld voor uitnodigingen van deze organisatie.',
  alreadyInvited: 'Al uitgenodigd voor deze survey.',
  answered: 'Heeft deze survey al ingevuld.',
  recentlyInvited: (days: number, last: Date) =>
    `Op ${formatLongDay(last)} nog uitgenodigd; de contactregel staat één uitnodiging per ${days === 1 ? 'dag' : `${days} dagen`} toe.`,
} as const;

/**
 * Why this contact gets no invitation to this survey now, or null when they may. Checked in order:
 * unsubscribed, answered, already invited, the organisation's contact rule.
 */
export function invitationSkip(facts: InvitationFacts, rules: ContactRules, now: Date): Skip | null {
  if (facts.unsubscribedAt !== null) return { reason: 'unsubscribed', detail: SKIP_TEXTS.unsubscribed };
  if (facts.answered) return { reason: 'answered', detail: SKIP_TEXTS.answered };
  if (facts.invitedToSurvey) return { reason: 'already_invited', detail: SKIP_TEXTS.alreadyInvited };
  const days = rules.min_days_between;
  if (
    days !== null &&
    facts.lastMailAt !== null &&
    now.getTime() - facts.lastMailAt.getTime() < days * DAY_MS
  ) {
    return { reason: 'recently_invited', detail: SKIP_TEXTS.recentlyInvited(days, facts.lastMailAt) };
  }
  return null;
}

/** What is known of one invitation when reminders are due. */
export interface ReminderFacts {
  readonly status: DeliveryStatus;
  readonly remindersSent: number;
  /** The last mail about this survey to this contact (the invitation or the last reminder). */
  readonly lastMailAt: Date | null;
  readonly unsubscribedAt: Date | null;
  /** The last mail to this contact about any survey of the organisation (the contact rule). */
  readonly lastMailToContactAt: Date | null;
}

/**
 * Whether a reminder goes out now: only to contacts who were mailed and have not completed (sent or
 * opened), not unsubscribed, below the survey's maximum, `after_days` after the last mail about this
 * survey, and not sooner than the contact rule allows after any other mail. Never when stopped.
 */
export function reminderDue(
  facts: ReminderFacts,
  settings: ReminderSettings,
  rules: ContactRules,
  now: Date,
): boolean {
  if (settings.stopped || settings.max_reminders === 0) return false;
  if (facts.status !== 'sent' && facts.status !== 'opened') return false;
  if (facts.unsubscribedAt !== null || facts.lastMailAt === null) return false;
  if (facts.remindersSent >= settings.max_reminders) return false;
  if (now.getTime() - facts.lastMailAt.getTime() < settings.after_days * DAY_MS) return false;
  const days = rules.min_days_between;
  if (
    days !== null &&
    facts.lastMailToContactAt !== null &&
    facts.lastMailToContactAt.getTime() > facts.lastMailAt.getTime() &&
    now.getTime() - facts.lastMailToContactAt.getTime() < days * DAY_MS
  ) {
    return false;
  }
  return true;
}

export const REMINDER_LIMITS = { afterDays: { min: 1, max: 60 }, maxReminders: { min: 0, max: 5 } } as const;

/** The reminders a new survey starts with: one, after 3 days. */
export const DEFAULT_REMINDERS: ReminderSettings = { after_days: 3, max_reminders: 1, stopped: false };

/** What the answering page says on an anonymous survey (RespondentView.anonymous). */
export const ANONYMOUS_SURVEY_TEXT =
  'Deze survey is anoniem: je antwoorden worden niet aan je naam of e-mailadres gekoppeld.';

/** The address partly hidden for the unsubscribe page: 'j•••@voorbeeld.nl'. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
