import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../api';
import type { SurveyEmbed } from '../../contract';
import { EMBED_ORIGIN_MESSAGES } from './embedOrigins';
import type { SurveyEmbedGateway } from './embedPorts';
import { createEmbedUseCases } from './embedUseCases';

function recordingGateway(answer: ApiResult<SurveyEmbed> = apiOk({ origins: ['https://a.nl'] })) {
  const saved: Array<{ surveyId: number; embed: SurveyEmbed }> = [];
  const gateway: SurveyEmbedGateway = {
    embed: async () => apiOk({ origins: [] }),
    saveEmbed: async (surveyId, embed) => {
      saved.push({ surveyId, embed });
      return answer;
    },
  };
  return { gateway, saved };
}

describe('the share step’s embedding use-cases', () => {
  it('should send the normalised origins, one a line, and answer what the server stored', async () => {
    const { gateway, saved } = recordingGateway();
    const result = await createEmbedUseCases({ gateway }).saveOrigins(4, '\n https://A.nl/ \n\n');
    expect(saved).toEqual([{ surveyId: 4, embed: { origins: ['https://a.nl'] } }]);
    expect(result).toEqual({ ok: true, value: { origins: ['https://a.nl'] } });
  });

  it('should send nothing when an origin is wrong (R-EMBED-1)', async () => {
    const { gateway, saved } = recordingGateway();
    const result = await createEmbedUseCases({ gateway }).saveOrigins(4, 'https://a.nl\nhttp://b.nl');
    expect(saved).toEqual([]);
    expect(result).toEqual({ ok: false, message: null, fields: { 'origins.1': EMBED_ORIGIN_MESSAGES.http } });
  });

  it("should pass the server's refusal on as the form's message", async () => {
    const { gateway } = recordingGateway(apiFailure(404, 'Survey niet gevonden.'));
    const result = await createEmbedUseCases({ gateway }).saveOrigins(4, '');
    expect(result).toMatchObject({ ok: false, message: 'Survey niet gevonden.', status: 404 });
  });
});
