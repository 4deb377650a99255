import type { ApiKey, ApiKeyScope, CreateApiKeyRequest, MemberRole } from '@loop/core';
import { apiKeyExpiry } from '@loop/core/apiKeys';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedPer, type Queryable } from '../db/database';
import { type ApiKeyRow, apiKeys, memberships, organizations, type UserRow, users } from '../db/schema';
import { newApiKey } from './newApiKey';

type ListedRow = ApiKeyRow & { readonly creatorName: string | null };

const toApiKey = (row: ListedRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
  created_by:
    row.createdBy === null || row.creatorName === null ? null : { id: row.createdBy, name: row.creatorName },
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

const listed = (db: Queryable) =>
  db
    .select({
      key: apiKeys,
      creatorName: users.name,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy));

/** The organisation's keys, newest first, the revoked and expired ones too. */
export async function listApiKeys(db: Queryable, organizationId: number): Promise<ApiKey[]> {
  const rows = await listed(db)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toApiKey({ ...row.key, creatorName: row.creatorName }));
}

/** One key of the organisation; null for an unknown id or another organisation's key. */
export async function findApiKey(db: Queryable, organizationId: number, id: number): Promise<ApiKey | null> {
  const [row] = await listed(db).where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)));
  return row === undefined ? null : toApiKey({ ...row.key, creatorName: row.creatorName });
}

/** Stores a new key (the request checked) and returns it with its secret, shown this once. */
export async function insertApiKey(
  db: Queryable,
  input: { organizationId: number; userId: number; request: CreateApiKeyRequest; now: Date },
): Promise<{ id: number; secret: string }> {
  const { request } = input;
  // Prefixes are 8 random characters of 36: a clash is rare, and then a second draw settles it.
  for (let attempt = 0; ; attempt += 1) {
    const key = newApiKey();
    const [row] = await db
      .insert(apiKeys)
      .values({
        organizationId: input.organizationId,
        createdBy: input.userId,
        name: request.name,
        prefix: key.prefix,
        secretHash: key.secretHash,
        scopes: [...request.scopes],
        createdAt: input.now,
        expiresAt: request.expires_on === undefined ? null : apiKeyExpiry(request.expires_on),
      })
      .onConflictDoNothing()
      .returning({ id: apiKeys.id });
    if (row !== undefined) return { id: row.id, secret: key.secret };
    if (attempt >= 3) throw new Error('No free API key prefix after 4 attempts');
  }
}

/** Revokes the key (a revoked one stays as it was); false when the organisation has no such key. */
export async function markRevoked(
  db: Queryable,
  organizationId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const found = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning({ id: apiKeys.id });
  return found.length > 0;
}

/** What a request with a key needs to know of it, its maker and the maker's role, in one query. */
export interface KeyHolder {
  readonly id: number;
  readonly prefix: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly organizationId: number;
  readonly organizationName: string;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  /** The maker's account; null when it was deleted. */
  readonly user: UserRow | null;
  /** The maker's role in the key's organisation now; null when no longer a member. */
  readonly role: MemberRole | null;
}

const holderStatement = preparedPer((db: Queryable) =>
  db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      organizationId: apiKeys.organizationId,
      organizationName: organizations.name,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: users,
      role: memberships.role,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, apiKeys.createdBy), eq(memberships.organizationId, apiKeys.organizationId)),
    )
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .prepare('api_key_holder'),
);

/** The key with this secret hash (a unique-index lookup, R-KEY-2); null when there is none. */
export async function keyHolder(db: Queryable, secretHash: string): Promise<KeyHolder | null> {
  const [row] = await holderStatement(db).execute({ hash: secretHash });
  return row ?? null;
}

/**
 * Records a use (R-KEY-8): only when the last one recorded is older than `minAgeMs`, so a busy key
 * costs one write a minute, not one a request; two instances racing write twice, which is harmless.
 */
export async function recordUse(
  db: Queryable,
  input: { id: number; now: Date; ip: string; minAgeMs: number },
): Promise<void> {
  const before = new Date(input.now.getTime() - input.minAgeMs);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: input.now, lastUsedIp: input.ip })
    .where(and(eq(apiKeys.id, input.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
}
