import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { contentSecurityPolicy, serializePolicy } from './securityHeaders';

export const DOCS_PREFIX = '/api/docs';

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
        description:
          'De API van Loop. JSON in snake_case; fouten als `{detail, fields?}` met een Nederlandse tekst. ' +
          'Inloggen geeft een toegangstoken (Authorization: Bearer …) en een verversingstoken. Routes van een ' +
          'organisatie gebruiken de header X-Organization-Id (zonder header: de eerste organisatie).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'auth', description: 'Registreren, inloggen, sessies en wachtwoordherstel' },
        { name: 'users', description: 'Het eigen account' },
        { name: 'organizations', description: 'Organisaties en lidmaatschap' },
        { name: 'branding', description: 'Huisstijl van de organisatie' },
        { name: 'admin', description: 'Platformbeheer' },
        { name: 'system', description: 'Status van de server' },
      ],
    },
    hideUntagged: true,
    // Uploads are read as a stream in the handler, so their body is documented here only.
    transform: ({ schema, url, route }) => {
      const field = route.config?.uploadField;
      if (field === undefined) return { schema, url };
      const body = {
        type: 'object',
        properties: { [field]: { type: 'string', format: 'binary', description: 'De afbeelding' } },
        required: [field],
      };
      return { schema: { ...schema, body } as FastifySchema, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, validatorUrl: null },
    // The UI's own pages get the same strict policy as the app (its scripts are files, not inline).
    staticCSP: serializePolicy(contentSecurityPolicy()),
  });
}
