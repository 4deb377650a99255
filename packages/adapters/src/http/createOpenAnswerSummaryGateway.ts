import type { OpenAnswerSummaryGateway } from '@loop/core/surveys/summary';
import type { ApiClient } from './createApiClient';

/** Summaries of open answers of the organisation in X-Organization-Id (plan feature 'ai'). */
export function createOpenAnswerSummaryGateway(client: ApiClient): OpenAnswerSummaryGateway {
  return {
    summarise: (surveyId, questionId, query) =>
      client.request('POST', `/surveys/${surveyId}/questions/${encodeURIComponent(questionId)}/summary`, {
        query: { from: query.from, to: query.to, filter: query.filter },
      }),
  };
}
