import { type ApiClient, type ApiSession, apiBaseUrl, createApiClient } from '@loop/adapters/http';
import { ORGANIZATION_HEADER } from '@loop/core';
import { nodeUpload } from './nodeUpload';

/** Where `loop` looks when neither `--url` nor LOOP_URL says (the server's own default port). */
export const DEFAULT_URL = 'http://localhost:3000';

export const CONNECTION_ENV = {
  url: 'LOOP_URL',
  key: 'LOOP_API_KEY',
  organisation: 'LOOP_ORGANISATION',
} as const;

export interface ConnectionOptions {
  readonly url?: string | undefined;
  readonly key?: string | undefined;
  readonly organisation?: string | undefined;
}

/** A configured line to the API: the client core's gateways run on, and what a raw download needs. */
export interface Connection {
  readonly client: ApiClient;
  /** `<url>/api/v1` (R-API-1's rule, shared with the web app's VITE_API_URL). */
  readonly apiBase: string;
  /** The bearer and organisation headers, for the streamed export that bypasses the client. */
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch: typeof globalThis.fetch;
}

/**
 * A key is a fixed bearer (R-CLI-1): nothing to refresh, so a 401 is the answer, and nothing ends
 * a session. An organisation API key or a session access token works alike.
 */
const keySession = (key: string): ApiSession => ({
  accessToken: () => key,
  refresh: () => Promise.resolve(false),
  end: () => {},
});

/** Connects with the options, else the environment; null when there is no key. */
export function connect(
  options: ConnectionOptions,
  env: Readonly<Record<string, string | undefined>>,
  fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): Connection | null {
  const key = (options.key ?? env[CONNECTION_ENV.key] ?? '').trim();
  if (key === '') return null;
  const base = options.url ?? env[CONNECTION_ENV.url] ?? DEFAULT_URL;
  const organisation = (options.organisation ?? env[CONNECTION_ENV.organisation] ?? '').trim();
  const client = createApiClient({
    baseUrl: base,
    session: keySession(key),
    organisationId: () => (organisation === '' ? null : organisation),
    fetch,
    upload: nodeUpload(fetch),
  });
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (organisation !== '') headers[ORGANIZATION_HEADER] = organisation;
  return { client, apiBase: apiBaseUrl(base), headers, fetch };
}
