import type { BusinessAnalysisGateway } from '@loop/core/analysisSession';
import type { ApiClient } from './createApiClient';

/** The business analysis routes of the current organisation (R-ANALYSIS-8: POST /organization/business-analysis). */
export function createBusinessAnalysisGateway(client: ApiClient): BusinessAnalysisGateway {
  return {
    create: () => client.request('POST', '/organization/business-analysis'),
    latest: () => client.request('GET', '/organization/business-analysis'),
    list: () => client.request('GET', '/organization/business-analyses'),
    get: (id) => client.request('GET', `/organization/business-analyses/${id}`),
  };
}
