import { MEMBER_ROLES } from '@loop/core';
import { can, PERMISSION_DENIED, type Permission } from '@loop/core/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { ORGANIZATION_NOT_FOUND } from './memberships';

/**
 * The route-by-role matrix. Every route that works on an organisation's data declares the permission
 * it needs (`config.permission`); this table is the reviewed list of those declarations, so a new
 * route cannot go live without someone deciding who may call it. The second test calls every such
 * route as every role and as an outsider and checks the answer against core's permission table.
 */
const EXPECTED: Readonly<Record<string, Permission>> = {
  'GET /api/v1/organization/members': 'organization.read',
  'PATCH /api/v1/organization/members/:userId': 'members.manage',
  'DELETE /api/v1/organization/members/:userId': 'members.manage',
  'POST /api/v1/organization/leave': 'organization.read',
  'POST /api/v1/organization/transfer': 'organization.own',
  'PATCH /api/v1/organization': 'organization.rename',
  'DELETE /api/v1/organization': 'organization.own',
  'GET /api/v1/organization/export': 'organization.own',
  'GET /api/v1/organization/invitations': 'members.invite',
  'POST /api/v1/organization/invitations': 'members.invite',
  'DELETE /api/v1/organization/invitations/:id': 'members.invite',
  'POST /api/v1/organization/invitations/:id/resend': 'members.invite',
  'GET /api/v1/branding/mine': 'organization.read',
  'PATCH /api/v1/branding/mine': 'branding.manage',
  'POST /api/v1/branding/logo': 'branding.manage',
  'DELETE /api/v1/branding/logo': 'branding.manage',
  'POST /api/v1/branding/background': 'branding.manage',
  'DELETE /api/v1/branding/background': 'branding.manage',
  'GET /api/v1/user-subscriptions/me': 'organization.read',
  'POST /api/v1/user-subscriptions': 'billing.manage',
  'POST /api/v1/payments/checkout': 'billing.manage',
  'GET /api/v1/payments': 'billing.manage',
  'GET /api/v1/payments/:id': 'billing.manage',
  'POST /api/v1/payments/:id/sync': 'billing.manage',
  'POST /api/v1/payments/:id/cancel': 'billing.manage',
  'GET /api/v1/payments/:id/receipt': 'billing.manage',
  'GET /api/v1/invoices': 'finance.read',
  'GET /api/v1/invoices/:id/pdf': 'finance.read',
  'GET /api/v1/organization/invoice-details': 'billing.manage',
  'PUT /api/v1/organization/invoice-details': 'billing.manage',
  'GET /api/v1/surveys': 'organization.read',
  'POST /api/v1/surveys': 'surveys.build',
  'GET /api/v1/surveys/:id': 'organization.read',
  'PUT /api/v1/surveys/:id': 'surveys.build',
  'POST /api/v1/surveys/:id/status': 'surveys.build',
  'DELETE /api/v1/surveys/:id': 'surveys.manage',
  'POST /api/v1/surveys/:id/duplicate': 'surveys.build',
  'GET /api/v1/survey-templates': 'organization.read',
  'POST /api/v1/survey-templates': 'templates.manage',
  'PUT /api/v1/survey-templates/:id': 'templates.manage',
  'DELETE /api/v1/survey-templates/:id': 'templates.manage',
  'GET /api/v1/surveys/:id/links': 'organization.read',
  'POST /api/v1/surveys/:id/personal-links': 'surveys.build',
  'GET /api/v1/surveys/:id/invitation-preview': 'organization.read',
  'GET /api/v1/surveys/:id/embed': 'organization.read',
  'PUT /api/v1/surveys/:id/embed': 'surveys.build',
  'GET /api/v1/surveys/:id/results': 'organization.read',
  'GET /api/v1/surveys/:id/questions/:questionId': 'organization.read',
  'POST /api/v1/surveys/:id/questions/:questionId/summary': 'organization.read',
  'GET /api/v1/surveys/:id/export': 'results.export',
  'GET /api/v1/surveys/:id/results/crosstab': 'organization.read',
  'GET /api/v1/surveys/:id/results/crosstab/export': 'results.export',
  'GET /api/v1/analytics': 'organization.read',
  'GET /api/v1/surveys/:id/responses': 'organization.read',
  'GET /api/v1/surveys/:id/responses/:responseId': 'organization.read',
  'GET /api/v1/surveys/:id/responses/:responseId/export': 'surveys.manage',
  'DELETE /api/v1/surveys/:id/responses/:responseId': 'surveys.manage',
  'PUT /api/v1/surveys/:id/retention': 'surveys.manage',
  'GET /api/v1/surveys/:id/results-links': 'organization.read',
  'POST /api/v1/surveys/:id/results-links': 'results.export',
  'POST /api/v1/surveys/:id/results-links/:linkId/revoke': 'results.export',
  'GET /api/v1/finance/records': 'finance.read',
  'POST /api/v1/finance/records': 'finance.manage',
  'GET /api/v1/finance/records/export': 'finance.read',
  'GET /api/v1/finance/records/:id': 'finance.read',
  'PATCH /api/v1/finance/records/:id': 'finance.manage',
  'DELETE /api/v1/finance/records/:id': 'finance.manage',
  'GET /api/v1/finance/categories': 'finance.read',
  'GET /api/v1/finance/overview': 'finance.read',
  'GET /api/v1/finance/overview/export': 'finance.read',
  'POST /api/v1/finance/imports': 'finance.manage',
  'GET /api/v1/finance/imports': 'finance.read',
  'DELETE /api/v1/finance/imports/:id': 'finance.manage',
  'GET /api/v1/kpis': 'organization.read',
  'POST /api/v1/kpis': 'kpis.manage',
  'GET /api/v1/kpis/board': 'organization.read',
  'GET /api/v1/kpis/board/choice': 'organization.read',
  'PUT /api/v1/kpis/board': 'organization.read',
  'DELETE /api/v1/kpis/board': 'organization.read',
  'PUT /api/v1/kpis/board/default': 'kpis.manage',
  'GET /api/v1/kpis/history': 'organization.read',
  'GET /api/v1/kpis/compare': 'organization.read',
  'GET /api/v1/kpis/:id': 'organization.read',
  'PUT /api/v1/kpis/:id': 'kpis.manage',
  'DELETE /api/v1/kpis/:id': 'kpis.manage',
  'GET /api/v1/kpis/:id/values': 'organization.read',
  'PUT /api/v1/kpis/:id/values/:period': 'kpis.manage',
  'DELETE /api/v1/kpis/:id/values/:period': 'kpis.manage',
  'GET /api/v1/kpis/:id/drill-down': 'organization.read',
  'GET /api/v1/kpis/:id/values/export': 'organization.read',
  'POST /api/v1/kpis/:id/values/import': 'kpis.manage',
  'GET /api/v1/contacts': 'contacts.manage',
  'GET /api/v1/contacts/facets': 'contacts.manage',
  'POST /api/v1/contacts': 'contacts.manage',
  'POST /api/v1/contacts/bulk': 'contacts.manage',
  'GET /api/v1/contacts/export': 'contacts.manage',
  'GET /api/v1/contacts/segments': 'contacts.manage',
  'POST /api/v1/contacts/segments': 'contacts.manage',
  'PATCH /api/v1/contacts/segments/:id': 'contacts.manage',
  'DELETE /api/v1/contacts/segments/:id': 'contacts.manage',
  'POST /api/v1/contacts/imports': 'contacts.manage',
  'GET /api/v1/contacts/imports': 'contacts.manage',
  'GET /api/v1/contacts/imports/:id': 'contacts.manage',
  'GET /api/v1/contacts/:id': 'contacts.manage',
  'PATCH /api/v1/contacts/:id': 'contacts.manage',
  'DELETE /api/v1/contacts/:id': 'contacts.manage',
  'POST /api/v1/surveys/:id/invitations/preview': 'contacts.manage',
  'POST /api/v1/surveys/:id/invitations': 'contacts.manage',
  'GET /api/v1/surveys/:id/invitations': 'contacts.manage',
  'PATCH /api/v1/surveys/:id/reminders': 'contacts.manage',
  'GET /api/v1/surveys/:id/rounds': 'contacts.manage',
  'PUT /api/v1/surveys/:id/rounds': 'contacts.manage',
  'POST /api/v1/surveys/:id/rounds/:action': 'contacts.manage',
  'GET /api/v1/surveys/:id/rounds/comparison': 'organization.read',
  'GET /api/v1/surveys/:id/alerts': 'organization.read',
  'PUT /api/v1/surveys/:id/alerts/mine': 'organization.read',
  'PUT /api/v1/surveys/:id/alerts/rules': 'surveys.build',
  'PUT /api/v1/surveys/:id/alerts/webhook': 'surveys.build',
  'DELETE /api/v1/surveys/:id/alerts/webhook': 'surveys.build',
  'POST /api/v1/surveys/:id/alerts/webhook/test': 'surveys.build',
  'PUT /api/v1/surveys/:id/anonymity': 'surveys.manage',
  'GET /api/v1/organization/contact-rules': 'contacts.manage',
  'PATCH /api/v1/organization/contact-rules': 'contacts.rules',
  'GET /api/v1/contacts/map': 'contacts.manage',
  'GET /api/v1/contacts/map/surveys': 'contacts.manage',
  'GET /api/v1/contacts/:id/latest-invitation': 'contacts.manage',
  'PUT /api/v1/contacts/:id/position': 'contacts.manage',
  'DELETE /api/v1/contacts/:id/position': 'contacts.manage',
  'POST /api/v1/organization/business-analysis': 'analysis.use',
  'GET /api/v1/organization/business-analysis': 'analysis.use',
  'GET /api/v1/organization/business-analyses': 'analysis.use',
  'GET /api/v1/organization/business-analyses/:id': 'analysis.use',
  'POST /api/v1/surveys/:id/responses': 'surveys.manage',
  'GET /api/v1/api-keys': 'apiKeys.manage',
  'POST /api/v1/api-keys': 'apiKeys.manage',
  'POST /api/v1/api-keys/:id/revoke': 'apiKeys.manage',
  'GET /api/v1/webhooks': 'webhooks.manage',
  'POST /api/v1/webhooks': 'webhooks.manage',
  'PATCH /api/v1/webhooks/:id': 'webhooks.manage',
  'DELETE /api/v1/webhooks/:id': 'webhooks.manage',
  'GET /api/v1/webhooks/:id/secret': 'webhooks.manage',
  'POST /api/v1/webhooks/:id/secret': 'webhooks.manage',
  'GET /api/v1/webhooks/:id/deliveries': 'webhooks.manage',
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/resend': 'webhooks.manage',
};

/** Leaving would take the caller out of the team the other calls use; teamRoutes.test.ts covers it. */
const CALLED_ELSEWHERE = new Set(['POST /api/v1/organization/leave']);

let ctx: TestContext;
let team: TestTeam;
let outsiderToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Matrix BV');
  outsiderToken = (await login(ctx.app, await createUser(ctx))).access_token;
});

afterAll(async () => {
  await ctx?.close();
});

const scoped = () => ctx.app.routePermissions.filter((route) => route.permission !== null);

describe('the route-by-role matrix', () => {
  it('should declare the reviewed permission on every organisation route', () => {
    const declared = Object.fromEntries(
      scoped().map((route) => [`${route.method} ${route.url}`, route.permission]),
    );
    expect(declared).toEqual(EXPECTED);
  });

  it('should declare a permission on every route that takes the organisation header', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    }>();
    const withHeader = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          operation.parameters?.some((p) => p.in === 'header' && p.name === 'x-organization-id'),
        )
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(withHeader.length).toBeGreaterThan(30);
    for (const route of withHeader) expect(EXPECTED[route], route).toBeDefined();
  });

  it('should answer every role as the permission table says, and an outsider 404', async () => {
    const routes = scoped().filter((route) => !CALLED_ELSEWHERE.has(`${route.method} ${route.url}`));
    const checked: string[] = [];
    for (const route of routes) {
      const permission = route.permission!;
      // Ids that exist nowhere and an empty body: an allowed role passes the role check and is then
      // refused for the input (400/404/409), so the matrix changes no data.
      const url = route.url.replace(/:\w+/g, '999999');
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const call = (token: string) =>
        ctx.app.inject({
          method: route.method,
          url,
          headers: { authorization: `Bearer ${token}`, ...team.headers },
          ...(withBody ? { payload: {} } : {}),
        });
      for (const member of team.all) {
        const response = await call(member.token);
        const where = `${route.method} ${route.url} as ${member.role}`;
        if (can(member.role, permission)) {
          expect(response.statusCode, `${where}: ${response.body.slice(0, 200)}`).not.toBe(403);
          if (String(response.headers['content-type']).startsWith('application/json')) {
            expect(response.json(), where).not.toEqual({ detail: ORGANIZATION_NOT_FOUND });
          }
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json(), where).toEqual({ detail: PERMISSION_DENIED[permission] });
        }
      }
      const outsider = await call(outsiderToken);
      expect(outsider.statusCode, `${route.method} ${route.url} as outsider`).toBe(404);
      expect(outsider.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBe(Object.keys(EXPECTED).length - CALLED_ELSEWHERE.size);
    expect(MEMBER_ROLES).toEqual(team.all.map((member) => member.role));
  });
});
