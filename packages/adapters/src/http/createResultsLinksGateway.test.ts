import { describe, expect, it } from 'vitest';

import { jsonResponse as json, type WireRequest, wireClient } from '../testing/wireClient';
import { createRespondentApiClient } from './createRespondGateway';
import { createResultsLinksGateway, createSharedResultsGateway } from './createResultsLinksGateway';

describe('createResultsLinksGateway', () => {
  it('should list, make and revoke a survey’s results links in the organisation', async () => {
    const { client, seen } = wireClient(() => json(200, []), 'https://api.loop.nl');
    const gateway = createResultsLinksGateway(client);
    await gateway.list(12);
    await gateway.create(12, { question_ids: ['q1'], password: 'Geheim!2026' });
    await gateway.revoke(12, 3);
    expect(seen.map((s: WireRequest) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.loop.nl/api/v1/surveys/12/results-links',
      'POST https://api.loop.nl/api/v1/surveys/12/results-links',
      'POST https://api.loop.nl/api/v1/surveys/12/results-links/3/revoke',
    ]);
    expect(seen[1]?.body).toEqual({ question_ids: ['q1'], password: 'Geheim!2026' });
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
  });
});

describe('createSharedResultsGateway', () => {
  it('should ask without a login, and send the password only when given', async () => {
    const requests: { method: string; url: string; body: string | null; auth: string | null }[] = [];
    const client = createRespondentApiClient({
      baseUrl: 'https://loop.nl',
      fetch: async (input, init) => {
        requests.push({
          method: init?.method ?? 'GET',
          url: String(input),
          body: (init?.body as string | undefined) ?? null,
          auth: new Headers(init?.headers).get('authorization'),
        });
        return new Response(JSON.stringify({ status: 'locked' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const gateway = createSharedResultsGateway(client);
    expect(await gateway.open('tok/en')).toEqual({ ok: true, value: { status: 'locked' } });
    await gateway.open('tok/en', 'Geheim!2026');
    expect(requests).toEqual([
      { method: 'GET', url: 'https://loop.nl/api/v1/shared-results/tok%2Fen', body: null, auth: null },
      {
        method: 'POST',
        url: 'https://loop.nl/api/v1/shared-results/tok%2Fen',
        body: JSON.stringify({ password: 'Geheim!2026' }),
        auth: null,
      },
    ]);
  });
});
