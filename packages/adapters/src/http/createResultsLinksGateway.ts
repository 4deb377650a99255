import type { ResultsLinksGateway, SharedResultsGateway } from '@loop/core/surveys/results';
import type { ApiClient } from './createApiClient';

/** A survey's read-only results links, for the organisation in X-Organization-Id. */
export function createResultsLinksGateway(client: ApiClient): ResultsLinksGateway {
  return {
    list: (surveyId) => client.request('GET', `/surveys/${surveyId}/results-links`),
    create: (surveyId, request) =>
      client.request('POST', `/surveys/${surveyId}/results-links`, { body: request }),
    revoke: (surveyId, linkId) =>
      client.request('POST', `/surveys/${surveyId}/results-links/${linkId}/revoke`),
  };
}

/**
 * The shared results page's call, without a login (`auth: 'none'`): GET, or POST with the
 * password once the page asked for it. Used with `createRespondentApiClient`, so the page loads
 * neither ofetch nor the app's client.
 */
export function createSharedResultsGateway(client: ApiClient): SharedResultsGateway {
  return {
    open: (token, password) => {
      const path = `/shared-results/${encodeURIComponent(token)}`;
      return password === undefined
        ? client.request('GET', path, { auth: 'none' })
        : client.request('POST', path, { body: { password }, auth: 'none' });
    },
  };
}
