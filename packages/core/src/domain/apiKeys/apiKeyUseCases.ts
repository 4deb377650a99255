import { type ApiResult, apiOk, type FormResult, formFromApi } from '../api';
import type { ApiKey, ApiKeyCreated, CreateApiKeyRequest } from '../contract';
import { formatDay, formatDayTime } from '../format';
import { API_KEY_SCOPE_LABELS, type ApiKeyForm, checkApiKeyForm } from './apiKeyRules';

/** The organisation's API keys, for the organisation in X-Organization-Id. */
export interface ApiKeysGateway {
  list(): Promise<ApiResult<readonly ApiKey[]>>;
  create(request: CreateApiKeyRequest): Promise<ApiResult<ApiKeyCreated>>;
  revoke(id: number): Promise<ApiResult<ApiKey>>;
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** One row of the keys list, in words. */
export interface ApiKeyRow {
  readonly id: number;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: readonly string[];
  readonly created: string;
  readonly expiry: string;
  readonly lastUse: string;
  readonly status: ApiKeyStatus;
  readonly statusText: string;
}

const STATUS_TEXT: Readonly<Record<ApiKeyStatus, string>> = {
  active: 'Actief',
  expired: 'Verlopen',
  revoked: 'Ingetrokken',
};

export function apiKeyRow(key: ApiKey, now: Date): ApiKeyRow {
  const expiresAt = key.expires_at === null ? null : new Date(key.expires_at).getTime();
  const status: ApiKeyStatus =
    key.revoked_at !== null
      ? 'revoked'
      : expiresAt !== null && expiresAt <= now.getTime()
        ? 'expired'
        : 'active';
  // expires_at is the first moment it no longer works: the last day it works is the one before.
  const lastDay = expiresAt === null ? null : formatDay(expiresAt - 1);
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope].label),
    created: `${formatDay(key.created_at)} door ${key.created_by?.name ?? 'een verwijderd account'}`,
    expiry: lastDay === null ? 'Verloopt niet' : `Werkt t/m ${lastDay}`,
    lastUse:
      key.last_used_at === null
        ? 'Nog niet gebruikt'
        : `${formatDayTime(key.last_used_at)}${key.last_used_ip === null ? '' : ` vanaf ${key.last_used_ip}`}`,
    status,
    statusText: STATUS_TEXT[status],
  };
}

/** A key just made: its secret exists only here (the server keeps its SHA-256, R-KEY-2). */
export interface CreatedApiKey {
  readonly secret: string;
  readonly row: ApiKeyRow;
}

export interface ApiKeysUseCases {
  list(): Promise<ApiResult<readonly ApiKeyRow[]>>;
  create(form: ApiKeyForm): Promise<FormResult<CreatedApiKey>>;
  revoke(id: number): Promise<ApiResult<ApiKeyRow>>;
}

/** The use-cases of 'API-sleutels' on the Koppelingen screen. */
export function createApiKeysUseCases(deps: {
  readonly gateway: ApiKeysGateway;
  readonly now: () => Date;
}): ApiKeysUseCases {
  const { gateway, now } = deps;
  return {
    list: async () => {
      const keys = await gateway.list();
      return keys.ok ? apiOk(keys.value.map((key) => apiKeyRow(key, now()))) : keys;
    },
    create: async (form) => {
      const checked = checkApiKeyForm(form, now());
      if (!checked.ok) return checked;
      const created = formFromApi(await gateway.create(checked.value));
      if (!created.ok) return created;
      return {
        ok: true,
        value: { secret: created.value.secret, row: apiKeyRow(created.value.api_key, now()) },
      };
    },
    revoke: async (id) => {
      const revoked = await gateway.revoke(id);
      return revoked.ok ? apiOk(apiKeyRow(revoked.value, now())) : revoked;
    },
  };
}
