import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

interface Operation {
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
}

describe('OpenAPI', () => {
  it('should publish an OpenAPI 3.1 document describing every API route with schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });

    const expected: Record<string, string[]> = {
      '/api/v1/health': ['get'],
      '/api/v1/ready': ['get'],
      '/api/v1/auth/register': ['post'],
      '/api/v1/auth/verify-email': ['post'],
      '/api/v1/auth/resend-verification': ['post'],
      '/api/v1/auth/login': ['post'],
      '/api/v1/auth/refresh': ['post'],
      '/api/v1/auth/logout': ['post'],
      '/api/v1/auth/forgot-password': ['post'],
      '/api/v1/auth/reset-password': ['post'],
      '/api/v1/users/me': ['delete', 'get', 'patch'],
      '/api/v1/users/me/export': ['get'],
      '/api/v1/users/me/password': ['post'],
      '/api/v1/users/me/email': ['delete', 'post'],
      '/api/v1/auth/confirm-email-change': ['post'],
      '/api/v1/auth/undo-email-change': ['post'],
      '/api/v1/organizations': ['get', 'post'],
      '/api/v1/organization': ['delete', 'patch'],
      '/api/v1/organization/export': ['get'],
      '/api/v1/organization/members': ['get'],
      '/api/v1/organization/members/{userId}': ['delete', 'patch'],
      '/api/v1/organization/leave': ['post'],
      '/api/v1/organization/transfer': ['post'],
      '/api/v1/organization/invitations': ['get', 'post'],
      '/api/v1/organization/invitations/{id}': ['delete'],
      '/api/v1/organization/invitations/{id}/resend': ['post'],
      '/api/v1/invitations/{token}': ['get'],
      '/api/v1/invitations/accept': ['post'],
      '/api/v1/branding/mine': ['get', 'patch'],
      '/api/v1/branding/logo': ['delete', 'post'],
      '/api/v1/branding/background': ['delete', 'post'],
      '/api/v1/admin/overview': ['get'],
      '/api/v1/admin/users': ['get'],
      '/api/v1/admin/logs': ['get'],
      '/api/v1/features': ['get'],
      '/api/v1/plans': ['get'],
      '/api/v1/user-subscriptions/me': ['get'],
      '/api/v1/user-subscriptions': ['post'],
      '/api/v1/billing/settings': ['get'],
      '/api/v1/payments/checkout': ['post'],
      '/api/v1/payments': ['get'],
      '/api/v1/payments/{id}': ['get'],
      '/api/v1/payments/{id}/sync': ['post'],
      '/api/v1/payments/{id}/cancel': ['post'],
      '/api/v1/payments/{id}/receipt': ['get'],
      '/api/v1/invoices': ['get'],
      '/api/v1/invoices/{id}/pdf': ['get'],
      '/api/v1/organization/invoice-details': ['get', 'put'],
      '/api/v1/payments/webhooks/stripe': ['post'],
      '/api/v1/payments/simulated/{paymentRef}/pay': ['post'],
      '/api/v1/payments/simulated/{paymentRef}/cancel': ['post'],
      '/api/v1/admin/plans': ['get', 'post'],
      '/api/v1/admin/plans/{id}': ['put'],
      '/api/v1/admin/subscriptions': ['get', 'post'],
      '/api/v1/admin/payments': ['get'],
      '/api/v1/surveys': ['get', 'post'],
      '/api/v1/surveys/{id}': ['delete', 'get', 'put'],
      '/api/v1/surveys/{id}/status': ['post'],
      '/api/v1/surveys/{id}/duplicate': ['post'],
      '/api/v1/surveys/{id}/retention': ['put'],
      '/api/v1/surveys/{id}/rounds': ['get', 'put'],
      '/api/v1/surveys/{id}/rounds/{action}': ['post'],
      '/api/v1/surveys/{id}/rounds/comparison': ['get'],
      '/api/v1/survey-templates': ['get', 'post'],
      '/api/v1/survey-templates/{id}': ['delete', 'put'],
      '/api/v1/surveys/{id}/results': ['get'],
      '/api/v1/surveys/{id}/results/crosstab': ['get'],
      '/api/v1/surveys/{id}/results/crosstab/export': ['get'],
      '/api/v1/surveys/{id}/questions/{questionId}': ['get'],
      '/api/v1/surveys/{id}/questions/{questionId}/summary': ['post'],
      '/api/v1/surveys/{id}/export': ['get'],
      '/api/v1/surveys/{id}/responses': ['get', 'post'],
      '/api/v1/surveys/{id}/responses/{responseId}': ['delete', 'get'],
      '/api/v1/surveys/{id}/responses/{responseId}/export': ['get'],
      '/api/v1/analytics': ['get'],
      '/api/v1/surveys/{id}/links': ['get'],
      '/api/v1/surveys/{id}/personal-links': ['post'],
      '/api/v1/surveys/{id}/invitation-preview': ['get'],
      '/api/v1/surveys/{id}/embed': ['get', 'put'],
      '/api/v1/surveys/{id}/alerts': ['get'],
      '/api/v1/surveys/{id}/alerts/mine': ['put'],
      '/api/v1/surveys/{id}/alerts/rules': ['put'],
      '/api/v1/surveys/{id}/alerts/webhook': ['delete', 'put'],
      '/api/v1/surveys/{id}/alerts/webhook/test': ['post'],
      '/api/v1/respond/{token}': ['get', 'post'],
      '/api/v1/surveys/{id}/results-links': ['get', 'post'],
      '/api/v1/surveys/{id}/results-links/{linkId}/revoke': ['post'],
      '/api/v1/shared-results/{token}': ['get', 'post'],
      '/api/v1/finance/records': ['get', 'post'],
      '/api/v1/finance/records/export': ['get'],
      '/api/v1/finance/records/{id}': ['delete', 'get', 'patch'],
      '/api/v1/finance/categories': ['get'],
      '/api/v1/finance/overview': ['get'],
      '/api/v1/finance/overview/export': ['get'],
      '/api/v1/finance/imports': ['get', 'post'],
      '/api/v1/finance/imports/{id}': ['delete'],
      '/api/v1/kpis': ['get', 'post'],
      '/api/v1/kpis/board': ['delete', 'get', 'put'],
      '/api/v1/kpis/board/choice': ['get'],
      '/api/v1/kpis/board/default': ['put'],
      '/api/v1/kpis/history': ['get'],
      '/api/v1/kpis/compare': ['get'],
      '/api/v1/kpis/{id}': ['delete', 'get', 'put'],
      '/api/v1/kpis/{id}/values': ['get'],
      '/api/v1/kpis/{id}/values/{period}': ['delete', 'put'],
      '/api/v1/kpis/{id}/drill-down': ['get'],
      '/api/v1/kpis/{id}/values/export': ['get'],
      '/api/v1/kpis/{id}/values/import': ['post'],
      '/api/v1/contacts': ['get', 'post'],
      '/api/v1/contacts/facets': ['get'],
      '/api/v1/contacts/bulk': ['post'],
      '/api/v1/contacts/export': ['get'],
      '/api/v1/contacts/segments': ['get', 'post'],
      '/api/v1/contacts/segments/{id}': ['delete', 'patch'],
      '/api/v1/contacts/imports': ['get', 'post'],
      '/api/v1/contacts/imports/{id}': ['get'],
      '/api/v1/contacts/{id}': ['delete', 'get', 'patch'],
      '/api/v1/surveys/{id}/invitations': ['get', 'post'],
      '/api/v1/surveys/{id}/invitations/preview': ['post'],
      '/api/v1/surveys/{id}/reminders': ['patch'],
      '/api/v1/surveys/{id}/anonymity': ['put'],
      '/api/v1/organization/contact-rules': ['get', 'patch'],
      '/api/v1/unsubscribe/{token}': ['get', 'post'],
      '/api/v1/contacts/map': ['get'],
      '/api/v1/contacts/map/surveys': ['get'],
      '/api/v1/contacts/{id}/latest-invitation': ['get'],
      '/api/v1/contacts/{id}/position': ['delete', 'put'],
      '/api/v1/organization/business-analysis': ['get', 'post'],
      '/api/v1/organization/business-analyses': ['get'],
      '/api/v1/organization/business-analyses/{id}': ['get'],
      '/api/v1/api-keys': ['get', 'post'],
      '/api/v1/api-keys/current': ['get'],
      '/api/v1/api-keys/{id}/revoke': ['post'],
      '/api/v1/webhooks': ['get', 'post'],
      '/api/v1/webhooks/{id}': ['delete', 'patch'],
      '/api/v1/webhooks/{id}/secret': ['get', 'post'],
      '/api/v1/webhooks/{id}/deliveries': ['get'],
      '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend': ['post'],
    };
    // Bodies that are not JSON objects: uploads (multipart), the Stripe webhook (raw bytes, signed), the
    // simulated checkout's buttons (an HTML form), sync, cancel and revoking a key (no body).
    const withoutJsonBody = new Set([
      '/api/v1/api-keys/{id}/revoke',
      '/api/v1/surveys/{id}/alerts/webhook/test',
      '/api/v1/branding/logo',
      '/api/v1/branding/background',
      '/api/v1/finance/imports',
      '/api/v1/contacts/imports',
      '/api/v1/payments/webhooks/stripe',
      '/api/v1/payments/simulated/{paymentRef}/pay',
      '/api/v1/payments/simulated/{paymentRef}/cancel',
      '/api/v1/payments/{id}/sync',
      '/api/v1/surveys/{id}/results-links/{linkId}/revoke',
      '/api/v1/payments/{id}/cancel',
      '/api/v1/surveys/{id}/duplicate',
      '/api/v1/surveys/{id}/rounds/{action}',
      '/api/v1/organization/leave',
      '/api/v1/organization/invitations/{id}/resend',
      '/api/v1/organization/business-analysis',
      '/api/v1/surveys/{id}/questions/{questionId}/summary',
      '/api/v1/unsubscribe/{token}',
      '/api/v1/webhooks/{id}/secret',
      '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
    ]);
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path]!).sort(), path).toEqual(methods);
      for (const method of methods) {
        const operation = document.paths[path]![method]!;
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.description, `${method} ${path}`).toBeTruthy();
        const success = Object.keys(operation.responses).find((status) => /^[23]/.test(status));
        expect(success, `${method} ${path}`).toBeDefined();
        if (['post', 'patch', 'put'].includes(method) && !withoutJsonBody.has(path)) {
          expect(operation.requestBody?.content['application/json'], `${method} ${path}`).toBeDefined();
        }
      }
    }
    const login = document.paths['/api/v1/auth/login']!.post!;
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties!)).toEqual([
      'email',
      'password',
    ]);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(document.paths['/api/v1/users/me']!.get!.security).toEqual([{ bearerAuth: [] }]);
    // R-KEY-3: what an API key needs is on the operation; key management itself takes no key.
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/surveys/{id}/export']!.get!.security).toEqual([
      { bearerAuth: [] },
      { apiKey: ['surveys:read'] },
    ]);
    expect(document.paths['/api/v1/api-keys']!.post!.security).toEqual([{ bearerAuth: [] }]);
    const upload = document.paths['/api/v1/branding/logo']!.post!;
    expect(upload.requestBody?.content['multipart/form-data']?.schema.properties).toHaveProperty('file');
    const analysis = document.paths['/api/v1/organization/business-analysis']!.post!;
    expect(Object.keys(analysis.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '419', '429', '502', '504'].sort(),
    );
    // R-HEAVY-9: the XLSX and ZIP exports are heavy jobs, refused with 429 when two run.
    for (const path of [
      '/api/v1/surveys/{id}/export',
      '/api/v1/finance/records/export',
      '/api/v1/finance/overview/export',
      '/api/v1/organization/export',
    ])
      expect(document.paths[path]!.get!.responses, path).toHaveProperty('429');
    const bankImport = document.paths['/api/v1/finance/imports']!.post!;
    expect(
      Object.keys(bankImport.requestBody?.content['multipart/form-data']?.schema.properties ?? {}),
    ).toEqual(['file', 'format', 'mapping', 'skip_invalid', 'dry_run', 'btw_rate', 'category']);
    const contactImport = document.paths['/api/v1/contacts/imports']!.post!;
    expect(
      Object.keys(contactImport.requestBody?.content['multipart/form-data']?.schema.properties ?? {}),
    ).toEqual(['file', 'mapping', 'on_duplicate', 'file_duplicates', 'dry_run']);
    expect(Object.keys(contactImport.responses)).toEqual(expect.arrayContaining(['200', '202', '413']));
    const contactList = document.paths['/api/v1/contacts']!.get! as Operation & {
      parameters?: Array<{ name: string }>;
    };
    expect(contactList.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'tag', 'attr', 'segment_id', 'sort', 'order', 'page', 'page_size']),
    );
  });

  it('should serve Swagger UI at /api/docs under a strict policy without inline scripts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    const initializer = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('./json');
  });
});
