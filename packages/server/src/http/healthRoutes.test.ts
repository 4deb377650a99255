import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadiness } from '../cluster/readiness';
import { createTestContext, type TestContext } from '../testing/testApp';
import { READINESS_MESSAGES } from './healthRoutes';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('healthRoutes', () => {
  it('should answer liveness with the database reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('should answer ready by default (an app built on a migrated database)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('should answer 503 with a Dutch detail while starting and draining, live all the while (R-CLUSTER-1)', async () => {
    const readiness = createReadiness();
    const app = await ctx.buildApp({ readiness });
    const ready = () => app.inject({ method: 'GET', url: '/api/v1/ready' });
    const live = async () => (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode;

    expect((await ready()).statusCode).toBe(503);
    expect((await ready()).json()).toEqual({ detail: READINESS_MESSAGES.starting });
    expect(await live()).toBe(200);

    readiness.markReady();
    expect((await ready()).statusCode).toBe(200);

    readiness.startDraining();
    const draining = await ready();
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ detail: READINESS_MESSAGES.draining });
    expect(await live()).toBe(200);
  });
});
