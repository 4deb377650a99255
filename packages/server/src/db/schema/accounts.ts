import { MEMBER_ROLES, type MemberRole } from '@loop/core';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// Accounts: users, organisations, memberships, invitations, sessions, e-mail tokens and branding.

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
  /**
   * The contact rule (issue 16): a contact gets an invitation or reminder at most once per this many
   * days (1–365), counted over all the organisation's surveys; null: no limit.
   */
  contactMinDaysBetween: integer('contact_min_days_between'),
  /** What invoices are made out to (issue 24); '' where not given (the invoice names the organisation). */
  invoiceName: text('invoice_name').notNull().default(''),
  invoiceStreet: text('invoice_street').notNull().default(''),
  invoicePostcode: text('invoice_postcode').notNull().default(''),
  invoiceCity: text('invoice_city').notNull().default(''),
  invoiceCountry: text('invoice_country').notNull().default(''),
  /** The organisation's VAT number (btw-identificatienummer), printed on its invoices; '' for none. */
  vatNumber: text('vat_number').notNull().default(''),
});

export const MEMBERSHIP_ROLES = MEMBER_ROLES;
export type MembershipRole = MemberRole;

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
    /** When the member joined; null for memberships made before this was recorded. */
    joinedAt: timestamptz('joined_at'),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.userId, t.organizationId] }),
    index('memberships_organization_idx').on(t.organizationId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'manager', 'member', 'viewer')`),
  ],
);

/**
 * Open invitations into an organisation. The link's token is stored as its SHA-256 only; re-sending
 * replaces token and expiry. Accepting or withdrawing deletes the row, so the address it holds is
 * kept only while the invitation is open (one per address and organisation).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    role: text('role').$type<MembershipRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('invitations_organization_email_unique').on(t.organizationId, t.email),
    index('invitations_expires_idx').on(t.expiresAt),
    check('invitations_role_check', sql`${t.role} in ('owner', 'manager', 'member', 'viewer')`),
  ],
);

/**
 * A change of e-mail address. The new address is confirmed through `confirm_token_hash` (sent to
 * the new mailbox); until then the old address stays the login. Once confirmed, the old address gets
 * an undo link (`undo_token_hash`) that works until `undo_expires_at`. Tokens are stored as SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull().unique('email_changes_confirm_token_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmExpiresAt: timestamptz('confirm_expires_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    undoTokenHash: text('undo_token_hash').unique('email_changes_undo_token_unique'),
    undoExpiresAt: timestamptz('undo_expires_at'),
    undoneAt: timestamptz('undone_at'),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
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
    /**
     * Set when this used token was presented again within the second-tab grace and got its one extra
     * successor; any later presentation counts as reuse.
     */
    graceUsedAt: timestamptz('grace_used_at'),
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
    /**
     * A verification link made at registration: the SHA-256 of the key the registering browser
     * keeps; that browser alone is signed in by the link (docs/decisions/auth.md, 'Signed in by the
     * confirmation link'). Null for every other link.
     */
    browserKeyHash: text('browser_key_hash'),
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
