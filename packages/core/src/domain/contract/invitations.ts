// Invitations: a survey sent to contacts by e-mail, each with their own personal link, with
// reminders, the organisation's contact rule and one-click unsubscribe. Routes under /surveys/:id
// work on a survey of the current organisation; another organisation's ids answer 404.
import type { ContactSelection } from './contacts';

/**
 * Where an invitation stands, as the survey's invitation list shows it per contact:
 * planned (queued, or waiting for its planned time), sent (the mail server accepted it), failed
 * (refused or unreachable after the retries; `failure` says why), opened (the personal link was
 * opened), completed (the response is in), cancelled (the contact was deleted or unsubscribed
 * before the mail went out).
 */
export const DELIVERY_STATUSES = ['planned', 'sent', 'failed', 'opened', 'completed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a contact of the selection gets no invitation. */
export const SKIP_REASONS = ['unsubscribed', 'recently_invited', 'already_invited', 'answered'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A contact left out of a send, with the reason in Dutch (shown per contact before and after). */
export interface SkippedContact {
  readonly contact_id: number;
  readonly name: string;
  readonly email: string;
  readonly reason: SkipReason;
  readonly detail: string;
}

/** Reminders of a survey: after how many days without a response, at most how many, or stopped. */
export interface ReminderSettings {
  /** 1–60 days after the last mail to the contact about this survey. */
  readonly after_days: number;
  /** 0 (no reminders) to 5. */
  readonly max_reminders: number;
  /** Set to stop every reminder of this survey that has not gone out. */
  readonly stopped: boolean;
}

/**
 * POST /surveys/:id/invitations/preview and POST /surveys/:id/invitations: whom to invite, and
 * when (`send_at` ISO time in the future; omitted or null: now). The preview answers who would be
 * invited and who not, and the e-mail as the first recipient gets it; the real request answers 202.
 */
export interface InvitationRequest {
  readonly selection: ContactSelection;
  readonly send_at?: string | null;
}

export interface InvitationPreviewResult {
  readonly recipients: number;
  readonly skipped: readonly SkippedContact[];
  /** The mail of the first recipient (their name and a sample of their link), or null when none. */
  readonly sample: {
    readonly to: string;
    readonly subject: string;
    readonly from: string;
    readonly html: string;
    readonly text: string;
  } | null;
}

export interface InvitationSendResult {
  /** Contacts that get an invitation (queued now or at `send_at`). */
  readonly planned: number;
  readonly skipped: readonly SkippedContact[];
  readonly send_at: string;
}

/** One contact's invitation to a survey, in GET /surveys/:id/invitations. */
export interface SurveyInvitation {
  readonly id: number;
  /** Null once the contact was deleted (the row stays for the counts, without personal data). */
  readonly contact_id: number | null;
  readonly name: string | null;
  readonly email: string | null;
  readonly status: DeliveryStatus;
  /** The mail server's reason when status is 'failed'. */
  readonly failure: string | null;
  readonly planned_at: string;
  readonly sent_at: string | null;
  readonly opened_at: string | null;
  readonly completed_at: string | null;
  readonly reminders_sent: number;
  readonly last_mail_at: string | null;
}

/** GET /surveys/:id/invitations: a page of invitations, the counts per status and the reminders. */
export interface SurveyInvitations {
  readonly items: readonly SurveyInvitation[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
  readonly counts: Readonly<Record<DeliveryStatus, number>>;
  /**
   * Planned invitations whose moment has come: their mails are being sent now, so each turns
   * 'sent' within moments (the screen asks again until none is left).
   */
  readonly sending: number;
  readonly reminders: ReminderSettings;
}

/**
 * The organisation's contact rule (GET/PATCH /organization/contact-rules): nobody is invited more
 * often than once per `min_days_between` days (null: no limit), counted over all its surveys.
 */
export interface ContactRules {
  readonly min_days_between: number | null;
}

/** GET /unsubscribe/:token (public): what the unsubscribe page shows before and after. */
export interface UnsubscribePreview {
  readonly organization_name: string;
  /** The address, partly hidden ('j•••@voorbeeld.nl'): the page must not reveal it to whoever has the link. */
  readonly email_hint: string;
  readonly unsubscribed: boolean;
}
