import type { ApiKeyScope } from '@loop/core';

/**
 * Which routes an API key may call, and with which scope (R-KEY-3): the one reviewed list, keyed
 * like the role matrix (`METHOD /api/v1/path`). installPermissionCheck puts the scope on each
 * route's `config.apiKeyScope`; a route not listed refuses every key with 403 (R-KEY-5). Scopes
 * are narrow on purpose: defining KPIs, sending invitations, the board, sharing and building
 * surveys stay with people who log in.
 */
export const API_KEY_ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  'GET /api/v1/surveys': 'surveys:read',
  'GET /api/v1/surveys/:id': 'surveys:read',
  'GET /api/v1/surveys/:id/results': 'surveys:read',
  'GET /api/v1/surveys/:id/questions/:questionId': 'surveys:read',
  'GET /api/v1/surveys/:id/export': 'surveys:read',
  'GET /api/v1/surveys/:id/results/crosstab': 'surveys:read',
  'GET /api/v1/surveys/:id/results/crosstab/export': 'surveys:read',
  'GET /api/v1/surveys/:id/rounds/comparison': 'surveys:read',
  'GET /api/v1/analytics': 'surveys:read',
  'GET /api/v1/surveys/:id/responses': 'surveys:read',
  'GET /api/v1/surveys/:id/responses/:responseId': 'surveys:read',
  'POST /api/v1/surveys/:id/responses': 'responses:write',
  'DELETE /api/v1/surveys/:id/responses/:responseId': 'responses:write',
  'GET /api/v1/contacts': 'contacts:manage',
  'POST /api/v1/contacts': 'contacts:manage',
  'GET /api/v1/contacts/facets': 'contacts:manage',
  'POST /api/v1/contacts/bulk': 'contacts:manage',
  'GET /api/v1/contacts/export': 'contacts:manage',
  'GET /api/v1/contacts/segments': 'contacts:manage',
  'POST /api/v1/contacts/segments': 'contacts:manage',
  'PATCH /api/v1/contacts/segments/:id': 'contacts:manage',
  'DELETE /api/v1/contacts/segments/:id': 'contacts:manage',
  'POST /api/v1/contacts/imports': 'contacts:manage',
  'GET /api/v1/contacts/imports': 'contacts:manage',
  'GET /api/v1/contacts/imports/:id': 'contacts:manage',
  'GET /api/v1/contacts/:id': 'contacts:manage',
  'PATCH /api/v1/contacts/:id': 'contacts:manage',
  'DELETE /api/v1/contacts/:id': 'contacts:manage',
  'GET /api/v1/kpis': 'kpis:read',
  'GET /api/v1/kpis/board': 'kpis:read',
  'GET /api/v1/kpis/history': 'kpis:read',
  'GET /api/v1/kpis/compare': 'kpis:read',
  'GET /api/v1/kpis/:id': 'kpis:read',
  'GET /api/v1/kpis/:id/values': 'kpis:read',
  'GET /api/v1/kpis/:id/drill-down': 'kpis:read',
  'GET /api/v1/kpis/:id/values/export': 'kpis:read',
  'GET /api/v1/finance/records': 'kpis:read',
  'GET /api/v1/finance/records/export': 'kpis:read',
  'GET /api/v1/finance/records/:id': 'kpis:read',
  'GET /api/v1/finance/categories': 'kpis:read',
  'GET /api/v1/finance/overview': 'kpis:read',
  'GET /api/v1/finance/overview/export': 'kpis:read',
  'GET /api/v1/finance/imports': 'kpis:read',
  'PUT /api/v1/kpis/:id/values/:period': 'kpis:write',
  'DELETE /api/v1/kpis/:id/values/:period': 'kpis:write',
  'POST /api/v1/kpis/:id/values/import': 'kpis:write',
};
