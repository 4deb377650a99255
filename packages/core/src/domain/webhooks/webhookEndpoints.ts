import type { FieldErrors } from '../shared';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhookEvents';

/** An organisation's webhook endpoint as the screens and the API show it (R-HOOK-2). */
export interface WebhookEndpointView {
  readonly id: number;
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly enabled: boolean;
  /** Why the endpoint was switched off (R-HOOK-8), in Dutch; null while it is on. */
  readonly disabled_reason: string | null;
  readonly created_at: string;
  readonly last_attempt_at: string | null;
  readonly last_status_code: number | null;
  readonly last_ok: boolean | null;
  /** Deliveries still to go out, retries included. */
  readonly pending: number;
}

export interface WebhookEndpointInput {
  readonly url: string;
  readonly description?: string;
  readonly events: readonly string[];
}

export interface WebhookEndpointChange {
  readonly url?: string;
  readonly description?: string;
  readonly events?: readonly string[];
  readonly enabled?: boolean;
}

export interface WebhookSecretView {
  readonly secret: string;
}

export const WEBHOOK_DELIVERY_STATES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One attempt in an endpoint's delivery log (R-HOOK-9). */
export interface WebhookAttemptView {
  readonly attempt: number;
  readonly at: string;
  readonly duration_ms: number;
  readonly status_code: number | null;
  readonly ok: boolean;
  readonly error: string | null;
}

export interface WebhookDeliveryView {
  readonly id: number;
  /** The `webhook-id` of every attempt. */
  readonly message_id: string;
  readonly type: WebhookEventType;
  readonly state: WebhookDeliveryState;
  readonly attempts: readonly WebhookAttemptView[];
  readonly created_at: string;
  readonly next_attempt_at: string | null;
}

export const WEBHOOK_ENDPOINT_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints per organisation: enough for every receiver, few enough to fan out in one statement. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const WEBHOOK_ENDPOINT_MESSAGES = {
  urlMissing: 'Vul het adres van het eindpunt in.',
  urlTooLong: `Het adres mag hoogstens ${WEBHOOK_ENDPOINT_URL_MAX_LENGTH} tekens lang zijn.`,
  urlUnreadable: 'Dit is geen geldig webadres. Geef het volledige adres, beginnend met https://.',
  notHttps: 'Het adres moet met https:// beginnen.',
  credentials: 'Het adres mag geen gebruikersnaam of wachtwoord bevatten.',
  descriptionTooLong: `De omschrijving mag hoogstens ${WEBHOOK_DESCRIPTION_MAX_LENGTH} tekens lang zijn.`,
  eventsMissing: 'Kies minstens één gebeurtenis.',
  eventUnknown: `Onbekende gebeurtenis. Kies uit: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
} as const;

/** scheme, authority, path with query, fragment: no spaces, quotes, angle brackets or backslashes. */
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s\\"<>]*)([^#\s\\"<>]*)(#[^\s\\"<>]*)?$/;
/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const HOST_PORT =
  /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

export interface CheckedEndpointUrl {
  readonly url: string;
  readonly protocol: 'https' | 'http';
  readonly host: string;
}

/**
 * The form of an endpoint's address (R-HOOK-5): https (http only where the server allows private
 * networks), no user name or password. Where it points is the server's check, after DNS.
 */
export function checkEndpointUrl(
  raw: unknown,
  allowHttp: boolean,
):
  | { readonly ok: true; readonly value: CheckedEndpointUrl }
  | { readonly ok: false; readonly detail: string } {
  const M = WEBHOOK_ENDPOINT_MESSAGES;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { ok: false, detail: M.urlMissing };
  if (text.length > WEBHOOK_ENDPOINT_URL_MAX_LENGTH) return { ok: false, detail: M.urlTooLong };
  const parts = URL_PARTS.exec(text);
  if (parts === null) return { ok: false, detail: M.urlUnreadable };
  const [, scheme = '', authority = '', rest = ''] = parts;
  const protocol = scheme.toLowerCase();
  if (protocol !== 'https' && !(allowHttp && protocol === 'http')) return { ok: false, detail: M.notHttps };
  if (authority.includes('@')) return { ok: false, detail: M.credentials };
  const hostPort = HOST_PORT.exec(authority.toLowerCase());
  if (hostPort === null) return { ok: false, detail: M.urlUnreadable };
  const [, host = '', port] = hostPort;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return { ok: false, detail: M.urlUnreadable };
  const path = rest === '' ? '/' : rest;
  return {
    ok: true,
    value: { url: `${protocol}://${host}${port === undefined ? '' : `:${port}`}${path}`, protocol, host },
  };
}

function checkEvents(raw: unknown): { events?: WebhookEventType[]; error?: string } {
  if (!Array.isArray(raw) || raw.length === 0) return { error: WEBHOOK_ENDPOINT_MESSAGES.eventsMissing };
  if (!raw.every(isWebhookEventType)) return { error: WEBHOOK_ENDPOINT_MESSAGES.eventUnknown };
  // Kept in the order of WEBHOOK_EVENT_TYPES, once each, so equal choices store equally.
  return { events: WEBHOOK_EVENT_TYPES.filter((type) => raw.includes(type)) };
}

export interface CheckedEndpoint {
  readonly url?: CheckedEndpointUrl;
  readonly description?: string;
  readonly events?: readonly WebhookEventType[];
  readonly enabled?: boolean;
}

/**
 * A new endpoint (`partial` false: url and events required) or a change of one (`partial` true:
 * only what is given). Answers the checked values or the Dutch errors per field.
 */
export function checkEndpointInput(
  input: WebhookEndpointChange,
  options: { readonly allowHttp: boolean; readonly partial: boolean },
):
  | { readonly ok: true; readonly value: CheckedEndpoint }
  | { readonly ok: false; readonly fields: FieldErrors } {
  const fields: Record<string, string> = {};
  const value: { -readonly [K in keyof CheckedEndpoint]: CheckedEndpoint[K] } = {};
  if (!options.partial || input.url !== undefined) {
    const url = checkEndpointUrl(input.url, options.allowHttp);
    if (url.ok) value.url = url.value;
    else fields.url = url.detail;
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description.length > WEBHOOK_DESCRIPTION_MAX_LENGTH)
      fields.description = WEBHOOK_ENDPOINT_MESSAGES.descriptionTooLong;
    else value.description = description;
  }
  if (!options.partial || input.events !== undefined) {
    const events = checkEvents(input.events);
    if (events.events !== undefined) value.events = events.events;
    else fields.events = events.error ?? WEBHOOK_ENDPOINT_MESSAGES.eventsMissing;
  }
  if (input.enabled !== undefined) value.enabled = input.enabled;
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}
