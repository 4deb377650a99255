import type { ApiResult } from '@loop/core/api';
import type { WebhooksGateway } from '@loop/core/webhookEndpoints';
import type { WebhookDeliveryView, WebhookEndpointView } from '@loop/core/webhooks';
import type { ApiClient } from './createApiClient';

/** The organisation's webhook endpoints (organisation in X-Organization-Id). */
export function createWebhooksGateway(client: ApiClient): WebhooksGateway {
  // The server wraps lists and secrets in an object; the port answers the value itself.
  const unwrap = async <T, K extends string>(request: Promise<ApiResult<Record<K, T>>>, key: K) => {
    const result = await request;
    return result.ok ? { ok: true as const, value: result.value[key] } : result;
  };
  return {
    list: () =>
      unwrap(client.request<{ endpoints: readonly WebhookEndpointView[] }>('GET', '/webhooks'), 'endpoints'),
    create: (body) => client.request('POST', '/webhooks', { body }),
    update: (id, body) => client.request('PATCH', `/webhooks/${id}`, { body }),
    remove: (id) => client.request('DELETE', `/webhooks/${id}`),
    revealSecret: (id) =>
      unwrap(client.request<{ secret: string }>('GET', `/webhooks/${id}/secret`), 'secret'),
    rotateSecret: (id) =>
      unwrap(client.request<{ secret: string }>('POST', `/webhooks/${id}/secret`), 'secret'),
    deliveries: (id) =>
      unwrap(
        client.request<{ deliveries: readonly WebhookDeliveryView[] }>('GET', `/webhooks/${id}/deliveries`),
        'deliveries',
      ),
    resend: (id, deliveryId) => client.request('POST', `/webhooks/${id}/deliveries/${deliveryId}/resend`),
  };
}
