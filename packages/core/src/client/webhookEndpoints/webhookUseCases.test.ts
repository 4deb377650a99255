import { describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINT_MESSAGES } from '../../domain/webhooks';
import type { WebhooksGateway } from './webhookPorts';
import { createWebhookUseCases } from './webhookUseCases';

const endpoint = {
  id: 1,
  url: 'https://hooks.example.com/loop',
  description: '',
  events: ['response.completed' as const],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_attempt_at: null,
  last_status_code: null,
  last_ok: null,
  pending: 0,
};

function fakeGateway() {
  const calls: string[] = [];
  const gateway: WebhooksGateway = {
    list: async () => ({ ok: true, value: [endpoint] }),
    create: async (input) => {
      calls.push(`create ${input.url}`);
      return { ok: true, value: { endpoint, secret: 'whsec_x' } };
    },
    update: async (id, change) => {
      calls.push(`update ${id} ${JSON.stringify(change)}`);
      return { ok: true, value: endpoint };
    },
    remove: async () => ({ ok: true, value: undefined }),
    revealSecret: async () => ({ ok: true, value: 'whsec_x' }),
    rotateSecret: async () => ({ ok: true, value: 'whsec_y' }),
    deliveries: async () => ({ ok: true, value: [] }),
    resend: async () => ({ ok: false, status: 404, detail: 'Dit bericht bestaat niet (meer).' }),
  };
  return { gateway, calls };
}

describe('createWebhookUseCases', () => {
  it('checks a new endpoint before it calls the server', async () => {
    const { gateway, calls } = fakeGateway();
    const useCases = createWebhookUseCases({ gateway });
    expect(await useCases.add({ url: 'ftp://x', events: [] })).toMatchObject({
      ok: false,
      fields: { url: WEBHOOK_ENDPOINT_MESSAGES.notHttps, events: WEBHOOK_ENDPOINT_MESSAGES.eventsMissing },
    });
    expect(calls).toEqual([]);
    expect(
      await useCases.add({ url: ' https://hooks.example.com/loop ', events: ['response.completed'] }),
    ).toEqual({ ok: true, value: { endpoint, secret: 'whsec_x' } });
    expect(calls).toEqual(['create https://hooks.example.com/loop']);
  });

  it('switches an endpoint on and passes the server refusal on', async () => {
    const { gateway, calls } = fakeGateway();
    const useCases = createWebhookUseCases({ gateway });
    await useCases.setEnabled(1, true);
    expect(calls).toEqual(['update 1 {"enabled":true}']);
    expect(await useCases.resend(1, 9)).toEqual({
      ok: false,
      status: 404,
      detail: 'Dit bericht bestaat niet (meer).',
    });
  });
});
