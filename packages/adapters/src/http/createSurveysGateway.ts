import type { SurveysGateway, SurveyTemplatesGateway } from '@loop/core/surveys/model';
import type { ApiClient } from './createApiClient';

/** Surveys of the organisation in X-Organization-Id (list, editor saves, status, copies). */
export function createSurveysGateway(client: ApiClient): SurveysGateway {
  return {
    list: ({ page, page_size, q, status }) =>
      client.request('GET', '/surveys', {
        query: { page, page_size, q: q?.trim() ? q.trim() : undefined, status },
      }),
    get: (id) => client.request('GET', `/surveys/${id}`),
    create: (request) => client.request('POST', '/surveys', { body: request }),
    update: (id, request) => client.request('PUT', `/surveys/${id}`, { body: request }),
    changeStatus: (id, status) => client.request('POST', `/surveys/${id}/status`, { body: { status } }),
    duplicate: (id) => client.request('POST', `/surveys/${id}/duplicate`),
    remove: (id) => client.request('DELETE', `/surveys/${id}`),
  };
}

/** Survey templates: built-in and the organisation's; the server refuses writes without template rights. */
export function createSurveyTemplatesGateway(client: ApiClient): SurveyTemplatesGateway {
  return {
    list: () => client.request('GET', '/survey-templates'),
    create: (input) => client.request('POST', '/survey-templates', { body: input }),
    update: (id, input) => client.request('PUT', `/survey-templates/${id}`, { body: input }),
    remove: (id) => client.request('DELETE', `/survey-templates/${id}`),
  };
}
