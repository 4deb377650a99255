import type { SurveyEmbedGateway } from '@loop/core/surveys/embed';
import type { ApiClient } from './createApiClient';

/** A survey's embedding settings: the websites allowed to show it (R-EMBED-1). */
export function createSurveyEmbedGateway(client: ApiClient): SurveyEmbedGateway {
  return {
    embed: (surveyId) => client.request('GET', `/surveys/${surveyId}/embed`),
    saveEmbed: (surveyId, embed) => client.request('PUT', `/surveys/${surveyId}/embed`, { body: embed }),
  };
}
