import type { CheckedInput } from '../model';

/** A survey lists at most this many websites that may embed it (R-EMBED-1). */
export const EMBED_ORIGINS_MAX = 20;

/** What the origin check says, in Dutch, under `origins` or `origins.<index>` (R-EMBED-1). */
export const EMBED_ORIGIN_MESSAGES = {
  list: 'Geef de websites als een lijst van adressen.',
  invalid: 'Geen geldig websiteadres. Schrijf het als https://www.voorbeeld.nl.',
  wildcard: 'Een * kan niet: noem elke website met zijn volledige adres, zoals https://www.voorbeeld.nl.',
  http: 'Alleen https-adressen kunnen, zoals https://www.voorbeeld.nl (om te testen ook http://localhost).',
  path: 'Alleen het adres van de website, zonder pad of ?: https://www.voorbeeld.nl in plaats van https://www.voorbeeld.nl/contact.',
  duplicate: 'Deze website staat er al in.',
  tooMany: `Hoogstens ${EMBED_ORIGINS_MAX} websites.`,
} as const;

export type EmbedOriginProblem = Exclude<
  keyof typeof EMBED_ORIGIN_MESSAGES,
  'list' | 'duplicate' | 'tooMany'
>;

/** The hosts where plain http is accepted: the visitor's own machine, a secure context in browsers. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const ADDRESS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/is;
const DNS_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/;
const PORT = /^[0-9]{1,5}$/;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { https: '443', http: '80' };

/**
 * One origin as written (R-EMBED-1): `https://host[:port]`, nothing after the host but one `/`, no
 * user name, no `*`; http only for localhost, 127.0.0.1 and [::1]. The normalised form (scheme and
 * host in lower case, no default port, no trailing `/`) is what is stored and sent in the headers.
 */
export function parseEmbedOrigin(
  text: string,
): { ok: true; origin: string } | { ok: false; problem: EmbedOriginProblem } {
  const trimmed = text.trim();
  if (trimmed.includes('*')) return { ok: false, problem: 'wildcard' };
  const match = ADDRESS.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid' };
  const scheme = (match[1] as string).toLowerCase();
  const authority = (match[2] as string).toLowerCase();
  const rest = match[3] as string;
  if (scheme !== 'https' && scheme !== 'http') return { ok: false, problem: 'invalid' };
  if (authority.includes('@') || authority === '') return { ok: false, problem: 'invalid' };
  const portAt = authority.lastIndexOf(':');
  const hasPort = portAt > authority.lastIndexOf(']');
  const host = hasPort ? authority.slice(0, portAt) : authority;
  const port = hasPort ? authority.slice(portAt + 1) : '';
  if (!DNS_HOST.test(host) && !IPV6_HOST.test(host)) return { ok: false, problem: 'invalid' };
  if (hasPort && (!PORT.test(port) || Number(port) < 1 || Number(port) > 65_535))
    return { ok: false, problem: 'invalid' };
  if (rest !== '' && rest !== '/') return { ok: false, problem: 'path' };
  if (scheme === 'http' && !LOOPBACK_HOSTS.has(host)) return { ok: false, problem: 'http' };
  const shownPort = hasPort && String(Number(port)) !== DEFAULT_PORTS[scheme] ? `:${Number(port)}` : '';
  return { ok: true, origin: `${scheme}://${host}${shownPort}` };
}

/**
 * The one check of a survey's embedding origins, used by the share step before it saves and by the
 * server before it stores (R-EMBED-1): a list of at most `EMBED_ORIGINS_MAX` exact origins, each
 * once. Every problem is named under its field (`origins.2`); nothing is kept when one is wrong.
 */
export function checkEmbedOrigins(input: unknown): CheckedInput<readonly string[]> {
  if (!Array.isArray(input)) return { ok: false, fields: { origins: EMBED_ORIGIN_MESSAGES.list } };
  const fields: Record<string, string> = {};
  const origins: string[] = [];
  const seen = new Set<string>();
  input.forEach((value: unknown, index) => {
    const parsed = typeof value === 'string' ? parseEmbedOrigin(value) : null;
    if (parsed === null) fields[`origins.${index}`] = EMBED_ORIGIN_MESSAGES.invalid;
    else if (!parsed.ok) fields[`origins.${index}`] = EMBED_ORIGIN_MESSAGES[parsed.problem];
    else if (seen.has(parsed.origin)) fields[`origins.${index}`] = EMBED_ORIGIN_MESSAGES.duplicate;
    else {
      seen.add(parsed.origin);
      origins.push(parsed.origin);
    }
  });
  if (input.length > EMBED_ORIGINS_MAX) fields.origins = EMBED_ORIGIN_MESSAGES.tooMany;
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: origins };
}

/** The lines of the share step's origins field: one website a line, blank lines left out. */
export const originLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
