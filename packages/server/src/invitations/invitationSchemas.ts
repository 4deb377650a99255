import {
  type ContactRules,
  DELIVERY_STATUSES,
  type InvitationPreviewResult,
  type InvitationSendResult,
  type ReminderSettings,
  SKIP_REASONS,
  type SkippedContact,
  type SurveyInvitation,
  type SurveyInvitations,
  type UnsubscribePreview,
} from '@loop/core';
import { selectionSchema } from '../contacts/contactSchemas';
import { pagingQueryProperties } from '../http/paging';
import { array, boolean, integer, nullable, object, oneOf, record, string } from '../http/schema';

const timestamp = (description: string) => string({ format: 'date-time', description });

/** POST /surveys/:id/invitations(/preview) as it arrives; the route checks the parts. */
export interface InvitationBody {
  readonly selection: { readonly ids?: number[]; readonly filter?: unknown; readonly segment_id?: number };
  readonly send_at?: string | null;
}

export const invitationRequestSchema = object<InvitationBody>(
  {
    selection: selectionSchema,
    send_at: nullable(
      string({
        maxLength: 40,
        description: 'Gepland tijdstip (ISO 8601, niet in het verleden); leeg of null: nu versturen.',
      }),
    ),
  },
  { optional: ['send_at'] },
);

const skippedSchema = object<SkippedContact>({
  contact_id: integer(),
  name: string(),
  email: string(),
  reason: oneOf(SKIP_REASONS, {
    description: 'unsubscribed, recently_invited (contactregel), already_invited of answered.',
  }),
  detail: string({ description: 'De reden in het Nederlands.' }),
});

export const invitationPreviewSchema = object<InvitationPreviewResult>({
  recipients: integer({ description: 'Contacten die een uitnodiging zouden krijgen.' }),
  skipped: array(skippedSchema),
  sample: nullable(
    object<NonNullable<InvitationPreviewResult['sample']>>(
      { to: string(), subject: string(), from: string(), html: string(), text: string() },
      {
        description: 'De e-mail van de eerste ontvanger, met een voorbeeldlink; null als niemand hem krijgt.',
      },
    ),
  ),
});

export const invitationSendSchema = object<InvitationSendResult>({
  planned: integer({ description: 'Ingeplande uitnodigingen.' }),
  skipped: array(skippedSchema),
  send_at: timestamp('Wanneer ze verstuurd worden.'),
});

const remindersProperties = {
  after_days: integer({ description: 'Herinneren na zoveel dagen zonder antwoord (1–60).' }),
  max_reminders: integer({ description: 'Hoogstens zoveel herinneringen (0–5).' }),
  stopped: boolean({ description: 'true: geen herinneringen meer voor deze survey.' }),
} as const;

export const reminderSettingsSchema = object<ReminderSettings>(remindersProperties);

export const reminderPatchSchema = object<Partial<ReminderSettings>>(remindersProperties, {
  optional: ['after_days', 'max_reminders', 'stopped'],
});

const invitationSchema = object<SurveyInvitation>({
  id: integer(),
  contact_id: nullable(integer({ description: 'Null als het contact is verwijderd.' })),
  name: nullable(string()),
  email: nullable(string()),
  status: oneOf(DELIVERY_STATUSES, {
    description: 'planned, sent, failed, opened, completed of cancelled.',
  }),
  failure: nullable(string({ description: 'De reden van de mailserver bij failed.' })),
  planned_at: timestamp('Gepland verzendmoment.'),
  sent_at: nullable(timestamp('Door de mailserver aangenomen.')),
  opened_at: nullable(timestamp('Link geopend (bij een anonieme survey alleen de dag).')),
  completed_at: nullable(timestamp('Ingevuld (bij een anonieme survey alleen de dag).')),
  reminders_sent: integer(),
  last_mail_at: nullable(timestamp('Laatste e-mail over deze survey aan dit contact.')),
});

export const surveyInvitationsSchema = object<SurveyInvitations>({
  items: array(invitationSchema),
  total: integer({ description: 'Uitnodigingen (met dit filter).' }),
  page: integer(),
  page_size: integer(),
  counts: record(integer(), { description: 'Aantal per status.' }) as never,
  sending: integer({
    description: 'Geplande uitnodigingen waarvan het moment is gekomen: hun e-mail wordt nu verstuurd.',
  }),
  reminders: reminderSettingsSchema,
});

export const invitationListQuerySchema = object<{
  readonly status?: string;
  readonly page?: string;
  readonly page_size?: string;
}>(
  {
    status: string({ maxLength: 20, description: 'Alleen deze status.' }),
    ...pagingQueryProperties,
  },
  { optional: ['status', 'page', 'page_size'] },
);

export const contactRulesSchema = object<ContactRules>({
  min_days_between: nullable(
    integer({ description: 'Hoogstens één e-mail per zoveel dagen per contact (1–365); null: geen limiet.' }),
  ),
});

export const unsubscribePreviewSchema = object<UnsubscribePreview>({
  organization_name: string(),
  email_hint: string({ description: 'Het adres deels verborgen.' }),
  unsubscribed: boolean(),
});

export const unsubscribeParams = object<{ readonly token: string }>({
  token: string({ maxLength: 64, description: 'Het token uit de afmeldlink.' }),
});
