import { describe, expect, it } from 'vitest';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createOpenAnswerSummaryGateway } from './createOpenAnswerSummaryGateway';

const SUMMARY = {
  survey_id: 4,
  question_id: 'q verbeter',
  analyst: 'builtin',
  answers_total: 3,
  answers_considered: 3,
  themes: [{ label: 'Werkdruk', count: 2, quotes: ['De werkdruk is te hoog.'] }],
  other_count: 1,
  too_few: false,
  generated_at: '2026-11-26T10:00:00.000Z',
};

describe('createOpenAnswerSummaryGateway', () => {
  it('should POST to the question’s summary with the period in the query, and give the summary or the failure', async () => {
    const answers = [
      jsonResponse(200, SUMMARY),
      jsonResponse(403, { detail: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.' }),
    ];
    const { client, seen } = wireClient(() => answers.shift() ?? jsonResponse(500, {}));
    const summaries = createOpenAnswerSummaryGateway(client);
    expect(await summaries.summarise(4, 'q verbeter', { from: '2026-01-01' })).toEqual({
      ok: true,
      value: SUMMARY,
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe(
      'https://api.loop.test/api/v1/surveys/4/questions/q%20verbeter/summary?from=2026-01-01',
    );
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
    expect(await summaries.summarise(4, 'q', {})).toMatchObject({
      ok: false,
      status: 403,
      detail: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.',
    });
    expect(seen[1]?.url).toBe('https://api.loop.test/api/v1/surveys/4/questions/q/summary');
  });
});
