import type { ContactFilter, ContactSegment, ContactSelection } from '@loop/core';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type ContactSegmentRow, contactSegments, contacts } from '../db/schema';
import { countContacts, filterConditions, textArray, violatedUniqueIndex } from './contactStore';

/** Saved filters (segments) and what a selection (ids, a filter or a segment) means in SQL. */

export const SEGMENT_NAME_MAX = 100;

export const SEGMENT_MESSAGES = {
  name: `Geef het segment een naam van 1 tot ${SEGMENT_NAME_MAX} tekens.`,
} as const;

/** A segment name as stored (trimmed, inner spaces collapsed), or null when it is not valid. */
export function segmentName(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  return name === '' || [...name].length > SEGMENT_NAME_MAX ? null : name;
}

/** Whether an error is the unique index on (organisation, lower(name)) of segments. */
export const isDuplicateSegment = (error: unknown): boolean =>
  violatedUniqueIndex(error) === 'contact_segments_organization_name_unique';

const toSegment = (row: ContactSegmentRow, contactCount: number): ContactSegment => ({
  id: row.id,
  name: row.name,
  filter: row.filter,
  contact_count: contactCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function findSegmentRow(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<ContactSegmentRow | null> {
  const [row] = await db
    .select()
    .from(contactSegments)
    .where(and(eq(contactSegments.organizationId, organizationId), eq(contactSegments.id, id)));
  return row ?? null;
}

/** One segment with how many contacts its filter matches now. */
export async function segmentOf(db: Queryable, row: ContactSegmentRow): Promise<ContactSegment> {
  return toSegment(row, await countContacts(db, row.organizationId, row.filter));
}

/** The organisation's segments by name, each with its contact count. */
export async function listSegments(db: Queryable, organizationId: number): Promise<ContactSegment[]> {
  const rows = await db
    .select()
    .from(contactSegments)
    .where(eq(contactSegments.organizationId, organizationId))
    .orderBy(asc(sql`lower(${contactSegments.name})`), asc(contactSegments.id));
  return Promise.all(rows.map((row) => segmentOf(db, row)));
}

export async function insertSegment(
  db: Queryable,
  organizationId: number,
  name: string,
  filter: ContactFilter,
  now: Date,
): Promise<ContactSegmentRow> {
  const [row] = await db
    .insert(contactSegments)
    .values({ organizationId, name, filter, createdAt: now, updatedAt: now })
    .returning();
  if (row === undefined) throw new Error('segment not inserted');
  return row;
}

export async function updateSegment(
  db: Queryable,
  organizationId: number,
  id: number,
  change: { readonly name?: string; readonly filter?: ContactFilter },
  now: Date,
): Promise<ContactSegmentRow | null> {
  const [row] = await db
    .update(contactSegments)
    .set({ ...change, updatedAt: now })
    .where(and(eq(contactSegments.organizationId, organizationId), eq(contactSegments.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteSegment(db: Queryable, organizationId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contactSegments)
    .where(and(eq(contactSegments.organizationId, organizationId), eq(contactSegments.id, id)))
    .returning({ id: contactSegments.id });
  return deleted.length > 0;
}

/**
 * The conditions of a selection, besides the organisation's (which `filterConditions` and the
 * store functions always add): ids of another organisation simply match nothing. Null when the
 * selection names a segment the organisation does not have.
 */
export async function selectionConditions(
  db: Queryable,
  organizationId: number,
  selection: ContactSelection,
): Promise<SQL[] | null> {
  if ('ids' in selection)
    return [eq(contacts.organizationId, organizationId), inArray(contacts.id, [...selection.ids, -1])];
  if ('filter' in selection) return filterConditions(organizationId, selection.filter);
  const segment = await findSegmentRow(db, organizationId, selection.segment_id);
  return segment === null ? null : filterConditions(organizationId, segment.filter);
}

const TAGS_MAX = 50;

/** Adds tags to the selected contacts that lack one of them; answers how many changed. */
export async function addTags(
  db: Queryable,
  where: SQL[],
  tags: readonly string[],
  now: Date,
): Promise<number> {
  const added = textArray(tags);
  const merged = sql`array(select distinct u collate "C" from unnest(${contacts.tags} || ${added}) as x(u) order by 1)`;
  const changed = await db
    .update(contacts)
    .set({ tags: merged as unknown as string[], updatedAt: now })
    .where(
      and(
        ...where,
        sql`not (${contacts.tags} @> ${added})`,
        // A contact has at most 50 tags; one that would get more keeps the tags it has.
        sql`cardinality(${merged}) <= ${TAGS_MAX}`,
      ),
    )
    .returning({ id: contacts.id });
  return changed.length;
}

/** Removes tags from the selected contacts that have one of them; answers how many changed. */
export async function removeTags(
  db: Queryable,
  where: SQL[],
  tags: readonly string[],
  now: Date,
): Promise<number> {
  const removed = textArray(tags);
  const changed = await db
    .update(contacts)
    .set({
      tags: sql`array(select u from unnest(${contacts.tags}) as x(u) where u <> all(${removed}) order by u collate "C")` as unknown as string[],
      updatedAt: now,
    })
    .where(and(...where, sql`${contacts.tags} && ${removed}`))
    .returning({ id: contacts.id });
  return changed.length;
}
