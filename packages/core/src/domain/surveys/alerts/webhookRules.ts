import type { WebhookKind } from './alertTypes';

/**
 * Incoming webhooks of Slack and Microsoft Teams (R-ALERT-4, R-ALERT-6): which addresses are taken,
 * what is sent to them, and when a failed delivery is tried again.
 */

/** The longest address taken (Power Automate's carry a long signature). */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Deliveries of one message before it is given up. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The first wait after a failure, and the longest. */
export const WEBHOOK_RETRY_BASE_MS = 30_000;
export const WEBHOOK_RETRY_MAX_MS = 60 * 60_000;

/**
 * The hosts an address may point to, by kind: Slack's incoming webhooks, Teams' incoming webhooks
 * (the Office 365 connector), and the Teams 'Workflows' app (Power Automate), whose addresses live
 * on Azure Logic Apps or the Power Platform. A host matches exactly or as a subdomain of a suffix
 * that starts with a dot.
 */
export const WEBHOOK_HOSTS: ReadonlyArray<{ readonly host: string; readonly kind: WebhookKind }> = [
  { host: 'hooks.slack.com', kind: 'slack' },
  { host: '.webhook.office.com', kind: 'teams' },
  { host: '.logic.azure.com', kind: 'workflow' },
  { host: '.environment.api.powerplatform.com', kind: 'workflow' },
];

export const WEBHOOK_MESSAGES = {
  urlMissing: 'Vul het webhook-adres in.',
  urlTooLong: `Het webhook-adres mag hoogstens ${WEBHOOK_URL_MAX_LENGTH} tekens lang zijn.`,
  urlUnreadable: 'Dit is geen geldig webadres. Plak het volledige webhook-adres, beginnend met https://.',
  notHttps: 'Het webhook-adres moet met https:// beginnen.',
  credentials: 'Het webhook-adres mag geen gebruikersnaam of wachtwoord bevatten.',
  port: 'Het webhook-adres mag geen eigen poort hebben.',
  host:
    'Dit is geen webhook-adres van Slack of Microsoft Teams. Gebruik een adres van hooks.slack.com, ' +
    '…webhook.office.com of een Teams-werkstroom (…logic.azure.com of …powerplatform.com).',
  sendInvalid: "Kies 'Elke reactie' of 'Alleen bij een melding bij voorwaarden'.",
} as const;

/** scheme, authority, path (and the rest): no spaces, quotes, angle brackets or backslashes anywhere. */
const URL_PARTS =
  /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s\\"<>]*)([^?#\s\\"<>]*)(\?[^#\s\\"<>]*)?(#[^\s\\"<>]*)?$/;
/** A host name or IPv4 address with an optional port. */
const HOST_PORT = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

export type CheckedWebhookUrl =
  | { readonly ok: true; readonly url: string; readonly host: string; readonly kind: WebhookKind }
  | { readonly ok: false; readonly detail: string };

const kindOfHost = (host: string): WebhookKind | null => {
  for (const entry of WEBHOOK_HOSTS) {
    if (
      entry.host.startsWith('.')
        ? host.endsWith(entry.host) && host.length > entry.host.length
        : host === entry.host
    )
      return entry.kind;
  }
  return null;
};

/**
 * Checks a webhook address (R-ALERT-4): https, no credentials, no port of its own, and a host of
 * Slack or Teams. `extraOrigins` are exact origins taken besides them (`http://127.0.0.1:4555`), for a
 * local test receiver only; their kind is 'test'.
 */
export function checkWebhookUrl(raw: unknown, extraOrigins: readonly string[] = []): CheckedWebhookUrl {
  const M = WEBHOOK_MESSAGES;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { ok: false, detail: M.urlMissing };
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, detail: M.urlTooLong };
  const parts = URL_PARTS.exec(text);
  if (parts === null) return { ok: false, detail: M.urlUnreadable };
  const [, scheme = '', authority = '', path = ''] = parts;
  const at = authority.lastIndexOf('@');
  if (at >= 0) return { ok: false, detail: M.credentials };
  const hostPort = HOST_PORT.exec(authority.toLowerCase());
  if (hostPort === null) return { ok: false, detail: M.urlUnreadable };
  const [, hostname = '', port] = hostPort;
  const protocol = scheme.toLowerCase();
  const origin = `${protocol}://${hostname}${port === undefined ? '' : `:${port}`}`;
  if (extraOrigins.includes(origin)) return { ok: true, url: text, host: hostname, kind: 'test' };
  if (protocol !== 'https') return { ok: false, detail: M.notHttps };
  if (port !== undefined && port !== '443') return { ok: false, detail: M.port };
  const kind = kindOfHost(hostname);
  if (kind === null || path === '' || path === '/') return { ok: false, detail: M.host };
  return { ok: true, url: text, host: hostname, kind };
}

/**
 * The wait before delivery attempt `attempt + 1` after attempt `attempt` failed (R-ALERT-6):
 * exponential from WEBHOOK_RETRY_BASE_MS, at most WEBHOOK_RETRY_MAX_MS, with "equal jitter" (half
 * of it fixed, half random) so many failed messages do not come back at the same moment.
 * `random` is in [0, 1).
 */
export function webhookRetryDelay(attempt: number, random: number): number {
  const exponential = Math.min(WEBHOOK_RETRY_MAX_MS, WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * Math.min(Math.max(random, 0), 1));
}

/** The JSON body a kind of webhook takes for a plain text message. */
export function webhookBody(kind: WebhookKind, text: string): Record<string, unknown> {
  if (kind === 'workflow')
    // The Teams 'Workflows' app takes an Adaptive Card in a message.
    return {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: text.split('\n\n').map((block) => ({ type: 'TextBlock', text: block, wrap: true })),
          },
        },
      ],
    };
  // Slack's and Teams' incoming webhooks both take `{ text }`.
  return { text };
}

const minutesText = (ms: number): string => {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
};

/** The Dutch last error of a failed delivery, with the receiver's answer as received (shortened). */
export function webhookFailure(attempt: number, answer: string, retryInMs: number | null): string {
  const reply = answer.length > 300 ? `${answer.slice(0, 300)}…` : answer;
  return retryInMs === null
    ? `Niet afgeleverd na ${attempt} ${attempt === 1 ? 'poging' : 'pogingen'}; laatste antwoord: ${reply}`
    : `Poging ${attempt} van ${WEBHOOK_MAX_ATTEMPTS} mislukt (${reply}); nieuwe poging over ${minutesText(retryInMs)}.`;
}
