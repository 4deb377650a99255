import { apiOk } from '@loop/core';
import type { SurveyDataGateway } from '@loop/core/surveys/data';
import type { ApiClient, DownloadBody } from './createApiClient';
import { filenameFromContentDisposition } from './downloadFile';

/**
 * A survey's responses one by one, one respondent's export and erasure, and the survey's retention
 * and anonymity.
 */
export function createSurveyDataGateway(client: ApiClient): SurveyDataGateway {
  return {
    responses: (surveyId, query) =>
      client.request('GET', `/surveys/${surveyId}/responses`, {
        query: { page: query.page, page_size: query.page_size, status: query.status, q: query.q },
      }),
    response: (surveyId, responseId) => client.request('GET', `/surveys/${surveyId}/responses/${responseId}`),
    exportResponse: async (surveyId, responseId, format) => {
      const answer = await client.request<DownloadBody>(
        'GET',
        `/surveys/${surveyId}/responses/${responseId}/export`,
        { query: { format }, responseType: 'blob' },
      );
      if (!answer.ok) return answer;
      const { blob, headers } = answer.value;
      const filename =
        filenameFromContentDisposition(headers.get('content-disposition')) ??
        `survey-${surveyId}-reactie-${responseId}.${format}`;
      return apiOk({ filename, content: blob });
    },
    eraseResponse: (surveyId, responseId) =>
      client.request('DELETE', `/surveys/${surveyId}/responses/${responseId}`),
    setRetention: (surveyId, retention) =>
      client.request('PUT', `/surveys/${surveyId}/retention`, { body: retention }),
    setAnonymity: (surveyId, anonymous) =>
      client.request('PUT', `/surveys/${surveyId}/anonymity`, { body: { anonymous } }),
  };
}
