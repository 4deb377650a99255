/**
 * What an organisation's API key may do (R-KEY-3). Each scope opens a fixed list of routes; a key
 * never does more than its creator's role allows.
 */
export const API_KEY_SCOPES = [
  'surveys:read',
  'responses:write',
  'contacts:manage',
  'kpis:read',
  'kpis:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** One API key of the organisation, as its owners and managers list it (never its secret). */
export interface ApiKey {
  readonly id: number;
  readonly name: string;
  /** The visible start of the key: `loop_` and 8 characters. */
  readonly prefix: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly created_at: string;
  /** Who made it; null when that account no longer exists. */
  readonly created_by: { readonly id: number; readonly name: string } | null;
  /** The first moment it no longer works; null: no expiry. */
  readonly expires_at: string | null;
  readonly last_used_at: string | null;
  readonly last_used_ip: string | null;
  readonly revoked_at: string | null;
}

/** POST /api-keys. `expires_on`: the last day (Europe/Amsterdam) the key works, `YYYY-MM-DD`. */
export interface CreateApiKeyRequest {
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly expires_on?: string;
}

/** The new key and its secret: the only time the secret is shown (R-KEY-2). */
export interface ApiKeyCreated {
  readonly api_key: ApiKey;
  readonly secret: string;
}

/** GET /api-keys/current: the calling key and its organisation (for a CLI's `whoami`). */
export interface CurrentApiKey {
  readonly api_key: ApiKey;
  readonly organization: { readonly id: number; readonly name: string };
}
