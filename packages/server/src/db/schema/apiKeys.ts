import type { ApiKeyScope } from '@loop/core';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Organisation API keys ─────────────────────────

/**
 * An organisation's API keys (R-KEY-1 to R-KEY-9). Only the secret's SHA-256 is kept (R-KEY-2),
 * looked up by its unique index. A key acts as the member who made it, within its scopes; when that
 * account is deleted `created_by` becomes null and the key no longer works (R-KEY-4). A revoked key
 * keeps its row so the list shows it; deleting the organisation deletes its keys.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** `loop_` and 8 characters: what the list and the log show of the key. */
    prefix: text('prefix').notNull().unique('api_keys_prefix_unique'),
    secretHash: text('secret_hash').notNull().unique('api_keys_secret_hash_unique'),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** The first moment the key no longer works; null: no expiry. */
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Updated at most once a minute per key (R-KEY-8), not on every request. */
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [index('api_keys_organization_idx').on(t.organizationId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
