import type { ContactFilter, ContactSort } from '@loop/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { contactStats, contacts } from '../db/schema';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { countContacts, filterConditions, orderOf, SORT_KEYS } from './contactStore';

/**
 * The contacts list: a page of the organisation's contacts (sorted, paged, with its total) as the
 * wire type's JSON written by the database, and what the list remembers between pages.
 */

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
