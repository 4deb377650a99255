import type { ApiKey, ApiKeyCreated, CreateApiKeyRequest } from '@loop/core';
import { API_KEY_MESSAGES, checkApiKeyForm } from '@loop/core/apiKeys';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { findApiKey, insertApiKey, markRevoked } from './apiKeyStore';

/**
 * Makes a key for the organisation (R-KEY-1, R-KEY-2): the same checks as the form, then a fresh
 * secret whose SHA-256 alone is stored. The secret is in this answer only.
 */
export async function createApiKey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { organizationId: number; userId: number; request: CreateApiKeyRequest },
): Promise<ApiKeyCreated> {
  const now = deps.clock.now();
  const { request } = input;
  const checked = checkApiKeyForm(
    {
      name: request.name.replaceAll('\u0000', ''),
      scopes: request.scopes,
      expiresOn: request.expires_on ?? '',
    },
    now,
  );
  if (!checked.ok) throw invalidInput(checked.fields);
  const made = await insertApiKey(deps.db, { ...input, request: checked.value, now });
  const key = await findApiKey(deps.db, input.organizationId, made.id);
  if (key === null) throw new Error(`API key ${made.id} vanished after it was made`);
  return { api_key: key, secret: made.secret };
}

/** Revokes a key of the organisation (R-KEY-6): from the next request on it answers 401. */
export async function revokeApiKey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: number,
  rawId: string,
): Promise<ApiKey> {
  const id = parseId(rawId);
  const revoked = id !== null && (await markRevoked(deps.db, organizationId, id, deps.clock.now()));
  const key = revoked ? await findApiKey(deps.db, organizationId, id) : null;
  if (key === null) throw new ApiError(404, API_KEY_MESSAGES.keyNotFound);
  return key;
}
