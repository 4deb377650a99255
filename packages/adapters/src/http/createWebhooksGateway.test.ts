import { describe, expect, it } from 'vitest';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createWebhooksGateway } from './createWebhooksGateway';

describe('createWebhooksGateway', () => {
  it("should call the organisation's webhook routes and unwrap lists and secrets", async () => {
    const { client, seen } = wireClient((request) => {
      if (request.url.endsWith('/secret')) return jsonResponse(200, { secret: 'whsec_abc' });
      if (request.url.endsWith('/deliveries')) return jsonResponse(200, { deliveries: [] });
      if (request.url.endsWith('/webhooks') && request.method === 'GET')
        return jsonResponse(200, { endpoints: [] });
      return jsonResponse(200, {});
    });
    const gateway = createWebhooksGateway(client);
    expect(await gateway.list()).toEqual({ ok: true, value: [] });
    await gateway.create({ url: 'https://hooks.example.com/', events: ['response.completed'] });
    await gateway.update(3, { enabled: false });
    expect(await gateway.revealSecret(3)).toEqual({ ok: true, value: 'whsec_abc' });
    expect(await gateway.rotateSecret(3)).toEqual({ ok: true, value: 'whsec_abc' });
    expect(await gateway.deliveries(3)).toEqual({ ok: true, value: [] });
    await gateway.resend(3, 44);
    await gateway.remove(3);
    expect(
      seen.map((request) => [request.method, request.url.replace('https://api.loop.test/api/v1', '')]),
    ).toEqual([
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['PATCH', '/webhooks/3'],
      ['GET', '/webhooks/3/secret'],
      ['POST', '/webhooks/3/secret'],
      ['GET', '/webhooks/3/deliveries'],
      ['POST', '/webhooks/3/deliveries/44/resend'],
      ['DELETE', '/webhooks/3'],
    ]);
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
  });

  it("should hand a refusal back as the server's Dutch detail", async () => {
    const { client } = wireClient(() => jsonResponse(404, { detail: 'Deze webhook bestaat niet (meer).' }));
    expect(await createWebhooksGateway(client).revealSecret(1)).toMatchObject({
      ok: false,
      status: 404,
      detail: 'Deze webhook bestaat niet (meer).',
    });
  });
});
