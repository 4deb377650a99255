import type { ApiKeyCreated, ApiKeyScope } from '@loop/core';
import type { LightMyRequestResponse } from 'fastify';
import { api, type TestContext } from './testApp';

/** Makes an API key through the API as `token` (an owner or manager) and returns it with its secret. */
export async function makeApiKey(
  ctx: Pick<TestContext, 'app'>,
  who: { readonly token: string; readonly headers: Record<string, string> },
  scopes: readonly ApiKeyScope[],
  extra: { readonly name?: string; readonly expires_on?: string } = {},
): Promise<ApiKeyCreated> {
  const response = await api(ctx.app, 'POST', '/api-keys', {
    token: who.token,
    headers: who.headers,
    payload: { name: extra.name ?? 'Koppeling', scopes, ...extra },
  });
  if (response.statusCode !== 201)
    throw new Error(`API key not made: ${response.statusCode} ${response.body}`);
  return response.json<ApiKeyCreated>();
}

/** `app.inject` under /api/v1 with an API key (and, optionally, other headers). */
export const withKey = (
  ctx: Pick<TestContext, 'app'>,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> => api(ctx.app, method, path, { token: key, ...options });
