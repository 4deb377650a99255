import { ApiError } from '../http/apiError';
import { ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { boolean, object } from '../http/schema';
import type { WebhookError } from './paymentProvider';
import { handleWebhookEvent } from './paymentSync';

/** Stripe's events (a Checkout Session with its line items) are bigger than the API's own bodies. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const WEBHOOK_MESSAGES: Readonly<Record<WebhookError | 'notConfigured' | 'empty', string>> = {
  'missing-signature': 'De webhook mist de handtekening (Stripe-Signature).',
  'invalid-signature': 'De handtekening van de webhook is ongeldig.',
  'stale-signature': 'De handtekening van de webhook is te oud.',
  unsupported: 'Dit webhookbericht wordt niet ondersteund.',
  notConfigured: 'Stripe is op deze server niet ingesteld.',
  empty: 'De webhook heeft geen inhoud.',
};

/**
 * POST /payments/webhooks/stripe. Its own plugin, because the signature is checked on the raw
 * bytes: here JSON bodies stay Buffers instead of being parsed.
 */
export const stripeWebhookRoutes =
  ({ deps }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/payments/webhooks/stripe',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          operationId: 'receiveStripeWebhook',
          tags: ['payments'],
          security: [],
          summary: 'Stripe webhook',
          description:
            'Voor Stripe. De handtekening (Stripe-Signature) wordt op de ruwe inhoud gecontroleerd (hoogstens ' +
            '5 minuten oud); elk event wordt één keer verwerkt, hoe vaak het ook komt. De stand van de betaling ' +
            'wordt bij Stripe opgevraagd, niet uit het bericht overgenomen.',
          response: {
            200: object<{ received: boolean; duplicate: boolean }>({
              received: boolean(),
              duplicate: boolean({ description: 'Dit event was al verwerkt.' }),
            }),
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            502: ERRORS.badGateway,
          },
        },
      },
      async (request) => {
        const provider = deps.payments.stripe;
        if (provider === null) throw new ApiError(404, WEBHOOK_MESSAGES.notConfigured);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, WEBHOOK_MESSAGES.empty);
        const parsed = provider.parseWebhook(body, request.headers);
        if (!parsed.ok) throw new ApiError(400, WEBHOOK_MESSAGES[parsed.error]);
        const outcome = await handleWebhookEvent(deps, provider, parsed.value, request.log);
        request.log.info({ eventId: parsed.value.id, type: parsed.value.type, outcome }, 'Stripe-webhook');
        return { received: true, duplicate: outcome === 'duplicate' };
      },
    );
  };
