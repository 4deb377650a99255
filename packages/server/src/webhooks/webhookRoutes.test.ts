import { PERMISSION_DENIED } from '@loop/core/organisation';
import {
  verifyWebhook,
  WEBHOOK_ENDPOINT_MESSAGES,
  type WebhookEndpointView,
  webhookHeaders,
} from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../results/resultsSql';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, TEST_WEBHOOK_SECRET_KEY, type TestContext } from '../testing/testApp';
import { WEBHOOK_ADDRESS_MESSAGES } from './webhookAddress';
import { emitWebhookEvents } from './webhookEvents';
import { WEBHOOK_ERRORS } from './webhookUseCases';

let ctx: TestContext;
let org: SurveyOrganization;
let other: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Koppel BV');
  other = await surveyOrganization(ctx, 'Ander BV');
});

afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (who: SurveyOrganization, token: string, method: Method, path: string, payload?: unknown) =>
  api(ctx.app, method, path, { token, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const owner = (method: Method, path: string, payload?: unknown) =>
  as(org, org.managerToken, method, path, payload);

const PUBLIC = 'https://93.184.216.34/loop';

describe('webhook endpoints (R-HOOK-2)', () => {
  it('adds an endpoint with a secret the owner can reveal, rotate and sign with', async () => {
    const created = await owner('POST', '/webhooks', {
      url: PUBLIC,
      description: ' CRM ',
      events: ['kpi.value_changed', 'response.completed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json<{ endpoint: WebhookEndpointView; secret: string }>();
    expect(endpoint).toMatchObject({
      url: PUBLIC,
      description: 'CRM',
      events: ['response.completed', 'kpi.value_changed'],
      enabled: true,
      pending: 0,
      last_attempt_at: null,
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Only sealed in the database: no trace of the secret's text.
    const [stored] = await queryRows<{ secret_sealed: string }>(
      ctx.db,
      sql`select secret_sealed from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(stored?.secret_sealed).not.toContain(secret.slice(6, 20));

    const revealed = await owner('GET', `/webhooks/${endpoint.id}/secret`);
    expect(revealed.json()).toEqual({ secret });
    const rotated = (await owner('POST', `/webhooks/${endpoint.id}/secret`)).json<{ secret: string }>();
    expect(rotated.secret).not.toBe(secret);
    expect((await owner('GET', `/webhooks/${endpoint.id}/secret`)).json()).toEqual(rotated);
    const body = '{"type":"x"}';
    expect(
      verifyWebhook({
        secret: rotated.secret,
        headers: { ...webhookHeaders(rotated.secret, 'msg_1', 1_700_000_000, body) },
        body,
        nowSeconds: 1_700_000_000,
      }).ok,
    ).toBe(true);
    expect(TEST_WEBHOOK_SECRET_KEY.length).toBe(32);

    const changed = await owner('PATCH', `/webhooks/${endpoint.id}`, {
      events: ['invitation.sent'],
      enabled: false,
    });
    expect(changed.json()).toMatchObject({
      events: ['invitation.sent'],
      enabled: false,
      disabled_reason: 'Uitgeschakeld door een beheerder.',
    });
    expect((await owner('GET', '/webhooks')).json<{ endpoints: unknown[] }>().endpoints).toHaveLength(1);
    expect((await owner('DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await owner('GET', '/webhooks')).json()).toEqual({ endpoints: [] });
  });

  it('refuses bad input in Dutch and stores nothing', async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { url: 'http://93.184.216.34/', events: ['response.completed'] },
        { url: WEBHOOK_ENDPOINT_MESSAGES.notHttps },
      ],
      [{ url: PUBLIC, events: [] }, { events: WEBHOOK_ENDPOINT_MESSAGES.eventsMissing }],
      [{ url: PUBLIC, events: ['survey.eaten'] }, { events: WEBHOOK_ENDPOINT_MESSAGES.eventUnknown }],
      [
        { url: 'https://127.0.0.1/', events: ['response.completed'] },
        { url: WEBHOOK_ADDRESS_MESSAGES.privateAddress },
      ],
      [
        { url: 'https://localhost:8080/', events: ['response.completed'] },
        { url: WEBHOOK_ADDRESS_MESSAGES.privateAddress },
      ],
      [
        { url: 'https://169.254.169.254/latest/meta-data/', events: ['response.completed'] },
        { url: WEBHOOK_ADDRESS_MESSAGES.privateAddress },
      ],
      [
        { url: 'https://[::ffff:10.0.0.1]/', events: ['response.completed'] },
        { url: WEBHOOK_ADDRESS_MESSAGES.privateAddress },
      ],
      [
        { url: 'https://[fd00::1]/', events: ['response.completed'] },
        { url: WEBHOOK_ADDRESS_MESSAGES.privateAddress },
      ],
    ];
    for (const [payload, fields] of cases) {
      const refused = await owner('POST', '/webhooks', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ fields });
    }
    expect((await owner('GET', '/webhooks')).json()).toEqual({ endpoints: [] });
  });

  it("answers another organisation's endpoint with 404 and a member with 403", async () => {
    const created = await owner('POST', '/webhooks', { url: PUBLIC, events: ['response.completed'] });
    const { id } = created.json<{ endpoint: WebhookEndpointView }>().endpoint;
    const outsider = (method: Method, path: string, payload?: unknown) =>
      as(other, other.managerToken, method, path, payload);
    for (const [method, path, payload] of [
      ['PATCH', `/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/webhooks/${id}`, undefined],
      ['GET', `/webhooks/${id}/secret`, undefined],
      ['POST', `/webhooks/${id}/secret`, undefined],
      ['GET', `/webhooks/${id}/deliveries`, undefined],
      ['POST', `/webhooks/${id}/deliveries/1/resend`, undefined],
    ] as const) {
      const answer = await outsider(method, path, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json()).toEqual({ detail: WEBHOOK_ERRORS.notFound });
    }
    expect((await outsider('GET', '/webhooks')).json()).toEqual({ endpoints: [] });
    const member = await as(org, org.memberToken, 'GET', '/webhooks');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: PERMISSION_DENIED['webhooks.manage'] });
    expect((await owner('GET', `/webhooks/${id}/deliveries`)).json()).toEqual({ deliveries: [] });
    expect((await owner('POST', `/webhooks/${id}/deliveries/99999/resend`)).statusCode).toBe(404);
    // Deleting takes the endpoint's deliveries along (they have no foreign key to cascade).
    await emitWebhookEvents(ctx.db, [
      {
        organizationId: org.organization.id,
        type: 'contact.unsubscribed',
        subject: 'contact:1',
        data: { contact_id: 1 },
        at: new Date(),
      },
    ]);
    await owner('PATCH', `/webhooks/${id}`, { events: ['contact.unsubscribed'] });
    await emitWebhookEvents(ctx.db, [
      {
        organizationId: org.organization.id,
        type: 'contact.unsubscribed',
        subject: 'contact:1',
        data: { contact_id: 1 },
        at: new Date(),
      },
    ]);
    const count = async () =>
      (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from webhook_deliveries`))[0]?.n;
    expect(await count()).toBe(1);
    expect((await owner('DELETE', `/webhooks/${id}`)).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });
});
