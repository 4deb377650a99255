import { describe, expect, it } from 'vitest';
import { jsonResponse as json, wireClient } from '../testing/wireClient';
import { createSurveyEmbedGateway } from './createSurveyEmbedGateway';

describe('createSurveyEmbedGateway', () => {
  it('should read and replace a survey’s embedding origins', async () => {
    const { client, seen } = wireClient(
      () => json(200, { origins: ['https://a.nl'] }),
      'https://api.loop.nl',
    );
    const gateway = createSurveyEmbedGateway(client);
    expect(await gateway.embed(12)).toEqual({ ok: true, value: { origins: ['https://a.nl'] } });
    await gateway.saveEmbed(12, { origins: ['https://a.nl'] });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.loop.nl/api/v1/surveys/12/embed',
      'PUT https://api.loop.nl/api/v1/surveys/12/embed',
    ]);
    expect(seen[1]?.body).toEqual({ origins: ['https://a.nl'] });
  });
});
