import type { RoundsGateway } from '@loop/core/invitations';
import type { ApiClient } from './createApiClient';

/** A survey's pulse rounds (organisation in X-Organization-Id). */
export function createRoundsGateway(client: ApiClient): RoundsGateway {
  return {
    rounds: (surveyId) => client.request('GET', `/surveys/${surveyId}/rounds`),
    schedule: (surveyId, body) => client.request('PUT', `/surveys/${surveyId}/rounds`, { body }),
    control: (surveyId, action) => client.request('POST', `/surveys/${surveyId}/rounds/${action}`),
    comparison: (surveyId) => client.request('GET', `/surveys/${surveyId}/rounds/comparison`),
  };
}
