import { describe, expect, it } from 'vitest';
import { jsonResponse as json, type WireRequest, wireClient } from '../testing/wireClient';
import { createSurveyDataGateway } from './createSurveyDataGateway';

/** The gateway on the real API client, recording every request. */
function gatewayWith(respond: (seen: WireRequest) => Response) {
  const { client, seen } = wireClient(respond, 'https://api.loop.nl');
  return { gateway: createSurveyDataGateway(client), seen };
}

describe('createSurveyDataGateway', () => {
  it('should list, read and erase responses and set the retention and anonymity', async () => {
    const { gateway, seen } = gatewayWith((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { ok: 'ja' }),
    );
    await gateway.responses(12, { page: 2, page_size: 20, q: 'jan', status: 'completed' });
    await gateway.responses(12, { page: 1 });
    await gateway.response(12, 345);
    expect(await gateway.eraseResponse(12, 345)).toEqual({ ok: true, value: undefined });
    await gateway.setRetention(12, { retention_until: null, retention_months: 6 });
    await gateway.setAnonymity(12, true);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.loop.nl/api/v1/surveys/12/responses?page=2&page_size=20&status=completed&q=jan',
      'GET https://api.loop.nl/api/v1/surveys/12/responses?page=1',
      'GET https://api.loop.nl/api/v1/surveys/12/responses/345',
      'DELETE https://api.loop.nl/api/v1/surveys/12/responses/345',
      'PUT https://api.loop.nl/api/v1/surveys/12/retention',
      'PUT https://api.loop.nl/api/v1/surveys/12/anonymity',
    ]);
    expect(seen.at(-2)?.body).toEqual({ retention_until: null, retention_months: 6 });
    expect(seen.at(-1)?.body).toEqual({ anonymous: true });
  });

  it("should download one respondent's file as a Blob named by Content-Disposition", async () => {
    const { gateway, seen } = gatewayWith(
      () =>
        new Response('{"survey":{}}', {
          status: 200,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="../survey-12-reactie-345-2026-03-02.json"',
          },
        }),
    );
    const file = await gateway.exportResponse(12, 345, 'json');
    expect(seen[0]?.url).toBe('https://api.loop.nl/api/v1/surveys/12/responses/345/export?format=json');
    if (!file.ok) throw new Error(file.detail);
    expect(file.value.filename).toBe('survey-12-reactie-345-2026-03-02.json');
    expect(file.value.content).toBeInstanceOf(Blob);
    expect(await (file.value.content as Blob).text()).toBe('{"survey":{}}');
  });

  it('should name the file itself without Content-Disposition, and read a refusal', async () => {
    const { gateway } = gatewayWith(() => new Response('a;b', { status: 200 }));
    const file = await gateway.exportResponse(12, 345, 'csv');
    expect(file.ok && file.value.filename).toBe('survey-12-reactie-345.csv');
    const refused = gatewayWith(() => json(403, { detail: 'Alleen een eigenaar of beheerder.' }));
    expect(await refused.gateway.exportResponse(12, 345, 'csv')).toMatchObject({
      ok: false,
      status: 403,
      detail: 'Alleen een eigenaar of beheerder.',
    });
  });
});
