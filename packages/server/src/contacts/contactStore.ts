import type { Contact, ContactFacets, ContactFilter, ContactSort } from '@loop/core';
import { type ContactValues, contactSearchText, contactSortKeys, searchTerms } from '@loop/core/contacts';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type ContactRow, contacts } from '../db/schema';
import { queryRows } from '../results/resultsSql';

/**
 * The contacts table: filters as SQL, the list's order, counts, the export's chunks, one contact,
 * writes and the facets (the list's pages: contactListStore.ts; the AVG erase: contactErase.ts). Every query is scoped by organisation; an id of another organisation is as
 * unknown as one that never existed.
 */

export const CONTACT_ERRORS = {
  notFound: 'Dit contact bestaat niet (meer).',
  duplicateEmail: (email: string) => `Er is al een contact met het e-mailadres ${email}.`,
  segmentNotFound: 'Dit segment bestaat niet (meer).',
  duplicateSegment: (name: string) => `Er is al een segment met de naam '${name}'.`,
  importNotFound: 'Deze import bestaat niet.',
} as const;

/** A contact as the wire type. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    street: row.street,
    house_number: row.houseNumber,
    postcode: row.postcode,
    city: row.city,
    language: row.language,
    attributes: row.attributes,
    tags: row.tags,
    position:
      row.latitude !== null && row.longitude !== null && row.positionSource !== null
        ? { lat: row.latitude, lng: row.longitude, source: row.positionSource }
        : null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored values of a contact (to apply a PATCH to). */
export const valuesOf = (row: ContactRow): ContactValues => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  street: row.street,
  house_number: row.houseNumber,
  postcode: row.postcode,
  city: row.city,
  language: row.language,
  attributes: row.attributes,
  tags: row.tags,
});

/** The columns a contact's values write (insert and update alike). */
export const columnsOf = (values: ContactValues) => {
  const keys = contactSortKeys(values);
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    company: values.company,
    street: values.street,
    houseNumber: values.house_number,
    postcode: values.postcode,
    city: values.city,
    language: values.language,
    attributes: values.attributes,
    tags: [...values.tags],
    searchText: contactSearchText(values),
    nameKey: keys.name,
    emailKey: keys.email,
    companyKey: keys.company,
    cityKey: keys.city,
  };
};

/** The unique index an error violates (PostgreSQL's unique_violation), or null. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current: unknown = error; typeof current === 'object' && current !== null; ) {
    const record = current as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (record.code === '23505') return String(record.constraint_name ?? record.constraint ?? '');
    current = record.cause;
  }
  return null;
}

/** Whether an error is the unique index on (organisation, lower(e-mail)). */
export const isDuplicateEmail = (error: unknown): boolean =>
  violatedUniqueIndex(error) === 'contacts_organization_email_unique';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A text[] literal of parameters (drizzle would spread a bare array into a row). */
export const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** The SQL of a filter: every part given must hold, always within the organisation. */
export function filterConditions(organizationId: number, filter: ContactFilter): SQL[] {
  const conditions: SQL[] = [eq(contacts.organizationId, organizationId)];
  // Each word a substring of the folded search text; the trigram index finds words of 3+ letters.
  for (const term of searchTerms(filter.q ?? ''))
    conditions.push(sql`${contacts.searchText} like ${`%${escapeLike(term)}%`}`);
  if (filter.tags !== undefined && filter.tags.length > 0)
    conditions.push(sql`${contacts.tags} @> ${textArray(filter.tags)}`);
  for (const [key, value] of Object.entries(filter.attributes ?? {}))
    conditions.push(sql`lower(${contacts.attributes} ->> ${key}) = lower(${value})`);
  if (filter.subscribed === true) conditions.push(isNull(contacts.unsubscribedAt));
  if (filter.subscribed === false) conditions.push(isNotNull(contacts.unsubscribedAt));
  if (filter.placed === true) conditions.push(isNotNull(contacts.latitude));
  if (filter.placed === false) conditions.push(isNull(contacts.latitude));
  return conditions;
}

export const SORT_KEYS: Readonly<Record<ContactSort, SQL>> = {
  name: sql`${contacts.nameKey}`,
  email: sql`${contacts.emailKey}`,
  company: sql`${contacts.companyKey}`,
  city: sql`${contacts.cityKey}`,
  created_at: sql`${contacts.createdAt}`,
  updated_at: sql`${contacts.updatedAt}`,
};

/** The order of a list: the sort key, then the id (both the same direction, so one index serves). */
export const orderOf = (sort: ContactSort, order: 'asc' | 'desc'): SQL[] =>
  order === 'asc' ? [asc(SORT_KEYS[sort]), asc(contacts.id)] : [desc(SORT_KEYS[sort]), desc(contacts.id)];

/** How many contacts a filter matches. */
export async function countContacts(
  db: Queryable,
  organizationId: number,
  filter: ContactFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contacts)
    .where(and(...filterConditions(organizationId, filter)));
  return row?.total ?? 0;
}

/** The contacts a filter matches in the list's order, in chunks (the export). */
export async function* contactChunks(
  db: Queryable,
  organizationId: number,
  filter: ContactFilter,
  sort: ContactSort,
  order: 'asc' | 'desc',
  chunk = 2_000,
): AsyncGenerator<Contact[]> {
  for (let offset = 0; ; offset += chunk) {
    const rows = await db
      .select()
      .from(contacts)
      .where(and(...filterConditions(organizationId, filter)))
      .orderBy(...orderOf(sort, order))
      .limit(chunk)
      .offset(offset);
    if (rows.length > 0) yield rows.map(toContact);
    if (rows.length < chunk) return;
  }
}

/** One contact row of the organisation, or null; `lock` holds it for an update. */
export async function findContactRow(
  db: Queryable,
  organizationId: number,
  id: number,
  lock = false,
): Promise<ContactRow | null> {
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertContact(
  db: Queryable,
  organizationId: number,
  values: ContactValues,
  now: Date,
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ organizationId, ...columnsOf(values), createdAt: now, updatedAt: now })
    .returning();
  if (row === undefined) throw new Error('contact not inserted');
  return row;
}

export async function updateContact(
  db: Queryable,
  organizationId: number,
  id: number,
  values: ContactValues,
  now: Date,
): Promise<ContactRow | null> {
  const [row] = await db
    .update(contacts)
    .set({ ...columnsOf(values), updatedAt: now })
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

/** Tags in use and attribute keys in use, with how many contacts have each, most used first. */
export async function loadFacets(db: Queryable, organizationId: number): Promise<ContactFacets> {
  const [tags, keys, total] = await Promise.all([
    queryRows<{ tag: string; count: number }>(
      db,
      sql`select tag, count(*)::integer as count
          from ${contacts}, unnest(${contacts.tags}) as tag
          where ${contacts.organizationId} = ${organizationId}
          group by tag order by count(*) desc, tag limit 500`,
    ),
    queryRows<{ key: string; count: number }>(
      db,
      sql`select key, count(*)::integer as count
          from ${contacts}, jsonb_object_keys(${contacts.attributes}) as key
          where ${contacts.organizationId} = ${organizationId}
          group by key order by count(*) desc, key limit 500`,
    ),
    countContacts(db, organizationId, {}),
  ]);
  return {
    tags: tags.map((row) => ({ tag: row.tag, count: Number(row.count) })),
    attribute_keys: keys.map((row) => ({ key: row.key, count: Number(row.count) })),
    total,
  };
}
