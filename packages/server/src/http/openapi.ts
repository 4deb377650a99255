import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ERRORS } from './commonSchemas';
import { contentSecurityPolicy, serializePolicy } from './securityHeaders';

export const DOCS_PREFIX = '/api/docs';

const WHOLE_NUMBER = '^[0-9]+$';

/**
 * Query parameters are text on the wire, and the server validates numbers as digits (its Ajv does
 * not coerce types, so a wrong value gets our own Dutch message). For a client they are integers:
 * the document says so, and generated clients take `page: 2` instead of `page: '2'`.
 */
function documentedQuery(schema: FastifySchema | undefined): { querystring?: unknown } {
  const query = schema?.querystring as { properties?: Record<string, Record<string, unknown>> } | undefined;
  if (query?.properties === undefined) return {};
  const properties = Object.fromEntries(
    Object.entries(query.properties).map(([name, property]) => {
      if (property.type !== 'string' || property.pattern !== WHOLE_NUMBER) return [name, property];
      const { pattern: _digits, ...rest } = property;
      return [name, { ...rest, type: 'integer', minimum: 0 }];
    }),
  );
  return { querystring: { ...query, properties } };
}

/**
 * The OpenAPI 3.1 document of every route (from the route schemas) at /api/docs/json and Swagger UI
 * at /api/docs. Must be registered before the routes.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { readonly version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Loop API',
        version: options.version,
        license: {
          name: 'Eigendom van Loop; alle rechten voorbehouden',
          identifier: 'LicenseRef-Loop-Proprietary',
        },
        description:
          'De API van Loop. JSON in snake_case; fouten als `{detail, fields?}` met een Nederlandse tekst. ' +
          'Inloggen geeft een toegangstoken (Authorization: Bearer …) en een verversingstoken. Routes van een ' +
          'organisatie gebruiken de header X-Organization-Id (zonder header: de eerste organisatie). Koppelingen ' +
          'gebruiken een API-sleutel (Authorization: Bearer loop_…): per operatie staat welke bevoegdheid die nodig heeft.',
      },
      // Relative: the document is served by the API it describes, whatever its host.
      servers: [{ url: '/', description: 'Deze Loop-server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // R-KEY-3: an operation lists the scope a key needs in its requirement, which OpenAPI 3.1
          // allows for any scheme; operations without it refuse keys.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'loop_<8 tekens>_<43 tekens>',
            description:
              'API-sleutel van de organisatie (Koppelingen → API-sleutels). Werkt alleen op operaties die een ' +
              'bevoegdheid noemen, voor de eigen organisatie (geen X-Organization-Id nodig), met de rol van wie ' +
              'hem maakte als grens.',
          },
        },
      },
      tags: [
        { name: 'auth', description: 'Registreren, inloggen, sessies en wachtwoordherstel' },
        { name: 'users', description: 'Het eigen account' },
        { name: 'organizations', description: 'Organisaties en lidmaatschap' },
        { name: 'branding', description: 'Huisstijl van de organisatie' },
        { name: 'billing', description: 'Functies, plannen en het abonnement van de organisatie' },
        { name: 'payments', description: 'Afrekenen en betalingen' },
        { name: 'surveys', description: 'Surveys maken, wijzigen, publiceren en sluiten' },
        { name: 'survey-templates', description: 'Sjablonen voor nieuwe surveys' },
        { name: 'survey-links', description: 'Openbare en persoonlijke links en de uitnodigingsmail' },
        { name: 'respond', description: 'Een survey invullen (openbaar, met de link)' },
        { name: 'results', description: 'Resultaten, export en analyse' },
        { name: 'invitations', description: 'Uitnodigingen, herinneringen en rondes' },
        { name: 'contacts', description: 'Contacten, segmenten en hun kaart' },
        { name: 'alerts', description: 'Meldingen bij nieuwe reacties: e-mail, overzicht, Slack en Teams' },
        {
          name: 'webhooks',
          description: 'Webhooks van de organisatie: eindpunten, ondertekengeheimen en het afleverlogboek',
        },
        {
          name: 'responses',
          description: 'Antwoorden per respondent: bekijken, exporteren en wissen',
        },
        {
          name: 'finance',
          description: 'Financiën: inkomsten en kosten, overzichten, btw en bankafschriften',
        },
        { name: 'api-keys', description: 'API-sleutels van de organisatie voor koppelingen en de CLI' },
        { name: 'admin', description: 'Platformbeheer' },
        { name: 'system', description: 'Status van de server' },
      ],
    },
    hideUntagged: true,
    transform: ({ schema, url, route }) => {
      const scope = route.config?.apiKeyScope;
      const security = (schema as { security?: unknown[] } | undefined)?.security;
      const documented = {
        ...schema,
        ...documentedQuery(schema),
        ...(scope === undefined || security === undefined
          ? {}
          : {
              security: [...security, { apiKey: [scope] }],
              // With a key: 403 without the scope or for another organisation, 429 over its limit.
              response: {
                403: ERRORS.forbidden,
                429: ERRORS.tooManyRequests,
                ...(schema.response as object),
              },
            }),
      } as FastifySchema;
      // Uploads are read as a stream in the handler, so their body is documented here only.
      const field = route.config?.uploadField;
      if (field === undefined) return { schema: documented, url };
      const body = {
        type: 'object',
        properties: {
          [field]: { type: 'string', format: 'binary', description: 'De afbeelding' },
          ...route.config?.uploadForm,
        },
        required: [field],
      };
      return { schema: { ...documented, body } as FastifySchema, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, validatorUrl: null },
    // The UI's own pages get the same strict policy as the app (its scripts are files, not inline).
    staticCSP: serializePolicy(contentSecurityPolicy()),
  });
}
