/**
 * The invitation form's choices and what they become: whom (a segment, tags, or contacts picked by
 * hand) and when (now, or a planned moment typed in the browser's local time), checked before the
 * request with the same Dutch texts the server gives.
 */
import type { InvitationRequest } from '../contract';

export const RECIPIENT_MODES = ['segment', 'tags', 'contacts'] as const;
export type RecipientMode = (typeof RECIPIENT_MODES)[number];

export const RECIPIENT_MODE_LABELS: Readonly<Record<RecipientMode, string>> = {
  segment: 'Een segment',
  tags: 'Contacten met tags',
  contacts: 'Zelf gekozen contacten',
};

/** A contact picked by hand, with its name for the chip. */
export interface PickedContact {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

export interface InvitationChoices {
  readonly mode: RecipientMode;
  readonly segmentId: number | null;
  readonly tags: readonly string[];
  readonly contacts: readonly PickedContact[];
  readonly when: 'now' | 'planned';
  /** The `datetime-local` input's value ('2026-12-01T09:00'), read as the browser's local time. */
  readonly plannedAt: string;
}

export const EMPTY_CHOICES: InvitationChoices = {
  mode: 'segment',
  segmentId: null,
  tags: [],
  contacts: [],
  when: 'now',
  plannedAt: '',
};

export const COMPOSER_MESSAGES = {
  noSegment: 'Kies een segment.',
  noTags: 'Kies minstens één tag.',
  noContacts: 'Kies minstens één contact.',
  noMoment: 'Kies de datum en het tijdstip van verzenden.',
  past: 'Het geplande tijdstip ligt in het verleden.',
} as const;

/** The request of the choices, or the Dutch text of what is missing. */
export type ComposedRequest =
  | { readonly ok: true; readonly request: InvitationRequest }
  | { readonly ok: false; readonly field: 'recipients' | 'when'; readonly message: string };

export function composeInvitation(choices: InvitationChoices, now: Date): ComposedRequest {
  let selection: InvitationRequest['selection'];
  if (choices.mode === 'segment') {
    if (choices.segmentId === null)
      return { ok: false, field: 'recipients', message: COMPOSER_MESSAGES.noSegment };
    selection = { segment_id: choices.segmentId };
  } else if (choices.mode === 'tags') {
    if (choices.tags.length === 0)
      return { ok: false, field: 'recipients', message: COMPOSER_MESSAGES.noTags };
    selection = { filter: { tags: [...choices.tags] } };
  } else {
    if (choices.contacts.length === 0)
      return { ok: false, field: 'recipients', message: COMPOSER_MESSAGES.noContacts };
    selection = { ids: choices.contacts.map((contact) => contact.id) };
  }
  if (choices.when === 'now') return { ok: true, request: { selection, send_at: null } };
  const text = choices.plannedAt.trim();
  const moment = text === '' ? null : new Date(text);
  if (moment === null || Number.isNaN(moment.getTime())) {
    return { ok: false, field: 'when', message: COMPOSER_MESSAGES.noMoment };
  }
  if (moment.getTime() <= now.getTime()) return { ok: false, field: 'when', message: COMPOSER_MESSAGES.past };
  return { ok: true, request: { selection, send_at: moment.toISOString() } };
}

/** Adds a contact once; picking it again changes nothing. */
export const pickContact = (choices: InvitationChoices, contact: PickedContact): InvitationChoices =>
  choices.contacts.some((picked) => picked.id === contact.id)
    ? choices
    : { ...choices, contacts: [...choices.contacts, contact] };

export const unpickContact = (choices: InvitationChoices, id: number): InvitationChoices => ({
  ...choices,
  contacts: choices.contacts.filter((picked) => picked.id !== id),
});
