import {
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type CreateApiKeyRequest,
  type CurrentApiKey,
} from '@loop/core';
import { API_KEY_NAME_MAX_LENGTH } from '@loop/core/apiKeys';
import { array, integer, nullable, object, oneOf, string } from '../http/schema';

const scope = oneOf(API_KEY_SCOPES, { description: 'Een bevoegdheid van de sleutel.' });

export const apiKeySchema = object<ApiKey>({
  id: integer(),
  name: string(),
  prefix: string({ description: 'Het zichtbare begin van de sleutel: `loop_` en 8 tekens.' }),
  scopes: array(scope),
  created_at: string({ format: 'date-time' }),
  created_by: nullable(
    object<{ readonly id: number; readonly name: string }>(
      { id: integer(), name: string() },
      { description: 'Wie de sleutel maakte; null als dat account niet meer bestaat.' },
    ),
  ),
  expires_at: nullable(
    string({ format: 'date-time', description: 'Vanaf dit moment werkt de sleutel niet meer; null: nooit.' }),
  ),
  last_used_at: nullable(
    string({ format: 'date-time', description: 'Laatst gebruikt (tot op een minuut).' }),
  ),
  last_used_ip: nullable(string({ description: 'IP-adres van het laatste gebruik.' })),
  revoked_at: nullable(
    string({ format: 'date-time', description: 'Ingetrokken op; null: niet ingetrokken.' }),
  ),
});

export const apiKeysSchema = array(apiKeySchema, {
  description: 'Nieuwste eerst, ook ingetrokken en verlopen.',
});

export const createApiKeySchema = object<CreateApiKeyRequest>(
  {
    name: string({
      maxLength: API_KEY_NAME_MAX_LENGTH * 2,
      description: 'Waarvoor de sleutel is (1–100 tekens).',
    }),
    scopes: array(scope, { maxItems: 20, description: 'Ten minste één bevoegdheid.' }),
    expires_on: string({
      maxLength: 10,
      description:
        'Laatste dag waarop de sleutel werkt (JJJJ-MM-DD, Europe/Amsterdam); leeg: geen vervaldatum.',
    }),
  },
  { optional: ['expires_on'] },
);

export const apiKeyCreatedSchema = object<ApiKeyCreated>({
  api_key: apiKeySchema,
  secret: string({ description: 'De sleutel zelf; alleen in dit antwoord (Loop bewaart zijn SHA-256).' }),
});

export const apiKeyParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de API-sleutel.' }),
});

export const currentApiKeySchema = object<CurrentApiKey>({
  api_key: apiKeySchema,
  organization: object<CurrentApiKey['organization']>(
    { id: integer(), name: string() },
    { description: 'De organisatie van de sleutel.' },
  ),
});
