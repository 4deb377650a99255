import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createBusinessAnalysisGateway } from './createBusinessAnalysisGateway';

const ANALYSIS = {
  analysis: '# Bedrijfsanalyse',
  metadata: {
    organization: { name: 'Bakkerij De Zon' },
    data_points: { kpis: 4, surveys: 2 },
    generated_at: '2025-11-03T13:05:00Z',
  },
};

describe('createBusinessAnalysisGateway', () => {
  it('should call the analysis routes of the current organisation', async () => {
    const { client, sent } = recordingClient();
    const analyses = createBusinessAnalysisGateway(client);
    await analyses.create();
    await analyses.latest();
    await analyses.list();
    await analyses.get(12);
    expect(sent.map((s) => [s.method, s.path, s.options?.body ?? null])).toEqual([
      ['POST', '/organization/business-analysis', null],
      ['GET', '/organization/business-analysis', null],
      ['GET', '/organization/business-analyses', null],
      ['GET', '/organization/business-analyses/12', null],
    ]);
  });

  it('should send the bearer token and organisation, and give the analysis or the failure with its status', async () => {
    const answers = [
      jsonResponse(200, ANALYSIS),
      jsonResponse(403, { detail: 'AI-analyse is niet beschikbaar voor dit abonnement.' }),
      new Response('<html>Gateway Time-out</html>', {
        status: 504,
        headers: { 'content-type': 'text/html' },
      }),
    ];
    const { client, seen } = wireClient(() => answers.shift() ?? jsonResponse(500, {}));
    const analyses = createBusinessAnalysisGateway(client);
    expect(await analyses.create()).toEqual({ ok: true, value: ANALYSIS });
    expect(seen[0]?.url).toBe('https://api.loop.test/api/v1/organization/business-analysis');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer token-a');
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
    expect(await analyses.create()).toMatchObject({
      ok: false,
      status: 403,
      detail: 'AI-analyse is niet beschikbaar voor dit abonnement.',
    });
    // A proxy's page carries no detail: the screen shows its own text for the status.
    expect(await analyses.create()).toMatchObject({ ok: false, status: 504, fallback: true });
  });
});
