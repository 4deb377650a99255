import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress, type HostResolver, type ResolvedAddress } from './webhookAddress';

/** How long a receiver may take, from connecting to the end of its answer. */
export const WEBHOOK_POST_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer read (and the least shown in the log). */
const ANSWER_BYTES = 1024;
const ERROR_LENGTH = 200;

export interface WebhookPostOptions {
  readonly allowPrivate: boolean;
  readonly resolve?: HostResolver;
  readonly timeoutMs?: number;
}

/** What one attempt did (R-HOOK-9); `error` a short Dutch text, null for a 2xx. */
export interface WebhookPostResult {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

// Connections are kept open between deliveries to one receiver; each was made to a checked address.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 16 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 16 }),
};

/** A lookup that answers only the address already checked, so DNS is asked once and cannot rebind. */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all === true)
      (callback as unknown as (e: null, list: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

const shortText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ERROR_LENGTH);

/**
 * Posts one delivery (R-HOOK-5): the host is resolved and checked first and the connection made to
 * that very address (its name still in the Host header and TLS's SNI and certificate check), so a
 * name that resolves elsewhere a moment later cannot reach an internal address. A redirect is not
 * followed and counts as a failure; anything but a 2xx does.
 */
export async function postWebhook(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  options: WebhookPostOptions,
): Promise<WebhookPostResult> {
  const started = performance.now();
  const done = (result: Omit<WebhookPostResult, 'durationMs'>): WebhookPostResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && !(options.allowPrivate && target.protocol === 'http:'))
    return done({ ok: false, statusCode: null, error: 'Alleen https-adressen worden beleverd.' });
  const checked = await checkedAddress(target.hostname, options);
  if (!checked.ok) return done({ ok: false, statusCode: null, error: checked.detail });
  const timeoutMs = options.timeoutMs ?? WEBHOOK_POST_TIMEOUT_MS;
  return new Promise<WebhookPostResult>((resolvePost) => {
    let settled = false;
    const settle = (result: Omit<WebhookPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePost(done(result));
    };
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: pinnedLookup(checked.address),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Loop-Webhooks/1.0',
          ...headers,
        },
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < ANSWER_BYTES) chunks.push(chunk);
          length += chunk.length;
        });
        response.on('error', () => settle({ ok: false, statusCode: status, error: 'antwoord afgebroken' }));
        response.on('end', () => {
          if (status >= 200 && status < 300) return settle({ ok: true, statusCode: status, error: null });
          const answer = shortText(Buffer.concat(chunks).toString('utf8'));
          const what =
            status >= 300 && status < 400
              ? `doorverwijzing (HTTP ${status}) niet gevolgd`
              : `HTTP ${status}${answer === '' ? '' : `: ${answer}`}`;
          settle({ ok: false, statusCode: status, error: shortText(what) });
        });
      },
    );
    const timer = setTimeout(() => {
      settle({
        ok: false,
        statusCode: null,
        error: `geen antwoord binnen ${Math.round(timeoutMs / 1000)} seconden`,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle({
        ok: false,
        statusCode: null,
        error: `niet bereikbaar${error.code === undefined ? '' : ` (${error.code})`}`,
      }),
    );
    request.end(body);
  });
}
