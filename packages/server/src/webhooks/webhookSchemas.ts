import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINT_URL_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type WebhookAttemptView,
  type WebhookDeliveryView,
  type WebhookEndpointChange,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookSecretView,
} from '@loop/core/webhooks';
import { array, boolean, integer, nullable, object, oneOf, string } from '../http/schema';

// Organisation webhooks (issue 28): the outer bounds; core's checks name what is left in Dutch.

const urlInput = string({
  maxLength: WEBHOOK_ENDPOINT_URL_MAX_LENGTH * 2,
  description: 'Het adres van het eindpunt (https, een openbaar adres).',
});
const descriptionInput = string({
  maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH * 2,
  description: 'Een eigen omschrijving.',
});
const eventsInput = array(string({ maxLength: 64 }), {
  maxItems: WEBHOOK_EVENT_TYPES.length * 2,
  description: `De gebeurtenissen: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
});

export const endpointInputSchema = object<WebhookEndpointInput>(
  { url: urlInput, description: descriptionInput, events: eventsInput },
  { optional: ['description'] },
);

export const endpointChangeSchema = object<WebhookEndpointChange>(
  {
    url: urlInput,
    description: descriptionInput,
    events: eventsInput,
    enabled: boolean({ description: 'Aan of uit; aanzetten hervat de berichten die klaarstaan.' }),
  },
  { optional: ['url', 'description', 'events', 'enabled'] },
);

export const endpointViewSchema = object<WebhookEndpointView>({
  id: integer(),
  url: string(),
  description: string(),
  events: array(oneOf(WEBHOOK_EVENT_TYPES)),
  enabled: boolean(),
  disabled_reason: nullable(string({ description: 'Waarom het eindpunt uit staat.' })),
  created_at: string(),
  last_attempt_at: nullable(string({ description: 'De laatste poging (ISO 8601).' })),
  last_status_code: nullable(integer({ description: 'Het HTTP-antwoord van de laatste poging.' })),
  last_ok: nullable(boolean()),
  pending: integer({ description: 'Berichten die nog moeten worden afgeleverd (ook nieuwe pogingen).' }),
});

export const endpointListSchema = object<{ readonly endpoints: readonly WebhookEndpointView[] }>({
  endpoints: array(endpointViewSchema),
});

export const secretViewSchema = object<WebhookSecretView>({
  secret: string({ description: 'Het ondertekengeheim (whsec_…), om handtekeningen te controleren.' }),
});

export const createdEndpointSchema = object<{
  readonly endpoint: WebhookEndpointView;
  readonly secret: string;
}>({
  endpoint: endpointViewSchema,
  secret: string({ description: 'Het ondertekengeheim (whsec_…).' }),
});

const attemptSchema = object<WebhookAttemptView>({
  attempt: integer(),
  at: string(),
  duration_ms: integer(),
  status_code: nullable(integer()),
  ok: boolean(),
  error: nullable(string({ description: 'Korte fout, in het Nederlands.' })),
});

export const deliveryViewSchema = object<WebhookDeliveryView>({
  id: integer(),
  message_id: string({ description: 'De webhook-id van elke poging.' }),
  type: oneOf(WEBHOOK_EVENT_TYPES),
  state: oneOf(WEBHOOK_DELIVERY_STATES),
  attempts: array(attemptSchema),
  created_at: string(),
  next_attempt_at: nullable(string({ description: 'Wanneer de volgende poging komt.' })),
});

export const deliveryLogSchema = object<{ readonly deliveries: readonly WebhookDeliveryView[] }>({
  deliveries: array(deliveryViewSchema),
});

export const endpointParams = object<{ readonly id: string }>({ id: string({ maxLength: 20 }) });
export const deliveryParams = object<{ readonly id: string; readonly deliveryId: string }>({
  id: string({ maxLength: 20 }),
  deliveryId: string({ maxLength: 20 }),
});
