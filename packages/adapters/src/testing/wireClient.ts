import { type ApiClient, createApiClient } from '../http/createApiClient';

/** One request as it went over the wire. */
export interface WireRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  /** The JSON body parsed; any other body as it was given to fetch. */
  readonly body: unknown;
}

/**
 * The real API client (signed in with 'token-a', organisation 7) on a fetch that records each
 * request in `seen` and answers with `respond`.
 */
export function wireClient(
  respond: (request: WireRequest) => Response,
  baseUrl = 'https://api.loop.test',
): { client: ApiClient; seen: WireRequest[] } {
  const seen: WireRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: WireRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    seen.push(request);
    return respond(request);
  }) as typeof globalThis.fetch;
  const client = createApiClient({
    baseUrl,
    fetch,
    organisationId: () => 7,
    session: { accessToken: () => 'token-a', refresh: async () => false, end: () => {} },
  });
  return { client, seen };
}

/** A JSON answer. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
