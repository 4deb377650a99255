import type {
  ContactFilter,
  ContactImportState,
  ContactLanguage,
  DuplicatePolicy,
  FileDuplicateChoice,
  PositionSource,
} from '@loop/core';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Contacts: people to invite, saved filters, CSV imports ─────────────────────────

/**
 * The people an organisation sends surveys to. The e-mail address is stored as typed (trimmed) and
 * unique per organisation whatever its case. `search_text` is core's `contactSearchText` (name,
 * e-mail, organisation and place, lower case without accents), written with every change and
 * searched with LIKE '%word%' through a trigram index (pg_trgm, on PostgreSQL and PGlite alike).
 * Deleting a row is the AVG erase: whatever refers to a contact later (invitations, responses)
 * references `contacts.id` with ON DELETE CASCADE or SET NULL.
 *
 * Placing on the map: `geocoded_address` is the digest (`contactAddressDigest`) of the address at
 * the last lookup or placement by hand; a contact whose digest differs is waiting for the geocoding
 * job (contacts/contactGeocoding.ts), which writes the position or `geocode_state`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    street: text('street'),
    houseNumber: text('house_number'),
    postcode: text('postcode'),
    city: text('city'),
    language: text('language').$type<ContactLanguage>().notNull().default('nl'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionSource: text('position_source').$type<PositionSource>(),
    /** Why the last lookup placed nothing ('not_found', 'incomplete'); null when placed or not looked up. */
    geocodeState: text('geocode_state').$type<GeocodeState>(),
    /** The address digest at the last lookup or placement by hand; null: never (or given back to the geocoder). */
    geocodedAddress: text('geocoded_address'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    searchText: text('search_text').notNull(),
    /** Sort keys: core's `contactSortKeys` (folded, '' when empty), plain columns so that a page's ids come from an index-only scan. */
    nameKey: text('name_key').notNull(),
    emailKey: text('email_key').notNull(),
    companyKey: text('company_key').notNull(),
    cityKey: text('city_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_organization_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    // The search text rides along in the default sort's index: a search sorted by name filters
    // index entries without visiting the table (an index-only scan).
    index('contacts_organization_name_idx').on(t.organizationId, t.nameKey, t.id, t.searchText),
    index('contacts_organization_email_idx').on(t.organizationId, t.emailKey, t.id),
    index('contacts_organization_company_idx').on(t.organizationId, t.companyKey, t.id),
    index('contacts_organization_city_idx').on(t.organizationId, t.cityKey, t.id),
    index('contacts_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('contacts_organization_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('contacts_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contacts_tags_idx').using('gin', t.tags),
    // The geocoding job's queue: contacts whose address changed since their last lookup.
    index('contacts_geocode_pending_idx')
      .on(t.id)
      .where(sql`${t.geocodedAddress} is distinct from ${contactAddressDigest(t)}`),
    check('contacts_language_check', sql`${t.language} in ('nl', 'en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk')`),
    check(
      'contacts_position_check',
      sql`(${t.latitude} is null and ${t.longitude} is null and ${t.positionSource} is null) or
          (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and
           ${t.positionSource} in ('geocoder', 'manual'))`,
    ),
    check(
      'contacts_geocode_state_check',
      sql`${t.geocodeState} is null or (${t.geocodeState} in ('not_found', 'incomplete') and ${t.latitude} is null)`,
    ),
  ],
);

/** Why a contact's last lookup placed nothing. */
export type GeocodeState = 'not_found' | 'incomplete';

/**
 * The digest of a contact's address fields (street, house number, postcode, place) as SQL: equal
 * digests, the same address as written. Immutable functions only, so an index can be on it.
 */
export function contactAddressDigest(t: {
  readonly street: AnyPgColumn;
  readonly houseNumber: AnyPgColumn;
  readonly postcode: AnyPgColumn;
  readonly city: AnyPgColumn;
}): SQL {
  const field = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;
  return sql`md5(${field(t.street)} || chr(31) || ${field(t.houseNumber)} || chr(31) || ${field(t.postcode)} || chr(31) || ${field(t.city)})`;
}

/**
 * Per organisation: how many contacts it has and a version that every statement changing its
 * contacts raises. Both are kept by statement-level triggers on `contacts` (migration 0019), so no
 * write path can forget them: the list takes its unfiltered total from here instead of counting,
 * and caches the count of a filter for as long as the version stays.
 */
export const contactStats = pgTable('contact_stats', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  contactCount: integer('contact_count').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A saved filter of contacts; its name is unique per organisation whatever its case. */
export const contactSegments = pgTable(
  'contact_segments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<ContactFilter>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_segments_organization_name_unique').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/**
 * One CSV import of contacts, which runs after its request has been answered: `processed` grows
 * chunk by chunk (the screen's progress bar) and `progress_at` with it. An import still 'running'
 * without progress for a while (at a server's start, or when read) was cut off by a stop or crash
 * and is marked 'failed'; the chunks it committed stay.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    state: text('state').$type<ContactImportState>().notNull(),
    onDuplicate: text('on_duplicate').$type<DuplicatePolicy>().notNull(),
    /** Which row of an address on several rows of the file counted; null: the file had none. */
    fileDuplicates: text('file_duplicates').$type<FileDuplicateChoice>(),
    rowCount: integer('row_count').notNull(),
    processed: integer('processed').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    /** Rows skipped because another row of the file with the same address counted. */
    duplicateCount: integer('duplicate_count').notNull().default(0),
    refusals: jsonb('refusals').$type<{ line: number; reason: string }[]>().notNull().default([]),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The last sign of life of a running import (each chunk); a stale one was cut off. */
    progressAt: timestamptz('progress_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('contact_imports_organization_idx').on(t.organizationId, t.id),
    index('contact_imports_running_idx').on(t.state).where(sql`${t.state} = 'running'`),
    check('contact_imports_state_check', sql`${t.state} in ('running', 'done', 'failed')`),
    check('contact_imports_duplicate_check', sql`${t.onDuplicate} in ('update', 'skip')`),
    check('contact_imports_file_duplicates_check', sql`${t.fileDuplicates} in ('first', 'last')`),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type ContactSegmentRow = typeof contactSegments.$inferSelect;
export type ContactImportRow = typeof contactImports.$inferSelect;
