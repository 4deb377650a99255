import type { ContactImport, DuplicatePolicy, FileDuplicateChoice } from '@loop/core';
import { type ContactColumns, type ContactValues, normaliseTags } from '@loop/core/contacts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import { type ContactImportRow, contactImports, contacts } from '../db/schema';
import { queryRows } from '../results/resultsSql';
import { CONTACT_IMPORT_MESSAGES, IMPORT_STALE_MS } from './contactImportFile';
import { columnsOf } from './contactStore';

/**
 * The contact_imports table and a chunk of an import stored: one multi-row INSERT … ON CONFLICT on
 * (organisation, lower(e-mail)) with the import's progress, in one transaction.
 */

export const toContactImport = (row: ContactImportRow): ContactImport => ({
  id: row.id,
  file_name: row.fileName,
  state: row.state,
  on_duplicate: row.onDuplicate,
  file_duplicates: row.fileDuplicates,
  rows: row.rowCount,
  processed: row.processed,
  created: row.createdCount,
  updated: row.updatedCount,
  skipped: row.skippedCount,
  duplicates: row.duplicateCount,
  refused: row.refusedCount,
  refusals: row.refusals,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

export async function createImport(
  db: Queryable,
  request: {
    readonly organizationId: number;
    readonly userId: number;
    readonly fileName: string;
    readonly onDuplicate: DuplicatePolicy;
    readonly fileDuplicates: FileDuplicateChoice | null;
    readonly rows: number;
  },
  now: Date,
): Promise<ContactImportRow> {
  const [row] = await db
    .insert(contactImports)
    .values({
      organizationId: request.organizationId,
      fileName: request.fileName,
      state: 'running',
      onDuplicate: request.onDuplicate,
      fileDuplicates: request.fileDuplicates,
      rowCount: request.rows,
      createdBy: request.userId,
      createdAt: now,
      progressAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('contact import not inserted');
  return row;
}

/** Marks running imports without progress since `before` as failed (cut off by a stop or crash). */
export async function failStaleImports(
  db: Queryable,
  before: Date,
  now: Date,
  organizationId?: number,
): Promise<number> {
  const failed = await db
    .update(contactImports)
    .set({ state: 'failed', error: CONTACT_IMPORT_MESSAGES.interrupted, finishedAt: now })
    .where(
      and(
        eq(contactImports.state, 'running'),
        lt(contactImports.progressAt, before),
        organizationId === undefined ? undefined : eq(contactImports.organizationId, organizationId),
      ),
    )
    .returning({ id: contactImports.id });
  return failed.length;
}

export async function findImport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: number,
  id: number,
): Promise<ContactImport | null> {
  const now = deps.clock.now();
  await failStaleImports(deps.db, new Date(now.getTime() - IMPORT_STALE_MS), now, organizationId);
  const [row] = await deps.db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.organizationId, organizationId), eq(contactImports.id, id)));
  return row === undefined ? null : toContactImport(row);
}

export async function listRecentImports(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: number,
  limit = 20,
): Promise<ContactImport[]> {
  const now = deps.clock.now();
  await failStaleImports(deps.db, new Date(now.getTime() - IMPORT_STALE_MS), now, organizationId);
  const rows = await deps.db
    .select()
    .from(contactImports)
    .where(eq(contactImports.organizationId, organizationId))
    .orderBy(desc(contactImports.id))
    .limit(limit);
  return rows.map(toContactImport);
}

/** What an import has done so far, as contact_imports keeps it. */
export interface Progress {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  duplicates: number;
  refused: number;
  refusals: { line: number; reason: string }[];
}

/** A row ready to store, under its address in lower case. */
export interface Ready {
  readonly key: string;
  readonly values: ContactValues;
}

/** A contact's columns as the insert reads them from JSON (search text and sort keys made). */
export function recordOf(value: ContactValues) {
  const columns = columnsOf(value);
  return {
    name: columns.name,
    email: columns.email,
    phone: columns.phone,
    company: columns.company,
    street: columns.street,
    house_number: columns.houseNumber,
    postcode: columns.postcode,
    city: columns.city,
    language: columns.language,
    attributes: columns.attributes,
    tags: columns.tags,
    search_text: columns.searchText,
    name_key: columns.nameKey,
    email_key: columns.emailKey,
    company_key: columns.companyKey,
    city_key: columns.cityKey,
  };
}

/** A chunk of the file read and checked, with what it adds to the import's counts. */
export interface PreparedChunk {
  readonly processed: number;
  readonly ready: readonly Ready[];
  /** The rows' records, made while the chunk before was being stored. */
  readonly records: ReadonlyMap<string, ReturnType<typeof recordOf>>;
  readonly refusals: readonly { line: number; reason: string }[];
  /** Rows skipped because another row with their address counts. */
  readonly duplicates: number;
}

/** What a row of the file sets on a contact that exists: the mapped fields; tags and attributes added. */
function mergedValues(
  existing: ContactValues,
  incoming: ContactValues,
  columns: ContactColumns,
): ContactValues {
  const mapped = (field: keyof typeof columns.fields) => columns.fields[field] !== undefined;
  const pick = <K extends keyof ContactValues>(
    key: K,
    field: keyof typeof columns.fields,
  ): ContactValues[K] => (mapped(field) && incoming[key] !== null ? incoming[key] : existing[key]);
  const nameMapped = mapped('name') || mapped('first_name') || mapped('last_name');
  return {
    name: nameMapped ? incoming.name : existing.name,
    email: existing.email,
    phone: pick('phone', 'phone'),
    company: pick('company', 'company'),
    street: pick('street', 'street'),
    house_number: pick('house_number', 'house_number'),
    postcode: pick('postcode', 'postcode'),
    city: pick('city', 'city'),
    language: mapped('language') ? incoming.language : existing.language,
    attributes: { ...existing.attributes, ...incoming.attributes },
    tags: normaliseTags([...existing.tags, ...incoming.tags]).slice(0, 50),
  };
}

interface StoredRow {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly company: string | null;
  readonly street: string | null;
  readonly house_number: string | null;
  readonly postcode: string | null;
  readonly city: string | null;
  readonly language: ContactValues['language'];
  readonly attributes: Record<string, string>;
  readonly tags: string[];
}

/** Stores one chunk and the import's progress in one transaction. */
export async function storeChunk(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  importRow: ContactImportRow,
  columns: ContactColumns,
  prepared: PreparedChunk,
  progress: Progress,
): Promise<void> {
  const { ready } = prepared;
  const organizationId = importRow.organizationId;
  const update = importRow.onDuplicate === 'update';
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    /** The contacts to write: a row merged with its stored contact has no record made ahead. */
    let writes: { values: ContactValues; merged: boolean }[] = ready.map((row) => ({
      values: row.values,
      merged: false,
    }));
    let existingKeys = new Set<string>();
    if (ready.length > 0) {
      const keys = ready.map((row) => row.key);
      const existing = await queryRows<StoredRow>(
        tx,
        sql`select id, lower(email) as key, name, email, phone, company, street, house_number, postcode, city,
                   language, attributes, tags
            from ${contacts}
            where organization_id = ${organizationId}
              and lower(email) = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`,
      );
      const byKey = new Map(existing.map((row) => [row.key, row]));
      existingKeys = new Set(byKey.keys());
      if (update)
        writes = ready.map((row) => {
          const found = byKey.get(row.key);
          return found === undefined
            ? { values: row.values, merged: false }
            : { values: mergedValues(found, row.values, columns), merged: true };
        });
      else writes = writes.filter((write) => !byKey.has(write.values.email.toLowerCase()));
    }
    if (writes.length > 0) {
      // The rows travel as one JSON parameter (see financeImport.ts): a VALUES list of a thousand
      // rows would bind fourteen thousand parameters, parsed and planned anew for every chunk.
      // A row merged with the stored contact gets its record anew; the others were made ahead.
      const records = writes.map(
        (write) =>
          (write.merged ? undefined : prepared.records.get(write.values.email.toLowerCase())) ??
          recordOf(write.values),
      );
      const stamp = now.toISOString();
      const conflict = update
        ? sql`do update set name = excluded.name, phone = excluded.phone, company = excluded.company,
              street = excluded.street, house_number = excluded.house_number, postcode = excluded.postcode,
              city = excluded.city, language = excluded.language, attributes = excluded.attributes,
              tags = excluded.tags, search_text = excluded.search_text, name_key = excluded.name_key,
              company_key = excluded.company_key, city_key = excluded.city_key, updated_at = excluded.updated_at`
        : sql`do nothing`;
      await tx.execute(sql`
        insert into ${contacts} (organization_id, name, email, phone, company, street, house_number, postcode,
          city, language, attributes, tags, search_text, name_key, email_key, company_key, city_key,
          created_at, updated_at)
        select ${organizationId}::integer, r.name, r.email, r.phone, r.company, r.street, r.house_number,
          r.postcode, r.city, r.language, r.attributes, r.tags, r.search_text, r.name_key, r.email_key,
          r.company_key, r.city_key, ${stamp}::timestamptz, ${stamp}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(name text, email text, phone text,
          company text, street text, house_number text, postcode text, city text, language text,
          attributes jsonb, tags text[], search_text text, name_key text, email_key text, company_key text,
          city_key text)
        on conflict (organization_id, lower(email)) ${conflict}`);
    }
    const existingCount = ready.filter((row) => existingKeys.has(row.key)).length;
    progress.created += ready.length - existingCount;
    if (update) progress.updated += existingCount;
    else progress.skipped += existingCount;
    await tx
      .update(contactImports)
      .set({
        processed: progress.processed,
        createdCount: progress.created,
        updatedCount: progress.updated,
        skippedCount: progress.skipped,
        duplicateCount: progress.duplicates,
        refusedCount: progress.refused,
        refusals: progress.refusals,
        progressAt: now,
      })
      .where(eq(contactImports.id, importRow.id));
  });
}
