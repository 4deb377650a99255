import type { AlertRule, AlertsGateway } from '@loop/core/surveys/alerts';
import type { ApiClient } from './createApiClient';

/** A survey's alerts on new responses (organisation in X-Organization-Id). */
export function createAlertsGateway(client: ApiClient): AlertsGateway {
  const path = (surveyId: number, rest = '') => `/surveys/${surveyId}/alerts${rest}`;
  return {
    get: (surveyId) => client.request('GET', path(surveyId)),
    saveMine: (surveyId, body) => client.request('PUT', path(surveyId, '/mine'), { body }),
    saveRules: async (surveyId, rules) => {
      const result = await client.request<{ readonly rules: readonly AlertRule[] }>(
        'PUT',
        path(surveyId, '/rules'),
        {
          body: { rules },
        },
      );
      return result.ok ? { ok: true, value: result.value.rules } : result;
    },
    saveWebhook: (surveyId, body) => client.request('PUT', path(surveyId, '/webhook'), { body }),
    removeWebhook: (surveyId) => client.request('DELETE', path(surveyId, '/webhook')),
    testWebhook: (surveyId) => client.request('POST', path(surveyId, '/webhook/test')),
  };
}
