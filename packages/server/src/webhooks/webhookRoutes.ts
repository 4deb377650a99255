import type { WebhookDeliveryView, WebhookEndpointView, WebhookSecretView } from '@loop/core/webhooks';
import type { FastifyRequest } from 'fastify';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import {
  createdEndpointSchema,
  deliveryLogSchema,
  deliveryParams,
  deliveryViewSchema,
  endpointChangeSchema,
  endpointInputSchema,
  endpointListSchema,
  endpointParams,
  endpointViewSchema,
  secretViewSchema,
} from './webhookSchemas';
import {
  deleteEndpoint,
  deliveryLog,
  endpointSecret,
  listEndpoints,
  resendDelivery,
  rotateSecret,
} from './webhookStore';
import { addEndpoint, endpointOf, updateEndpoint, WEBHOOK_ERRORS } from './webhookUseCases';

/**
 * The organisation's webhook endpoints (issue 28, R-HOOK-2): list, add, change (events, address,
 * on and off), delete, reveal and rotate the signing secret, the delivery log and 'opnieuw
 * versturen'. All need 'webhooks.manage' (owner, manager); another organisation's endpoint is 404.
 */
export const webhookRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = { onRequest: authenticate, config: { permission: 'webhooks.manage' as const } };
    const schemaOf = (operationId: string, summary: string, description: string) => ({
      operationId,
      tags: ['webhooks'],
      summary,
      description,
      security: bearerAuth,
      headers: organizationHeaderSchema,
    });
    const errors = { 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS };
    const organizationOf = async (request: FastifyRequest) => (await currentOrganization(deps, request)).id;
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'webhook', action, orgId: organizationId, message });
    const key = deps.config.webhooks.secretKey;

    app.get(
      '/webhooks',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'listWebhooks',
            "The organisation's webhook endpoints",
            'Elk eindpunt met adres, gebeurtenissen, aan of uit (en waarom uit), de laatste poging en wat nog klaarstaat.',
          ),
          response: { 200: endpointListSchema, ...PROTECTED_ERRORS },
        },
      },
      async (request) => ({ endpoints: await listEndpoints(deps.db, await organizationOf(request)) }),
    );

    app.post(
      '/webhooks',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'createWebhook',
            'Add a webhook endpoint',
            'Een https-adres dat naar een openbaar adres wijst, en de gebeurtenissen die het krijgt. Het antwoord ' +
              'bevat het ondertekengeheim (whsec_…) waarmee elke levering is ondertekend (Standard Webhooks).',
          ),
          body: endpointInputSchema,
          response: {
            201: createdEndpointSchema,
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organizationId = await organizationOf(request);
        const created = await addEndpoint(deps, organizationId, request.body);
        audit(request, organizationId, 'webhook_created', `webhook ${created.endpoint.id}`);
        return reply.code(201).send(created);
      },
    );

    app.patch(
      '/webhooks/:id',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'updateWebhook',
            'Change a webhook endpoint',
            'Adres, omschrijving, gebeurtenissen, of aan/uit. Weer aanzetten hervat de berichten die klaarstaan.',
          ),
          params: endpointParams,
          body: endpointChangeSchema,
          response: { 200: endpointViewSchema, ...errors },
        },
      },
      async (request): Promise<WebhookEndpointView> => {
        const organizationId = await organizationOf(request);
        const endpoint = await updateEndpoint(deps, organizationId, request.params.id, request.body);
        audit(request, organizationId, 'webhook_changed', `webhook ${endpoint.id}`);
        return endpoint;
      },
    );

    app.delete(
      '/webhooks/:id',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'deleteWebhook',
            'Delete a webhook endpoint',
            'Verwijdert het eindpunt met zijn berichten en logboek.',
          ),
          params: endpointParams,
          response: { 204: noContent, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const organizationId = await organizationOf(request);
        const endpoint = await endpointOf(deps, organizationId, request.params.id);
        await deleteEndpoint(deps.db, endpoint.id);
        audit(request, organizationId, 'webhook_deleted', `webhook ${endpoint.id}`);
        return reply.code(204).send();
      },
    );

    app.get(
      '/webhooks/:id/secret',
      {
        ...manage,
        schema: {
          ...schemaOf('revealWebhookSecret', "Reveal an endpoint's signing secret", 'Het ondertekengeheim.'),
          params: endpointParams,
          response: {
            200: secretViewSchema,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<WebhookSecretView> => {
        const organizationId = await organizationOf(request);
        const endpoint = await endpointOf(deps, organizationId, request.params.id);
        const secret = await endpointSecret(deps.db, key, endpoint.id);
        if (secret === null) throw new ApiError(409, WEBHOOK_ERRORS.secretUnreadable);
        audit(request, organizationId, 'webhook_secret_revealed', `webhook ${endpoint.id}`);
        return { secret };
      },
    );

    app.post(
      '/webhooks/:id/secret',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'rotateWebhookSecret',
            "Rotate an endpoint's signing secret",
            'Maakt een nieuw ondertekengeheim; elke levering vanaf nu (ook nieuwe pogingen) is daarmee ondertekend.',
          ),
          params: endpointParams,
          response: { 200: secretViewSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<WebhookSecretView> => {
        const organizationId = await organizationOf(request);
        const endpoint = await endpointOf(deps, organizationId, request.params.id);
        const secret = await rotateSecret(deps.db, key, endpoint.id);
        audit(request, organizationId, 'webhook_secret_rotated', `webhook ${endpoint.id}`);
        return { secret };
      },
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'listWebhookDeliveries',
            "An endpoint's delivery log",
            'De laatste 50 berichten, nieuwste eerst, elk met iedere poging: tijd, duur, HTTP-antwoord en fout.',
          ),
          params: endpointParams,
          response: { 200: deliveryLogSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request) => {
        const endpoint = await endpointOf(deps, await organizationOf(request), request.params.id);
        return { deliveries: await deliveryLog(deps.db, endpoint.id) };
      },
    );

    app.post(
      '/webhooks/:id/deliveries/:deliveryId/resend',
      {
        ...manage,
        schema: {
          ...schemaOf(
            'resendWebhookDelivery',
            'Send a delivery again',
            'Zet een afgeleverd of opgegeven bericht opnieuw klaar, met dezelfde webhook-id en inhoud.',
          ),
          params: deliveryParams,
          response: { 200: deliveryViewSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<WebhookDeliveryView> => {
        const organizationId = await organizationOf(request);
        const endpoint = await endpointOf(deps, organizationId, request.params.id);
        const deliveryId = parseId(request.params.deliveryId);
        const delivery = deliveryId === null ? null : await resendDelivery(deps.db, endpoint.id, deliveryId);
        if (delivery === null) throw new ApiError(404, WEBHOOK_ERRORS.deliveryNotFound);
        audit(request, organizationId, 'webhook_resent', `webhook ${endpoint.id}: bericht ${delivery.id}`);
        return delivery;
      },
    );
  };
