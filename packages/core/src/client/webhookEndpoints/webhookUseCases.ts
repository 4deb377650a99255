import { type FormResult, formFromApi, formInvalid } from '../../domain/api';
import {
  checkEndpointInput,
  type WebhookEndpointChange,
  type WebhookEndpointInput,
  type WebhookEndpointView,
} from '../../domain/webhooks';
import type { WebhooksGateway } from './webhookPorts';

/**
 * What the 'Webhooks' screen does (R-HOOK-2, R-HOOK-9): list, add, change, switch on and off and
 * delete endpoints, reveal and rotate their secrets, read the delivery log and send again. Input is
 * checked with core's rules first; http and where an address points are the server's to judge
 * (it alone knows whether private networks are allowed), so http passes here.
 */
export function createWebhookUseCases(deps: { readonly gateway: WebhooksGateway }) {
  const { gateway } = deps;
  const checked = (input: WebhookEndpointChange, partial: boolean) =>
    checkEndpointInput(input, { allowHttp: true, partial });
  return {
    list: () => gateway.list(),
    async add(
      input: WebhookEndpointInput,
    ): Promise<FormResult<{ readonly endpoint: WebhookEndpointView; readonly secret: string }>> {
      const result = checked(input, false);
      if (!result.ok) return formInvalid(result.fields);
      return formFromApi(await gateway.create({ ...input, url: input.url.trim() }));
    },
    async update(id: number, change: WebhookEndpointChange): Promise<FormResult<WebhookEndpointView>> {
      const result = checked(change, true);
      if (!result.ok) return formInvalid(result.fields);
      return formFromApi(await gateway.update(id, change));
    },
    setEnabled: (id: number, enabled: boolean) => gateway.update(id, { enabled }),
    remove: (id: number) => gateway.remove(id),
    revealSecret: (id: number) => gateway.revealSecret(id),
    rotateSecret: (id: number) => gateway.rotateSecret(id),
    deliveries: (id: number) => gateway.deliveries(id),
    resend: (id: number, deliveryId: number) => gateway.resend(id, deliveryId),
  };
}

export type WebhookUseCases = ReturnType<typeof createWebhookUseCases>;
