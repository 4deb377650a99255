/**
 * Standard Webhooks signatures (R-HOOK-1): `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256>` over `id.timestamp.body`, keyed with the decoded
 * `whsec_` secret). The HMAC itself is the standard's reference library (`standardwebhooks`);
 * verifying is ours so the clock and the replay tolerance are parameters: the library reads
 * `Date.now()` and holds a fixed five minutes, and a saved delivery is checked later than that.
 * Server (signing) and the command-line client (verifying) both use this one module.
 */
import { decode, encode } from '@stablelib/base64';
import { Webhook } from 'standardwebhooks';
import { err, ok, type Result } from '../shared';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How far a delivery's timestamp may lie from now before it counts as a replay (or a wrong clock). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** Secrets we make: 32 random bytes, as the standard recommends (24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

export interface WebhookHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

export type WebhookVerifyError =
  | 'bad_secret'
  | 'missing_headers'
  | 'bad_timestamp'
  | 'too_old'
  | 'too_new'
  | 'bad_signature';

/** Dutch, for the command-line client and any screen that checks a delivery. */
export const WEBHOOK_VERIFY_MESSAGES: Readonly<Record<WebhookVerifyError, string>> = {
  bad_secret: 'Het ondertekengeheim is ongeldig: het begint met whsec_ gevolgd door base64.',
  missing_headers:
    'De levering mist een van de kopregels webhook-id, webhook-timestamp of webhook-signature.',
  bad_timestamp: 'De kopregel webhook-timestamp is geen tijdstip in seconden.',
  too_old: 'De levering is ouder dan de toegestane marge: mogelijk een herhaalde (replay) levering.',
  too_new: 'De levering ligt verder in de toekomst dan de toegestane marge: controleer de klok.',
  bad_signature: 'De handtekening klopt niet bij dit geheim en deze inhoud.',
};

/** The bytes of a base64 string, or null when it is none. */
function base64Bytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return decode(text);
  } catch {
    return null;
  }
}

/** A new signing secret from random bytes (the caller's random source: a port, not Math.random). */
export function webhookSecretFrom(bytes: Uint8Array): string {
  return `${WEBHOOK_SECRET_PREFIX}${encode(bytes)}`;
}

/** Whether a text is a secret this module can sign with (`whsec_` and 24 to 64 bytes of base64). */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const bytes = base64Bytes(secret.slice(WEBHOOK_SECRET_PREFIX.length));
  return bytes !== null && bytes.length >= 24 && bytes.length <= 64;
}

/** `v1,<signature>` for one delivery. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body);
}

/** The three headers of one delivery. */
export function webhookHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): WebhookHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  };
}

/** Constant time for equal lengths, so a receiver does not leak how much of a guess was right. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export interface WebhookVerifyInput {
  readonly secret: string;
  /** Header names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw body exactly as received: parsing and re-serialising changes the bytes signed. */
  readonly body: string;
  readonly nowSeconds: number;
  readonly toleranceSeconds?: number;
}

/**
 * Checks one delivery: its headers, that its timestamp lies within the tolerance of now, and that one
 * of its space-separated `v1` signatures matches. Answers the delivery's id and timestamp.
 */
export function verifyWebhook(
  input: WebhookVerifyInput,
): Result<{ readonly id: string; readonly timestampSeconds: number }, WebhookVerifyError> {
  if (!isWebhookSecret(input.secret)) return err('bad_secret');
  const headers = new Map(Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) return err('missing_headers');
  if (!/^\d{1,12}$/.test(timestamp)) return err('bad_timestamp');
  const timestampSeconds = Number(timestamp);
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (input.nowSeconds - timestampSeconds > tolerance) return err('too_old');
  if (timestampSeconds - input.nowSeconds > tolerance) return err('too_new');
  const expected = signWebhook(input.secret, id, timestampSeconds, input.body);
  const matches = signatures
    .split(' ')
    .some((signature) => signature.startsWith('v1,') && sameText(signature, expected));
  return matches ? ok({ id, timestampSeconds }) : err('bad_signature');
}
