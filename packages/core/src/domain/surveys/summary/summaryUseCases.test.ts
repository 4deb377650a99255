import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../api';
import type { OpenAnswerSummary, ResultsQuery } from '../../contract';
import type { OpenAnswerSummaryGateway } from './summaryPorts';
import { createSummaryUseCases } from './summaryUseCases';

const SUMMARY: OpenAnswerSummary = {
  survey_id: 4,
  question_id: 'q-verbeter',
  analyst: 'builtin',
  answers_total: 3,
  answers_considered: 3,
  themes: [{ label: 'Werkdruk', count: 2, quotes: [] }],
  other_count: 1,
  too_few: false,
  generated_at: '2026-11-26T10:00:00.000Z',
};

function gatewayAnswering(answer: ApiResult<OpenAnswerSummary>) {
  const calls: Array<[number, string, ResultsQuery]> = [];
  const gateway: OpenAnswerSummaryGateway = {
    summarise: async (surveyId, questionId, query) => {
      calls.push([surveyId, questionId, query]);
      return answer;
    },
  };
  return { gateway, calls };
}

describe('createSummaryUseCases', () => {
  it('should ask for the summary of the question in the period and give its view', async () => {
    const { gateway, calls } = gatewayAnswering(apiOk(SUMMARY));
    const outcome = await createSummaryUseCases({ gateway }).summarise(4, 'q-verbeter', {
      from: '2026-01-01',
      to: '',
    });
    expect(calls).toEqual([[4, 'q-verbeter', { from: '2026-01-01' }]]);
    expect(outcome.ok && outcome.view.themes[0]?.countText).toBe('2 antwoorden (67%)');
  });

  it("should pass the results filter's conditions along (R-RES-8)", async () => {
    const { gateway, calls } = gatewayAnswering(apiOk(SUMMARY));
    await createSummaryUseCases({ gateway }).summarise(4, 'q-verbeter', {
      from: '',
      to: '',
      conditions: 'lang:nl',
    });
    expect(calls).toEqual([[4, 'q-verbeter', { filter: 'lang:nl' }]]);
  });

  it('should refuse a period that cannot be applied without asking the server', async () => {
    const { gateway, calls } = gatewayAnswering(apiOk(SUMMARY));
    const outcome = await createSummaryUseCases({ gateway }).summarise(4, 'q', {
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(calls).toEqual([]);
    expect(outcome).toEqual({ ok: false, error: 'De datum bij "Vanaf" ligt na de datum bij "Tot en met".' });
  });

  it("should give the server's refusal as Dutch text", async () => {
    const { gateway } = gatewayAnswering(
      apiFailure(403, 'AI-inzichten zijn niet beschikbaar voor dit abonnement.'),
    );
    expect(await createSummaryUseCases({ gateway }).summarise(4, 'q', { from: '', to: '' })).toEqual({
      ok: false,
      error: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.',
    });
  });
});
