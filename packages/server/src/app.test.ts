import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/testApp';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('buildApp', () => {
  it('should answer the health check after checking the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ status: 'ok' });
  });

  it('should allow only the configured other origin to call the API from a browser', async () => {
    const origin = 'https://app.loop.example';
    const app = await ctx.buildApp({ config: { corsOrigins: [origin] } });

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,x-organization-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'x-organization-id',
    );
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');

    const simple = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin } });
    expect(simple.headers['access-control-allow-origin']).toBe(origin);
    // So the browser lets the client read an export's file name.
    expect(simple.headers['access-control-expose-headers']).toBe('Content-Disposition');
    expect(String(simple.headers['content-security-policy'])).toContain(`connect-src 'self' ${origin}`);

    const foreign = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should send no CORS headers when no other origin is configured', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://app.loop.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
