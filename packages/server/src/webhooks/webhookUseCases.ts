import {
  type CheckedEndpoint,
  checkEndpointInput,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEndpointChange,
  type WebhookEndpointView,
} from '@loop/core/webhooks';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { checkedAddress, type HostResolver } from './webhookAddress';
import { changeEndpoint, countEndpoints, createEndpoint, findEndpoint } from './webhookStore';

export const WEBHOOK_ERRORS = {
  notFound: 'Deze webhook bestaat niet (meer).',
  deliveryNotFound: 'Dit bericht bestaat niet (meer).',
  tooMany: `Een organisatie heeft hoogstens ${WEBHOOK_ENDPOINTS_MAX} webhooks. Verwijder er eerst een.`,
  secretUnreadable: 'Het ondertekengeheim kan niet worden gelezen. Maak een nieuw geheim aan.',
} as const;

export type WebhookDeps = Pick<AppDeps, 'db' | 'config'> & { readonly resolve?: HostResolver };

/** Checks the input and, for an address, where it points now (R-HOOK-5); a 400 names the field. */
async function checked(
  deps: WebhookDeps,
  input: WebhookEndpointChange,
  partial: boolean,
): Promise<CheckedEndpoint> {
  const allowPrivate = deps.config.webhooks.allowPrivateNetworks;
  const result = checkEndpointInput(input, { allowHttp: allowPrivate, partial });
  if (!result.ok) throw invalidInput(result.fields);
  if (result.value.url !== undefined) {
    const address = await checkedAddress(result.value.url.host, {
      allowPrivate,
      ...(deps.resolve === undefined ? {} : { resolve: deps.resolve }),
    });
    if (!address.ok) throw invalidInput({ url: address.detail });
  }
  return result.value;
}

/** The endpoint in `:id` of the organisation; unknown ids and other organisations' answer 404. */
export async function endpointOf(
  deps: Pick<AppDeps, 'db'>,
  organizationId: number,
  rawId: string,
): Promise<WebhookEndpointView> {
  const id = parseId(rawId);
  const endpoint = id === null ? null : await findEndpoint(deps.db, organizationId, id);
  if (endpoint === null) throw new ApiError(404, WEBHOOK_ERRORS.notFound);
  return endpoint;
}

/** A new endpoint (R-HOOK-2), answered with its secret, which the creator sees once here. */
export async function addEndpoint(
  deps: WebhookDeps,
  organizationId: number,
  input: WebhookEndpointChange,
): Promise<{ readonly endpoint: WebhookEndpointView; readonly secret: string }> {
  const value = await checked(deps, input, false);
  if ((await countEndpoints(deps.db, organizationId)) >= WEBHOOK_ENDPOINTS_MAX)
    throw new ApiError(409, WEBHOOK_ERRORS.tooMany);
  const { id, secret } = await createEndpoint(deps.db, deps.config.webhooks.secretKey, organizationId, {
    url: value.url?.url ?? '',
    description: value.description ?? '',
    events: value.events ?? [],
  });
  return { endpoint: (await findEndpoint(deps.db, organizationId, id)) as WebhookEndpointView, secret };
}

export async function updateEndpoint(
  deps: WebhookDeps,
  organizationId: number,
  rawId: string,
  input: WebhookEndpointChange,
): Promise<WebhookEndpointView> {
  const endpoint = await endpointOf(deps, organizationId, rawId);
  const value = await checked(deps, input, true);
  await changeEndpoint(deps.db, endpoint.id, value);
  return (await findEndpoint(deps.db, organizationId, endpoint.id)) as WebhookEndpointView;
}
