import type { Contact, ContactFacets, ContactFilter, ContactSort } from '@loop/core';
import { type ContactValues, contactSearchText, contactSortKeys, searchTerms } from '@loop/core/contacts';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type ContactRow, contactStats, contacts } from '../db/schema';
import { isoTimestamp, queryRows } from '../results/resultsSql';

/**
 * The contacts table: filters as SQL, the list (sorted, paged, with its total), one contact, writes
 * and the AVG erase. Every query is scoped by organisation; an id of another organisation is as
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

const SORT_KEYS: Readonly<Record<ContactSort, SQL>> = {
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

export interface ListRequest {
  readonly filter: ContactFilter;
  readonly sort: ContactSort;
  readonly order: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

/** A bounded map that forgets what was used least recently. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

/** Where a page starts: its first row's sort key and id. */
interface PageStart {
  readonly key: string;
  readonly id: number;
}

/**
 * What the list remembers per organisation and version of its contacts (contact_stats): the count
 * of each filter, and where each page read starts. Any change to the organisation's contacts
 * raises the version, so nothing remembered outlives the data it describes. A filter is counted
 * once per version (paging does not count again), and a page whose start (or whose predecessor's
 * end) is known is read from there through the sort index instead of skipping `offset` entries.
 */
export class ListMemory {
  readonly counts = new BoundedCache<number>(2_000);
  readonly starts = new BoundedCache<PageStart>(20_000);
  /** The version last seen per organisation. */
  readonly versions = new BoundedCache<number>(10_000);
}

/** A filter as a stable text (its parts in a fixed order), for the count cache. */
export const filterKey = (filter: ContactFilter): string =>
  JSON.stringify([
    filter.q ?? null,
    filter.tags ?? [],
    Object.entries(filter.attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    filter.subscribed ?? null,
    filter.placed ?? null,
  ]);

const isEmptyFilter = (filter: ContactFilter): boolean =>
  filter.q === undefined &&
  (filter.tags ?? []).length === 0 &&
  Object.keys(filter.attributes ?? {}).length === 0 &&
  filter.subscribed === undefined &&
  filter.placed === undefined;

/** A sort key as text for a row comparison: exact (a timestamp keeps its microseconds). */
const SORT_TEXT: Readonly<Record<ContactSort, SQL>> = {
  name: sql`${contacts.nameKey}`,
  email: sql`${contacts.emailKey}`,
  company: sql`${contacts.companyKey}`,
  city: sql`${contacts.cityKey}`,
  created_at: sql`${contacts.createdAt}::text`,
  updated_at: sql`${contacts.updatedAt}::text`,
};

/** Rows from `start` on (inclusive) in the list's order. */
function fromStart(sort: ContactSort, order: 'asc' | 'desc', start: PageStart): SQL {
  const value =
    sort === 'created_at' || sort === 'updated_at' ? sql`${start.key}::timestamptz` : sql`${start.key}`;
  return order === 'asc'
    ? sql`(${SORT_KEYS[sort]}, ${contacts.id}) >= (${value}, ${start.id}::integer)`
    : sql`(${SORT_KEYS[sort]}, ${contacts.id}) <= (${value}, ${start.id}::integer)`;
}

/**
 * A contact as the wire type's JSON, built by the database: the same object `toContact` makes
 * (the route tests compare the two), without parsing, mapping and serialising rows in Node.
 */
const CONTACT_JSON = sql`json_build_object(
  'id', ${contacts.id}, 'name', ${contacts.name}, 'email', ${contacts.email}, 'phone', ${contacts.phone},
  'company', ${contacts.company}, 'street', ${contacts.street}, 'house_number', ${contacts.houseNumber},
  'postcode', ${contacts.postcode}, 'city', ${contacts.city}, 'language', ${contacts.language},
  'attributes', ${contacts.attributes}, 'tags', ${contacts.tags},
  'position', case when ${contacts.latitude} is not null and ${contacts.longitude} is not null
    and ${contacts.positionSource} is not null
    then json_build_object('lat', ${contacts.latitude}, 'lng', ${contacts.longitude}, 'source', ${contacts.positionSource})
    end,
  'unsubscribed_at', ${isoTimestamp(sql`${contacts.unsubscribedAt}`)},
  'created_at', ${isoTimestamp(sql`${contacts.createdAt}`)},
  'updated_at', ${isoTimestamp(sql`${contacts.updatedAt}`)})`;

interface PageRow {
  readonly id: number;
  readonly sort_key: string;
  readonly item: string;
  readonly contact_count: number | null;
  readonly version: number | null;
}

/** A page of the list: its contacts as a JSON array (text) and the list's total. */
export interface ContactsPage {
  readonly itemsJson: string;
  readonly total: number;
}

/** The organisation's number of contacts and the version of its contacts. */
async function statsOf(db: Queryable, organizationId: number): Promise<{ count: number; version: number }> {
  const [row] = await db
    .select({ count: contactStats.contactCount, version: contactStats.version })
    .from(contactStats)
    .where(eq(contactStats.organizationId, organizationId));
  return row ?? { count: 0, version: 0 };
}

/**
 * A page of the organisation's contacts and how many the filter matches in all.
 *
 * One statement reads the page (and the next page's first row), each contact as the wire type's
 * JSON written by the database, with the organisation's count and version of its contacts
 * (contact_stats) on every row; the page goes out as it is, without parsing, mapping and
 * serialising rows in Node. The page's ids come from the sort index (index-only without a
 * filter): a page skips index entries, not rows; only the page's own rows are read.
 */
export async function listContacts(
  db: Queryable,
  organizationId: number,
  request: ListRequest,
  memory: ListMemory,
): Promise<ContactsPage> {
  const filtered = !isEmptyFilter(request.filter);
  const base = (version: number) =>
    `${organizationId}:${version}:${filtered ? filterKey(request.filter) : ''}`;
  const pageKey = (version: number, offset: number) =>
    `${base(version)}:${request.sort}:${request.order}:${request.limit}:${offset}`;
  const order = orderOf(request.sort, request.order);
  const statsColumn = (column: typeof contactStats.version | typeof contactStats.contactCount) =>
    sql`(select ${column} from ${contactStats} where ${contactStats.organizationId} = ${organizationId})`;
  /** The page (and the next page's first row), from its remembered start under `version` if any. */
  const readPage = async (version: number | undefined) => {
    const conditions = filterConditions(organizationId, request.filter);
    const start = version === undefined ? undefined : memory.starts.get(pageKey(version, request.offset));
    if (start !== undefined) conditions.push(fromStart(request.sort, request.order, start));
    const pageIds = sql`select ${contacts.id} from ${contacts} where ${and(...conditions)}
      order by ${sql.join(order, sql`, `)} limit ${request.limit + 1} offset ${start === undefined ? request.offset : 0}`;
    const rows = await queryRows<PageRow>(
      db,
      sql`select ${contacts.id} as id, ${SORT_TEXT[request.sort]} as sort_key, (${CONTACT_JSON})::text as item,
          ${statsColumn(contactStats.contactCount)} as contact_count, ${statsColumn(contactStats.version)} as version
        from ${contacts}
        where ${contacts.organizationId} = ${organizationId} and ${contacts.id} in (${pageIds})
        order by ${sql.join(order, sql`, `)}`,
    );
    return { rows, fromStart: start !== undefined };
  };
  // The page is read with the version last seen: a start remembered under a version that has
  // passed is not trusted, and the page read again.
  const seen = memory.versions.get(String(organizationId));
  const guessed = await readPage(seen);
  const [first] = guessed.rows;
  // An empty page carries no counts: they are read on their own.
  const stats =
    first === undefined
      ? await statsOf(db, organizationId)
      : { count: Number(first.contact_count ?? 0), version: Number(first.version ?? 0) };
  memory.versions.set(String(organizationId), stats.version);
  const rows =
    guessed.fromStart && seen !== stats.version ? (await readPage(stats.version)).rows : guessed.rows;
  const countKey = `${base(stats.version)}:count`;
  let total = filtered ? memory.counts.get(countKey) : stats.count;
  if (total === undefined) {
    total = await countContacts(db, organizationId, request.filter);
    memory.counts.set(countKey, total);
  }
  const remember = (offset: number, row: PageRow | undefined) => {
    if (row !== undefined)
      memory.starts.set(pageKey(stats.version, offset), { key: row.sort_key, id: Number(row.id) });
  };
  remember(request.offset, rows[0]);
  remember(request.offset + request.limit, rows[request.limit]);
  const items = rows.slice(0, request.limit).map((row) => row.item);
  return { itemsJson: `[${items.join(',')}]`, total };
}

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
