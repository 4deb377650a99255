/**
 * The events an organisation's webhook endpoints can receive (R-HOOK-3), their Dutch labels, the
 * body every delivery carries (R-HOOK-4) and which events keep their order (R-HOOK-6).
 */

export const WEBHOOK_EVENT_TYPES = [
  'response.completed',
  'response.deleted',
  'invitation.sent',
  'invitation.bounced',
  'contact.unsubscribed',
  'kpi.value_changed',
  'analysis.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'response.completed': 'Reactie ingevuld',
  'response.deleted': 'Reactie verwijderd',
  'invitation.sent': 'Uitnodiging verstuurd',
  'invitation.bounced': 'Uitnodiging onbestelbaar',
  'contact.unsubscribed': 'Contact afgemeld',
  'kpi.value_changed': 'KPI-waarde gewijzigd',
  'analysis.completed': 'Bedrijfsanalyse klaar',
};

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/**
 * What an event is about, as the ordering key of its deliveries (R-HOOK-6): events of one subject
 * reach an endpoint in the order they happened (a response's `response.completed` before its
 * `response.deleted`, the values of one KPI in the order they were set). Events of different
 * subjects may overtake each other.
 */
export type WebhookSubject = `${'response' | 'invitation' | 'contact' | 'kpi' | 'analysis'}:${string}`;

/** The `data` of each event (R-HOOK-4): ids and the least personal data that is still useful. */
export interface WebhookEventData {
  readonly 'response.completed': {
    readonly survey_id: number;
    readonly response_id: number;
    /** Only for a personal invitation of a survey that is not anonymous; otherwise null. */
    readonly contact_id: number | null;
    readonly completed_at: string;
  };
  readonly 'response.deleted': {
    readonly survey_id: number;
    readonly response_id: number;
  };
  readonly 'invitation.sent': {
    readonly survey_id: number;
    readonly invitation_id: number;
    readonly contact_id: number;
    readonly reminder: boolean;
  };
  readonly 'invitation.bounced': {
    readonly survey_id: number;
    readonly invitation_id: number;
    readonly contact_id: number;
  };
  readonly 'contact.unsubscribed': { readonly contact_id: number };
  readonly 'kpi.value_changed': {
    readonly kpi_id: number;
    readonly period: string;
    readonly value: number | null;
    readonly previous_value: number | null;
  };
  readonly 'analysis.completed': { readonly analysis_id: number };
}

/** The JSON of one delivery: the same text on every attempt, so its signature can be checked again. */
export interface WebhookBody<T extends WebhookEventType = WebhookEventType> {
  readonly type: T;
  readonly timestamp: string;
  readonly data: WebhookEventData[T];
}
