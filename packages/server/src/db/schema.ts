import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Timestamps are written by the application from its Clock (so tests can fake time); the database
// defaults only cover rows written by hand.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Always stored normalised (trimmed, lower-case), so the unique index ignores case. */
  email: text('email').notNull().unique('users_email_unique'),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  canManageTemplates: boolean('can_manage_templates').notNull().default(false),
  emailVerifiedAt: timestamptz('email_verified_at'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const MEMBERSHIP_ROLES = ['owner', 'member'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<MembershipRole>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.userId, t.organizationId] }),
    index('memberships_organization_idx').on(t.organizationId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per issued refresh token. A token is single-use: rotation marks it used and points
 * `replaced_by` at its successor, so presenting a used token again is detectable reuse.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    replacedBy: text('replaced_by'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const EMAIL_TOKEN_KINDS = ['verify', 'reset'] as const;
export type EmailTokenKind = (typeof EMAIL_TOKEN_KINDS)[number];

/** Single-use links sent by e-mail (address verification, password reset), stored as SHA-256 only. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EmailTokenKind>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('email_tokens_user_kind_idx').on(t.userId, t.kind),
    check('email_tokens_kind_check', sql`${t.kind} in ('verify', 'reset')`),
  ],
);

/** Per-organisation look. No row means "all defaults"; `version` is a counter kept as text. */
export const branding = pgTable('branding', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Paths relative to DATA_DIR/uploads, e.g. `12/3q2…x.png`. */
  logoPath: text('logo_path'),
  backgroundPath: text('background_path'),
  primaryColor: text('primary_color'),
  version: text('version').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type BrandingRow = typeof branding.$inferSelect;
