import { verifyWebhook, type WebhookEndpointView } from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox } from '../outbox/outbox';
import { queryRows } from '../results/resultsSql';
import { outboxRows } from '../testing/alertTesting';
import { call, createSurvey, publicToken, respond } from '../testing/responseTesting';
import { type SurveyOrganization, sampleQuestions, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, TEST_WEBHOOK_SECRET_KEY, type TestContext, testConfig } from '../testing/testApp';
import {
  deliveryRows,
  type HookReceiver,
  makeDeliveriesDue,
  startHookReceiver,
} from '../testing/webhookTesting';
import { WEBHOOK_ADDRESS_MESSAGES } from './webhookAddress';
import { deliverEndpointWebhooks } from './webhookDelivery';
import type { WebhookDeliveryDeps } from './webhookDisabling';
import { queueResponseWebhooks } from './webhookResponseJobs';
import { createEndpoint } from './webhookStore';

let ctx: TestContext;
let org: SurveyOrganization;
let receiver: HookReceiver;
let deps: WebhookDeliveryDeps;
const webhooks = { secretKey: TEST_WEBHOOK_SECRET_KEY, allowPrivateNetworks: true, intervalSeconds: 2 };

beforeAll(async () => {
  receiver = await startHookReceiver();
  ctx = await createTestContext({ config: { webhooks } });
  org = await surveyOrganization(ctx, 'Haken BV');
  const config = testConfig(ctx.dataDir, { webhooks });
  deps = { db: ctx.db, config, outbox: createOutbox(config), clock: ctx.clock };
});

afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

beforeEach(async () => {
  receiver.received.length = 0;
  receiver.mode({ kind: 'status', status: 204 });
  await ctx.db.execute(sql`delete from webhook_deliveries`);
  await ctx.db.execute(sql`delete from webhook_response_jobs`);
  await ctx.db.execute(sql`delete from webhook_endpoints`);
});

const deliver = (options: Parameters<typeof deliverEndpointWebhooks>[1] = {}) =>
  deliverEndpointWebhooks(deps, { random: () => 0.5, timeoutMs: 2_000, ...options });

async function addEndpoint(events: string[], url = receiver.url) {
  const created = await call(ctx, org, 'POST', '/webhooks', { url, events });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ endpoint: WebhookEndpointView; secret: string }>();
}

let visitors = 0;

async function submitted(surveyId: number, score = 9) {
  const sent = await respond(ctx, await publicToken(ctx, org, surveyId), {
    final: true,
    respondent_key: `bezoeker-sleutel-${String(++visitors).padStart(4, '0')}`,
    answers: [{ question_id: 'q-nps', value: { score } }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [row] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id::int as id from survey_responses where survey_id = ${surveyId} order by id desc limit 1`,
  );
  return (row as { id: number }).id;
}

const bodies = () =>
  receiver.received.map((hook) => JSON.parse(hook.body) as { type: string; data: unknown });

describe('a response through a public link (R-HOOK-3, R-HOOK-4)', () => {
  it('reaches the endpoint signed, verified with core', async () => {
    const { endpoint, secret } = await addEndpoint(['response.completed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    const responseId = await submitted(survey.id);
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    const verified = verifyWebhook({
      secret,
      headers: hook?.headers as Record<string, string>,
      body: hook?.body ?? '',
      nowSeconds: Math.floor(ctx.clock.now().getTime() / 1000),
    });
    expect(verified.ok).toBe(true);
    expect(hook?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const body = JSON.parse(hook?.body ?? '');
    expect(body).toEqual({
      type: 'response.completed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { survey_id: survey.id, response_id: responseId, contact_id: null, completed_at: body.timestamp },
    });
    expect((await deliveryRows(ctx.db, endpoint.id)).map((row) => row.state)).toEqual(['delivered']);
  });

  it('queues nothing for an organisation without an endpoint for the event', async () => {
    await addEndpoint(['kpi.value_changed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    const [count] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from webhook_deliveries`,
    );
    expect(count?.n).toBe(0);
  });
});

describe('retries, giving up and disabling (R-HOOK-7, R-HOOK-8)', () => {
  it('tries a 500 again later with the same webhook-id and logs each attempt', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    receiver.mode({ kind: 'status', status: 500 });
    expect(await deliver()).toBe(0);
    const [queued] = await queryRows<{ state: string; wait: number }>(
      ctx.db,
      sql`select state, extract(epoch from not_before - now())::float8 as wait from webhook_deliveries`,
    );
    expect(queued?.state).toBe('queued');
    expect(queued?.wait).toBeGreaterThan(3);
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    receiver.mode({ kind: 'status', status: 204 });
    await makeDeliveriesDue(ctx.db);
    expect(await deliver()).toBe(1);
    const ids = receiver.received.map((hook) => hook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    const log = await call(ctx, org, 'GET', `/webhooks/${endpoint.id}/deliveries`);
    const [delivery] = log.json<{ deliveries: Array<{ state: string; attempts: unknown[] }> }>().deliveries;
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500, ok: false, error: 'HTTP 500: stuk' }),
      expect.objectContaining({ attempt: 2, status_code: 204, ok: true, error: null }),
    ]);
  });

  it('gives up after the last attempt, switches the endpoint off, mails the owner; re-enabled and resent it goes', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    receiver.mode({ kind: 'status', status: 503 });
    // The submission's job becomes its delivery; seven attempts failed already: the eighth is the last.
    expect(await queueResponseWebhooks(ctx.db)).toBe(1);
    await ctx.db.execute(sql`update webhook_deliveries set attempts = 7`);
    await deliver();
    const [failed] = await deliveryRows(ctx.db, endpoint.id);
    expect(failed?.state).toBe('failed');
    const list = (await call(ctx, org, 'GET', '/webhooks')).json<{ endpoints: WebhookEndpointView[] }>();
    expect(list.endpoints[0]).toMatchObject({ enabled: false, last_status_code: 503, last_ok: false });
    expect(list.endpoints[0]?.disabled_reason).toContain('8 pogingen');
    const mails = await outboxRows(ctx.db, org.organization.id, `webhook-disabled:${endpoint.id}:`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Een webhook is uitgeschakeld');

    // Nothing goes to a disabled endpoint, and no new events are queued for it.
    await submitted(survey.id);
    expect(await deliveryRows(ctx.db, endpoint.id)).toHaveLength(1);

    receiver.mode({ kind: 'status', status: 200 });
    const enabled = await call(ctx, org, 'PATCH', `/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
    const resent = await call(ctx, org, 'POST', `/webhooks/${endpoint.id}/deliveries/${failed?.id}/resend`);
    expect(resent.json()).toMatchObject({ state: 'queued', message_id: failed?.message_id });
    expect(await deliver()).toBe(1);
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(failed?.message_id);
    expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size).toBe(1);
  });
});

describe('ordering per subject (R-HOOK-6)', () => {
  it("delivers a response's completion before its deletion, also when the first needs a retry", async () => {
    const { endpoint } = await addEndpoint(['response.completed', 'response.deleted']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    const responseId = await submitted(survey.id);
    const erased = await call(ctx, org, 'DELETE', `/surveys/${survey.id}/responses/${responseId}`);
    expect(erased.statusCode, erased.body).toBe(204);
    receiver.mode({ kind: 'status', status: 500 });
    await deliver();
    expect(bodies().map((body) => body.type)).toEqual(['response.completed']);
    receiver.mode({ kind: 'status', status: 204 });
    await makeDeliveriesDue(ctx.db);
    await deliver();
    await deliver();
    expect(bodies().map((body) => body.type)).toEqual([
      'response.completed',
      'response.completed',
      'response.deleted',
    ]);
    expect(bodies()[2]?.data).toEqual({ survey_id: survey.id, response_id: responseId });
    expect((await deliveryRows(ctx.db, endpoint.id)).map((row) => row.state)).toEqual([
      'delivered',
      'delivered',
    ]);
  });
});

describe('where a delivery may go (R-HOOK-5)', () => {
  const toLoopback = async () => [{ address: '127.0.0.1', family: 4 as const }];
  const port = () => new URL(receiver.url).port;

  it('refuses a host that resolves to 127.0.0.1, and no request leaves', async () => {
    const strict = {
      ...deps,
      config: testConfig(ctx.dataDir, { webhooks: { ...webhooks, allowPrivateNetworks: false } }),
    };
    const { id } = await createEndpoint(ctx.db, TEST_WEBHOOK_SECRET_KEY, org.organization.id, {
      url: `https://hooks.example:${port()}/loop-hooks`,
      description: '',
      events: ['response.completed'],
    });
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    expect(await deliverEndpointWebhooks(strict, { resolve: toLoopback, random: () => 0.5 })).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const log = await call(ctx, org, 'GET', `/webhooks/${id}/deliveries`);
    expect(
      log.json<{ deliveries: Array<{ attempts: Array<{ error: string }> }> }>().deliveries[0]?.attempts[0]
        ?.error,
    ).toBe(WEBHOOK_ADDRESS_MESSAGES.privateAddress);
  });

  it('connects to the address it checked, with the name in the Host header', async () => {
    await createEndpoint(ctx.db, TEST_WEBHOOK_SECRET_KEY, org.organization.id, {
      url: `http://hooks.example:${port()}/loop-hooks`,
      description: '',
      events: ['response.completed'],
    });
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    expect(await deliver({ resolve: toLoopback })).toBe(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example:${port()}`);
  });

  it('counts a receiver that hangs as a failure after the timeout, and takes a slow one', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    receiver.mode({ kind: 'hang' });
    expect(await deliver({ timeoutMs: 300 })).toBe(0);
    const log = (await call(ctx, org, 'GET', `/webhooks/${endpoint.id}/deliveries`)).json<{
      deliveries: Array<{ attempts: Array<{ error: string; duration_ms: number }> }>;
    }>();
    expect(log.deliveries[0]?.attempts[0]?.error).toBe('geen antwoord binnen 0 seconden');
    expect(log.deliveries[0]?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(290);
    receiver.mode({ kind: 'slow', ms: 150 });
    await makeDeliveriesDue(ctx.db);
    expect(await deliver()).toBe(1);
  });

  it('does not follow a redirect: the attempt failed', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    const survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await submitted(survey.id);
    receiver.mode({ kind: 'redirect', to: 'http://169.254.169.254/latest/meta-data/' });
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [row] = await deliveryRows(ctx.db, endpoint.id);
    expect(row?.state).toBe('queued');
    const log = (await call(ctx, org, 'GET', `/webhooks/${endpoint.id}/deliveries`)).json<{
      deliveries: Array<{ attempts: Array<{ error: string; status_code: number }> }>;
    }>();
    expect(log.deliveries[0]?.attempts[0]).toMatchObject({
      status_code: 302,
      error: 'doorverwijzing (HTTP 302) niet gevolgd',
    });
  });
});

describe('a stop and a live lease (R-CLUSTER-2, R-CLUSTER-5)', () => {
  const queueDeliveries = async (endpointId: number, count: number) =>
    ctx.db.execute(sql`insert into webhook_deliveries (endpoint_id, organization_id, message_id, type, subject, body)
      select ${endpointId}, ${org.organization.id}, 'msg_stop_' || n, 'response.completed', 'onderwerp-' || n, '{}'
      from generate_series(1, ${count}) as n`);
  const states = async (endpointId: number) => {
    const counts = new Map<string, number>();
    for (const row of await deliveryRows(ctx.db, endpointId))
      counts.set(`${row.state}:${row.attempts}`, (counts.get(`${row.state}:${row.attempts}`) ?? 0) + 1);
    return Object.fromEntries(counts);
  };

  it('finishes the posts in flight on a stop and gives the claimed rest back, its attempt not counted', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    await queueDeliveries(endpoint.id, 30);
    receiver.mode({ kind: 'slow', ms: 400 });
    const stop = new AbortController();
    const pass = deliver({ signal: stop.signal });
    // All 30 claimed, 20 posting at once (PARALLEL): stop while those are in flight.
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort();
    expect(await pass).toBe(20);
    expect(await states(endpoint.id)).toEqual({ 'delivered:1': 20, 'queued:0': 10 });
    const [held] = await queryRows<{ held: number }>(
      ctx.db,
      sql`select count(*)::int as held from webhook_deliveries where claimed_by is not null or lease_until is not null`,
    );
    expect(held?.held).toBe(0);
  });

  it('renews the lease of deliveries it is posting, so no other server takes them over', async () => {
    const { endpoint } = await addEndpoint(['response.completed']);
    await queueDeliveries(endpoint.id, 1);
    receiver.mode({ kind: 'slow', ms: 700 });
    const pass = deliver({ leaseMs: 150 });
    await new Promise((resolve) => setTimeout(resolve, 450));
    // Three leases later the post still runs and its row is still leased (a sweep would leave it).
    const [live] = await queryRows<{ live: number }>(
      ctx.db,
      sql`select count(*)::int as live from webhook_deliveries where state = 'sending' and lease_until > now()`,
    );
    expect(live?.live).toBe(1);
    expect(await pass).toBe(1);
  });
});
