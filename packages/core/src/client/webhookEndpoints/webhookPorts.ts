import type { ApiResult } from '../../domain/api';
import type {
  WebhookDeliveryView,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookEndpointView,
} from '../../domain/webhooks';

/** The organisation's webhook endpoints (/api/v1/webhooks…), organisation in X-Organization-Id. */
export interface WebhooksGateway {
  list(): Promise<ApiResult<readonly WebhookEndpointView[]>>;
  create(
    input: WebhookEndpointInput,
  ): Promise<ApiResult<{ readonly endpoint: WebhookEndpointView; readonly secret: string }>>;
  update(id: number, change: WebhookEndpointChange): Promise<ApiResult<WebhookEndpointView>>;
  remove(id: number): Promise<ApiResult<void>>;
  revealSecret(id: number): Promise<ApiResult<string>>;
  rotateSecret(id: number): Promise<ApiResult<string>>;
  deliveries(id: number): Promise<ApiResult<readonly WebhookDeliveryView[]>>;
  resend(id: number, deliveryId: number): Promise<ApiResult<WebhookDeliveryView>>;
}
