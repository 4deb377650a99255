import type { ResultsQuery } from '@loop/core';
import type { SurveyResultsGateway } from '@loop/core/surveys/results';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

const datesOf = (query: ResultsQuery) => ({ from: query.from, to: query.to, filter: query.filter });

/** Results, question details, export, analytics and links of the organisation in X-Organization-Id. */
export function createSurveyResultsGateway(client: ApiClient): SurveyResultsGateway {
  return {
    results: (id, query) => client.request('GET', `/surveys/${id}/results`, { query: datesOf(query) }),
    question: (id, questionId, query) =>
      client.request('GET', `/surveys/${id}/questions/${encodeURIComponent(questionId)}`, {
        query: { ...datesOf(query), q: query.q, page: query.page, page_size: query.page_size },
      }),
    exportResponses: (id, format, query) =>
      downloadFile(client, `/surveys/${id}/export`, `survey-${id}-reacties.${format}`, {
        format,
        ...datesOf(query),
      }),
    crosstab: (id, dimensions, query) =>
      client.request('GET', `/surveys/${id}/results/crosstab`, {
        query: { ...dimensions, ...datesOf(query) },
      }),
    exportCrosstab: (id, format, dimensions, query) =>
      downloadFile(client, `/surveys/${id}/results/crosstab/export`, `survey-${id}-kruistabel.${format}`, {
        format,
        ...dimensions,
        ...datesOf(query),
      }),
    analytics: (query) => client.request('GET', '/analytics', { query: { from: query.from, to: query.to } }),
    links: (id) => client.request('GET', `/surveys/${id}/links`),
    createPersonalLinks: (id, request) =>
      client.request('POST', `/surveys/${id}/personal-links`, { body: request }),
  };
}
