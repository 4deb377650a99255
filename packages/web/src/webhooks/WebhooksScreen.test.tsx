import type { MemberRole } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import type { WebhookDeliveryView, WebhookEndpointView } from '@loop/core/webhooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { signedInApp } from '../testing/signedInApp';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./WebhooksScreen');
});

const ENDPOINT: WebhookEndpointView = {
  id: 4,
  url: 'https://crm.example.nl/loop',
  description: 'CRM',
  events: ['response.completed'],
  enabled: false,
  disabled_reason:
    'Uitgeschakeld: een bericht kon na 8 pogingen in ruim 24 uur niet worden afgeleverd (HTTP 500).',
  created_at: '2026-11-01T09:00:00.000Z',
  last_attempt_at: '2026-11-02T09:00:00.000Z',
  last_status_code: 500,
  last_ok: false,
  pending: 0,
};

const DELIVERY: WebhookDeliveryView = {
  id: 31,
  message_id: 'msg_0123456789abcdef0123456789abcdef',
  type: 'response.completed',
  state: 'failed',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-01T10:00:00.000Z',
      duration_ms: 41,
      status_code: 500,
      ok: false,
      error: 'HTTP 500',
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  next_attempt_at: null,
};

function app(role: MemberRole = 'owner') {
  const endpoints = [ENDPOINT];
  return signedInApp({
    path: '/koppelingen/webhooks',
    role,
    routes: {
      'GET /webhooks': () => json(200, { endpoints }),
      'POST /webhooks': (request: SeenRequest) => {
        const body = request.body as { url: string; events: WebhookEndpointView['events'] };
        const endpoint = {
          ...ENDPOINT,
          id: 5,
          url: body.url,
          events: body.events,
          enabled: true,
          disabled_reason: null,
        };
        endpoints.push(endpoint);
        return json(201, { endpoint, secret: 'whsec_nieuwgeheim' });
      },
      'PATCH /webhooks/4': () => {
        endpoints[0] = { ...ENDPOINT, enabled: true, disabled_reason: null };
        return json(200, endpoints[0]);
      },
      'GET /webhooks/4/secret': () => json(200, { secret: 'whsec_bestaand' }),
      'GET /webhooks/4/deliveries': () => json(200, { deliveries: [DELIVERY] }),
      'POST /webhooks/4/deliveries/31/resend': () => json(200, { ...DELIVERY, state: 'queued' }),
    },
  });
}

async function open(role: MemberRole = 'owner') {
  const test = app(role);
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Webhooks'));
  return { test, container };
}

const item = (container: HTMLElement, id: number) =>
  container.querySelector(`[data-testid="webhook-${id}"]`) as HTMLElement;
const sent = (test: ReturnType<typeof app>, method: string, path: string) =>
  test.api.seen.filter((request) => request.method === method && request.path === path);

describe('WebhooksScreen', () => {
  it('lists an endpoint with why it is off, reveals its secret and switches it on', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(item(container, 4)).not.toBeNull());
    expect(item(container, 4).textContent).toContain(
      'Uitgeschakeld — Uitgeschakeld: een bericht kon na 8 pogingen',
    );
    expect(item(container, 4).textContent).toContain('Gebeurtenissen: Reactie ingevuld');
    expect(item(container, 4).textContent).toContain('(HTTP 500)');
    await click(button(item(container, 4), 'Geheim tonen'));
    await waitFor(() => expect(item(container, 4).textContent).toContain('whsec_bestaand'));
    await click(button(item(container, 4), 'Inschakelen'));
    await waitFor(() => expect(item(container, 4).textContent).toContain('Actief'));
    expect(sent(test, 'PATCH', '/webhooks/4')[0]?.body).toEqual({ enabled: true });
  });

  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(item(container, 4)).not.toBeNull());
    await click(button(container, 'Webhook toevoegen'));
    await waitFor(() => expect(container.textContent).toContain('Vul het adres van het eindpunt in.'));
    expect(sent(test, 'POST', '/webhooks')).toHaveLength(0);
    await type(container.querySelector('input[type="url"]'), 'https://hooks.example.nl/loop');
    const kpi = [...container.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('KPI-waarde'),
    );
    await click(kpi?.querySelector('input') ?? null);
    await click(button(container, 'Webhook toevoegen'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="webhook-new-secret"]')?.textContent).toContain(
        'whsec_nieuwgeheim',
      ),
    );
    expect(sent(test, 'POST', '/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.nl/loop',
      description: '',
      events: ['response.completed', 'kpi.value_changed'],
    });
    await waitFor(() => expect(item(container, 5)).not.toBeNull());
  });

  it('shows the delivery log with each attempt and sends a message again', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(item(container, 4)).not.toBeNull());
    await click(button(item(container, 4), 'Afleverlogboek'));
    const log = await waitFor(() => container.querySelector('[data-testid="webhook-log-4"]'));
    expect(log.textContent).toContain('Opgegeven');
    expect(log.textContent).toContain('msg_0123456789abcdef0123456789abcdef');
    expect(log.textContent).toContain('mislukt (HTTP 500), 41 ms — HTTP 500');
    await click(button(log as HTMLElement, 'Opnieuw versturen'));
    await waitFor(() => expect(sent(test, 'POST', '/webhooks/4/deliveries/31/resend')).toHaveLength(1));
  });

  it('tells a member why the screen is not for them', async () => {
    const { test, container } = await open('member');
    await waitFor(() => expect(container.textContent).toContain(PERMISSION_DENIED['webhooks.manage']));
    expect(sent(test, 'GET', '/webhooks')).toHaveLength(0);
  });
});
