import { describe, expect, it } from 'vitest';
import { jsonResponse as json, type WireRequest, wireClient } from '../testing/wireClient';
import { createSurveyResultsGateway } from './createSurveyResultsGateway';
import { filenameFromContentDisposition } from './downloadFile';

/** The gateway on the real API client, recording every request. */
function gatewayWith(respond: (seen: WireRequest) => Response) {
  const { client, seen } = wireClient(respond, 'https://api.loop.nl');
  return { gateway: createSurveyResultsGateway(client), seen };
}

describe('createSurveyResultsGateway', () => {
  it('should ask for results, a question, analytics and links with their queries', async () => {
    const { gateway, seen } = gatewayWith(() => json(200, { ok: 'ja' }));
    await gateway.results(12, { from: '2025-11-01' });
    await gateway.question(12, 'q 1', { to: '2025-11-30', q: 'koffie', page: 2, page_size: 50 });
    await gateway.analytics({});
    await gateway.links(12);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.loop.nl/api/v1/surveys/12/results?from=2025-11-01',
      'GET https://api.loop.nl/api/v1/surveys/12/questions/q%201?to=2025-11-30&q=koffie&page=2&page_size=50',
      'GET https://api.loop.nl/api/v1/analytics',
      'GET https://api.loop.nl/api/v1/surveys/12/links',
    ]);
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer token-a');
  });

  it('should post a request for personal links and answer the tokens', async () => {
    const { gateway, seen } = gatewayWith(() => json(201, { tokens: ['a', 'b'] }));
    const created = await gateway.createPersonalLinks(12, { count: 2, label: 'Team Noord' });
    expect(created).toEqual({ ok: true, value: { tokens: ['a', 'b'] } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.loop.nl/api/v1/surveys/12/personal-links',
      body: { count: 2, label: 'Team Noord' },
    });
  });

  it('should download an export as a Blob with the name from Content-Disposition', async () => {
    // Bytes that are not valid UTF-8, as in an XLSX file: a text round trip would change them.
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80]);
    const { gateway, seen } = gatewayWith(
      () =>
        new Response(bytes, {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="survey.xlsx"; filename*=UTF-8''Tevredenheid%20caf%C3%A9.xlsx`,
          },
        }),
    );
    const file = await gateway.exportResponses(12, 'xlsx', { from: '2025-11-01', to: '2025-11-30' });
    expect(seen[0]?.url).toBe(
      'https://api.loop.nl/api/v1/surveys/12/export?format=xlsx&from=2025-11-01&to=2025-11-30',
    );
    expect(seen[0]?.headers.get('accept')).toBe('*/*');
    if (!file.ok) throw new Error(file.detail);
    expect(file.value.filename).toBe('Tevredenheid café.xlsx');
    expect(file.value.content).toBeInstanceOf(Blob);
    const blob = file.value.content as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('should name an export itself when the server gives no name', async () => {
    const { gateway } = gatewayWith(() => new Response('a;b\r\n', { status: 200 }));
    const file = await gateway.exportResponses(12, 'csv', {});
    expect(file.ok && file.value.filename).toBe('survey-12-reacties.csv');
  });

  it("should read the server's Dutch detail of a refused export", async () => {
    const { gateway } = gatewayWith(() =>
      json(403, { detail: 'Exporteren is niet beschikbaar voor dit abonnement.' }),
    );
    expect(await gateway.exportResponses(12, 'csv', {})).toEqual({
      ok: false,
      status: 403,
      detail: 'Exporteren is niet beschikbaar voor dit abonnement.',
    });
  });

  it('should answer status 0 when the server cannot be reached', async () => {
    const { gateway } = gatewayWith(() => {
      throw new TypeError('Failed to fetch');
    });
    const file = await gateway.exportResponses(12, 'csv', {});
    expect(file.ok).toBe(false);
    expect(!file.ok && file.status).toBe(0);
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="reacties.csv"', 'reacties.csv'],
    ['attachment; filename=reacties.csv', 'reacties.csv'],
    ['attachment;filename="a \\"b\\".csv"', 'a "b".csv'],
    [`attachment; filename*=utf-8''%C3%A9%C3%A9n.csv`, 'één.csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''echt.csv`, 'echt.csv'],
    [`attachment; filename*=UTF-8''%E0%A4%A.csv; filename="fallback.csv"`, 'fallback.csv'],
  ])('should read %j as %j', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it('should keep only the last path segment and drop control characters', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment; filename="a\u0007b.csv"')).toBe('ab.csv');
  });

  it('should give null without a usable name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
