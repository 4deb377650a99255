import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiBaseUrl, createApiClient } from './createApiClient';

interface Call {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    calls.push(call);
    // A client that loops would otherwise hang the test run instead of failing it.
    if (calls.length > 10) throw new Error('runaway requests');
    return respond(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A session whose refresh swaps `token-a` for `token-b` (or fails), recording what it was asked. */
function fakeSession(options: { token?: string | null; refreshes?: boolean | 'throws' } = {}) {
  let token = options.token === undefined ? 'token-a' : options.token;
  const log = { refreshes: 0, ends: [] as string[] };
  const session: ApiSession = {
    accessToken: () => token,
    refresh: async () => {
      log.refreshes++;
      if (options.refreshes === 'throws') throw new Error('bug in the refresher');
      if (options.refreshes === false) {
        token = null;
        return false;
      }
      token = 'token-b';
      return true;
    },
    end: (reason) => {
      log.ends.push(reason);
      token = null;
    },
  };
  return { session, log };
}

function clientWith(
  respond: (call: Call) => Response | Promise<Response>,
  options: { session?: ApiSession; organisationId?: number | string | null; baseUrl?: string } = {},
) {
  const { fetch, calls } = fakeFetch(respond);
  const { session, log } = fakeSession();
  const client = createApiClient({
    baseUrl: options.baseUrl ?? 'https://api.loop.test/',
    session: options.session ?? session,
    organisationId: () => (options.organisationId === undefined ? 12 : options.organisationId),
    fetch,
  });
  return { client, calls, log };
}

describe('apiBaseUrl', () => {
  it('should use the same origin for an empty base', () => {
    expect(apiBaseUrl('')).toBe('/api/v1');
  });

  it('should trim trailing slashes before appending /api/v1', () => {
    expect(apiBaseUrl('https://x.nl///')).toBe('https://x.nl/api/v1');
    expect(apiBaseUrl('https://x.nl')).toBe('https://x.nl/api/v1');
    expect(apiBaseUrl(' https://x.nl/ ')).toBe('https://x.nl/api/v1');
    expect(apiBaseUrl('/')).toBe('/api/v1');
  });

  it('should not append the prefix twice when the base already names it', () => {
    expect(apiBaseUrl('https://x.nl/api/v1/')).toBe('https://x.nl/api/v1');
  });
});

describe('createApiClient', () => {
  it('should expose the resolved base and send calls under it', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    expect(client.apiBase).toBe('https://api.loop.test/api/v1');
    await client.request('GET', '/users/me');
    expect(calls[0]?.url).toBe('https://api.loop.test/api/v1/users/me');
  });

  it('should send the bearer token, the organisation header and Accept', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    await client.request('GET', '/branding/mine');
    const headers = calls[0]?.headers;
    expect(headers?.get('authorization')).toBe('Bearer token-a');
    expect(headers?.get('x-organization-id')).toBe('12');
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.has('content-type')).toBe(false);
  });

  it('should leave out the bearer and organisation headers when there are none', async () => {
    const { session } = fakeSession({ token: null });
    const { client, calls } = clientWith(() => json(200, {}), { session, organisationId: null });
    await client.request('GET', '/plans');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.has('x-organization-id')).toBe(false);
  });

  it('should read the organisation at send time', async () => {
    let organisation: number | null = 3;
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const client = createApiClient({
      baseUrl: '',
      session: fakeSession().session,
      organisationId: () => organisation,
      fetch,
    });
    await client.request('GET', '/users/me');
    organisation = 4;
    await client.request('GET', '/users/me');
    expect(calls.map((c) => c.headers.get('x-organization-id'))).toEqual(['3', '4']);
    expect(calls[0]?.url).toBe('/api/v1/users/me');
  });

  it('should send a body as JSON', async () => {
    const { client, calls } = clientWith(() => json(201, { id: 5, name: 'Acme', role: 'owner' }));
    const result = await client.request('POST', '/organizations', { body: { name: 'Acme' } });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"name":"Acme"}');
    expect(result).toEqual({ ok: true, value: { id: 5, name: 'Acme', role: 'owner' } });
  });

  it('should pass a FormData body through untouched, without a JSON content type', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    await client.request('POST', '/branding/logo', { body: form });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('should add the query, leaving out undefined values', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    await client.request('GET', '/admin/users', {
      query: { page: 2, page_size: 25, q: 'jan de wit', x: undefined },
    });
    expect(calls[0]?.url).toBe('https://api.loop.test/api/v1/admin/users?page=2&page_size=25&q=jan+de+wit');
  });

  it('should repeat a name once per value of a list in the query', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    await client.request('GET', '/contacts', { query: { tag: ['klant', 'vip'], attr: [], q: 'a' } });
    expect(calls[0]?.url).toBe('https://api.loop.test/api/v1/contacts?tag=klant&tag=vip&q=a');
  });

  it('should answer undefined for 204', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    expect(await client.request('DELETE', '/branding/logo')).toEqual({ ok: true, value: undefined });
  });

  it("should map an error to the server's detail and fields", async () => {
    const { client } = clientWith(() =>
      json(400, {
        detail: 'Controleer het formulier.',
        fields: { email: 'Vul een geldig e-mailadres in.', n: 3 },
      }),
    );
    expect(await client.request('PATCH', '/users/me', { body: { email: 'x' } })).toEqual({
      ok: false,
      status: 400,
      detail: 'Controleer het formulier.',
      fields: { email: 'Vul een geldig e-mailadres in.' },
    });
  });

  it.each([
    [429, 'Te veel pogingen. Probeer het over een paar minuten opnieuw.'],
    [500, GENERIC_ERROR_MESSAGE],
    [503, GENERIC_ERROR_MESSAGE],
    [404, 'Niet gevonden.'],
    [403, 'Je hebt geen toegang tot deze pagina.'],
    [418, GENERIC_ERROR_MESSAGE],
  ])('should fall back to a Dutch message for %i without a detail', async (status, detail) => {
    const { client } = clientWith(() => json(status, { error: 'x' }));
    expect(await client.request('GET', '/plans')).toEqual({ ok: false, status, detail, fallback: true });
  });

  it('should ignore a non-JSON error page and a detail that is not a sentence', async () => {
    const { client } = clientWith(({ url }) =>
      url.endsWith('/html')
        ? new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
        : json(422, { detail: [{ loc: ['body'], msg: 'field required' }] }),
    );
    expect(await client.request('GET', '/html')).toEqual({
      ok: false,
      status: 502,
      detail: GENERIC_ERROR_MESSAGE,
      fallback: true,
    });
    expect(await client.request('GET', '/list')).toEqual({
      ok: false,
      status: 422,
      detail: 'Dit verzoek is al eerder met andere gegevens verstuurd.',
      fallback: true,
    });
  });

  it('should answer status 0 with the network message when the server cannot be reached, without retrying', async () => {
    const { client, calls } = clientWith(() => Promise.reject(new TypeError('fetch failed')));
    expect(await client.request('GET', '/users/me')).toEqual({
      ok: false,
      status: 0,
      detail: NETWORK_ERROR_MESSAGE,
      fallback: true,
    });
    expect(calls).toHaveLength(1);
  });

  it('should not let ofetch repeat a GET that failed with 500', async () => {
    const { client, calls } = clientWith(() => json(500, { detail: 'Stuk.' }));
    expect(await client.request('GET', '/users/me')).toMatchObject({ status: 500, detail: 'Stuk.' });
    expect(calls).toHaveLength(1);
  });

  it('should answer status 0 for an aborted call', async () => {
    const { client } = clientWith(() =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const controller = new AbortController();
    controller.abort();
    expect(await client.request('GET', '/users/me', { signal: controller.signal })).toMatchObject({
      ok: false,
      status: 0,
    });
  });
});

describe('createApiClient on 401 and 419', () => {
  const byToken = ({ headers }: Call) =>
    headers.get('authorization') === 'Bearer token-b'
      ? json(200, { me: true })
      : json(401, { detail: 'Verlopen.' });

  it('should refresh and retry once with the token read at send time', async () => {
    const { client, calls, log } = clientWith(byToken);
    expect(await client.request('GET', '/users/me')).toEqual({ ok: true, value: { me: true } });
    expect(log.refreshes).toBe(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer token-a', 'Bearer token-b']);
  });

  it('should resend the same JSON body on the retry', async () => {
    const { client, calls } = clientWith(byToken);
    await client.request('POST', '/organizations', { body: { name: 'Acme' } });
    expect(calls.map((c) => c.body)).toEqual(['{"name":"Acme"}', '{"name":"Acme"}']);
  });

  it('should return the 401 without retrying when the refresh fails', async () => {
    const { session, log } = fakeSession({ refreshes: false });
    const { client, calls } = clientWith(byToken, { session });
    expect(await client.request('GET', '/users/me')).toEqual({ ok: false, status: 401, detail: 'Verlopen.' });
    expect(log.refreshes).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('should treat a refresh that throws as failed instead of throwing', async () => {
    const { session } = fakeSession({ refreshes: 'throws' });
    const { client, calls } = clientWith(byToken, { session });
    expect(await client.request('GET', '/users/me')).toMatchObject({ ok: false, status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('should never refresh for a call with auth none', async () => {
    const { client, calls, log } = clientWith(byToken);
    expect(await client.request('POST', '/auth/login', { auth: 'none', body: {} })).toMatchObject({
      status: 401,
    });
    expect(log.refreshes).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('should return a 401 on the retry as is', async () => {
    const { client, calls, log } = clientWith(() => json(401, { detail: 'Nee.' }));
    expect(await client.request('GET', '/users/me')).toMatchObject({ status: 401, detail: 'Nee.' });
    expect(log.refreshes).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('should retry without refreshing when the token changed while the call was under way', async () => {
    const { session, log } = fakeSession();
    let swapped = false;
    const { client, calls } = clientWith(
      (call) => {
        if (!swapped) {
          swapped = true;
          // Another call's refresh finishes while this one's 401 is on its way back.
          void session.refresh();
        }
        return byToken(call);
      },
      { session },
    );
    expect(await client.request('GET', '/users/me')).toMatchObject({ ok: true });
    expect(log.refreshes).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('should not refresh when the session ended while the call was under way', async () => {
    const { session, log } = fakeSession();
    const { client, calls } = clientWith(
      (call) => {
        session.end('revoked');
        return byToken(call);
      },
      { session },
    );
    expect(await client.request('GET', '/users/me')).toMatchObject({ status: 401 });
    expect(log.refreshes).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('should not refresh for a call aborted before its 401 came back', async () => {
    const controller = new AbortController();
    const { client, calls, log } = clientWith((call) => {
      controller.abort();
      return byToken(call);
    });
    expect(await client.request('GET', '/users/me', { signal: controller.signal })).toMatchObject({
      status: 401,
    });
    expect(log.refreshes).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('should end the session as revoked on 419, for auth none calls too', async () => {
    const { client, log } = clientWith(() => json(419, {}));
    expect(await client.request('GET', '/users/me')).toEqual({
      ok: false,
      status: 419,
      detail: 'Je sessie is beëindigd. Log opnieuw in.',
      fallback: true,
    });
    await client.request('POST', '/auth/logout', { auth: 'none', body: {} });
    expect(log.ends).toEqual(['revoked', 'revoked']);
    expect(log.refreshes).toBe(0);
  });

  it('should end the session when the retry answers 419', async () => {
    const { client, log } = clientWith(({ headers }) =>
      headers.get('authorization') === 'Bearer token-b' ? json(419, {}) : json(401, {}),
    );
    expect(await client.request('GET', '/users/me')).toMatchObject({ status: 419 });
    expect(log.ends).toEqual(['revoked']);
  });
});
