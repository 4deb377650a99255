/**
 * A saved webhook delivery (R-CLI-7): what a receiver stored of one request, to check later with
 * `loop webhooks verify`. One JSON file
 *
 *   { "headers": { "webhook-id": "…", "webhook-timestamp": "…", "webhook-signature": "v1,…" },
 *     "body": "<the raw body, exactly as received, as a string>" }
 *
 * or two files: the headers (that JSON object, or the request's header lines `Name: value` as
 * `curl -D` writes them) and the raw body.
 */
export interface SavedDelivery {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export const SAVED_DELIVERY_MESSAGES = {
  notDelivery: (path: string) =>
    `${path} is geen opgeslagen levering: verwacht JSON met "headers" (object) en "body" (tekst).`,
  notHeaders: (path: string) =>
    `${path} bevat geen kopregels: verwacht een JSON-object of regels 'Naam: waarde'.`,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only the text values: a header is one line of text. */
function textHeaders(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The delivery file's JSON, or null when it is not one. */
export function readDeliveryJson(text: string): SavedDelivery | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.headers) || typeof parsed.body !== 'string') return null;
  return { headers: textHeaders(parsed.headers), body: parsed.body };
}

/** A headers file: a JSON object, or `Name: value` lines (a status line and blank lines ignored). */
export function readHeaders(text: string): Record<string, string> | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return isRecord(parsed) ? textHeaders(parsed) : null;
    } catch {
      return null;
    }
  }
  const headers: Record<string, string> = {};
  for (const line of trimmed.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return Object.keys(headers).length > 0 ? headers : null;
}
