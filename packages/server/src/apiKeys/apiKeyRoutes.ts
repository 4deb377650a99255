import type { ApiKey, CurrentApiKey } from '@loop/core';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { authOf } from '../auth/authenticate';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import {
  apiKeyCreatedSchema,
  apiKeyParams,
  apiKeySchema,
  apiKeysSchema,
  createApiKeySchema,
  currentApiKeySchema,
} from './apiKeySchemas';
import { findApiKey, listApiKeys } from './apiKeyStore';
import { createApiKey, revokeApiKey } from './apiKeyUseCases';

const TAGS = ['api-keys'];

/**
 * The organisation's API keys (R-KEY-1 to R-KEY-4): owners and managers list, make and revoke them
 * (`apiKeys.manage`). These routes declare no `apiKeyScope`: a key never manages keys (R-KEY-5);
 * it may only ask about itself (`/api-keys/current`, for a CLI's `whoami`).
 */
export const apiKeyRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/api-keys',
      {
        onRequest: authenticate,
        config: { permission: 'apiKeys.manage' },
        schema: {
          operationId: 'listApiKeys',
          tags: TAGS,
          summary: "The organisation's API keys",
          description:
            'De API-sleutels van de organisatie, nieuwste eerst, ook ingetrokken en verlopen: naam, begin van de ' +
            'sleutel, bevoegdheden, wie hem maakte, vervaldatum en laatste gebruik. De sleutels zelf nooit.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: { 200: apiKeysSchema, ...PROTECTED_ERRORS, 403: ERRORS.forbidden },
        },
      },
      async (request): Promise<ApiKey[]> =>
        listApiKeys(deps.db, (await currentOrganization(deps, request)).id),
    );

    app.post(
      '/api-keys',
      {
        onRequest: authenticate,
        config: { permission: 'apiKeys.manage' },
        schema: {
          operationId: 'createApiKey',
          tags: TAGS,
          summary: 'Make an API key',
          description:
            'Maakt een API-sleutel met een naam, bevoegdheden en optioneel een laatste dag. De sleutel staat alleen ' +
            'in dit antwoord; Loop bewaart zijn SHA-256. Hij werkt met de rol van wie hem maakte, nooit meer, en ' +
            'stopt zodra die geen eigenaar of beheerder meer is.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: createApiKeySchema,
          response: {
            201: apiKeyCreatedSchema,
            400: ERRORS.badRequest,
            ...PROTECTED_ERRORS,
            403: ERRORS.forbidden,
          },
        },
      },
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const created = await createApiKey(deps, {
          organizationId: organization.id,
          userId: authOf(request).user.id,
          request: request.body,
        });
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'api_key.created',
          orgId: organization.id,
          message: `API-sleutel ${created.api_key.prefix} (id ${created.api_key.id}) gemaakt met ${created.api_key.scopes.join(', ')}`,
        });
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api-keys/current',
      {
        onRequest: authenticate,
        config: { apiKeySelf: true },
        schema: {
          operationId: 'getCurrentApiKey',
          tags: TAGS,
          summary: 'The calling API key',
          description:
            'De API-sleutel waarmee je dit vraagt en zijn organisatie: naam, begin, bevoegdheden, vervaldatum. ' +
            'Werkt met elke geldige sleutel, welke bevoegdheden hij ook heeft; met een sessie 403.',
          security: [{ apiKey: [] }],
          response: {
            200: currentApiKeySchema,
            401: ERRORS.unauthorized,
            403: ERRORS.forbidden,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request): Promise<CurrentApiKey> => {
        const caller = authOf(request).apiKey;
        if (caller === null) throw new ApiError(403, API_KEY_MESSAGES.keyOnly);
        const organization = await currentOrganization(deps, request);
        const key = await findApiKey(deps.db, caller.organizationId, caller.id);
        if (key === null) throw new ApiError(401, API_KEY_MESSAGES.unknown);
        return { api_key: key, organization: { id: organization.id, name: organization.name } };
      },
    );

    app.post(
      '/api-keys/:id/revoke',
      {
        onRequest: authenticate,
        config: { permission: 'apiKeys.manage' },
        schema: {
          operationId: 'revokeApiKey',
          tags: TAGS,
          summary: 'Revoke an API key',
          description:
            'Trekt de sleutel in: vanaf het volgende verzoek antwoordt Loop er 401 op. Nog eens intrekken verandert niets.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: apiKeyParams,
          response: { 200: apiKeySchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS, 403: ERRORS.forbidden },
        },
      },
      async (request): Promise<ApiKey> => {
        const organization = await currentOrganization(deps, request);
        const key = await revokeApiKey(deps, organization.id, request.params.id);
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'api_key.revoked',
          orgId: organization.id,
          message: `API-sleutel ${key.prefix} (id ${key.id}) ingetrokken`,
        });
        return key;
      },
    );
  };
