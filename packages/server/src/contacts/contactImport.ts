import type {
  ContactCsvMapping,
  ContactImport,
  ContactImportPreview,
  CsvDelimiter,
  DuplicatePolicy,
  FileDuplicateChoice,
  ImportEncoding,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  type ContactColumns,
  type ContactValues,
  type FileDuplicateGroup,
  fileDuplicatesSummary,
  findFileDuplicates,
  normaliseTags,
  readContactRow,
  resolveContactColumns,
  skippedDuplicateLines,
  suggestContactMapping,
} from '@loop/core/contacts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import { type ContactImportRow, contactImports, contacts } from '../db/schema';
import { CSV_ROW_MESSAGES, type CsvRow, readCsvRows } from '../import/csvRows';
import { DECODE_MESSAGES, type DecodeMessages, decodeText } from '../import/decodeText';
import { queryRows } from '../results/resultsSql';
import { columnsOf } from './contactStore';

/**
 * CSV imports of contacts. A dry run reads the file and answers what the mapping screen needs. A
 * real import is answered at once (202) and runs on in the background: chunk by chunk, each chunk
 * one multi-row INSERT … ON CONFLICT on (organisation, lower(e-mail)) in its own transaction with
 * the import's progress, so the screen's progress bar follows and a crash keeps what was committed.
 */

export const CONTACT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 200_000;
export const IMPORT_CHUNK = 1_000;
export const REFUSALS_KEPT = 200;
const SAMPLE_ROWS = 10;
/** A running import shows progress at least every chunk; this long without means it was cut off. */
export const IMPORT_STALE_MS = 60_000;

export const CONTACT_IMPORT_MESSAGES = {
  noRows: 'Het CSV-bestand bevat geen regels.',
  noDataRows: 'Het CSV-bestand bevat geen contacten: alleen de regel met kolomkoppen.',
  tooManyRows: `Een import is hoogstens ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('nl-NL')} contacten. Splits het bestand.`,
  notRecognised: (headers: readonly string[]) =>
    `De kolommen van dit CSV-bestand zijn niet herkend (${headers.map((header) => `'${header}'`).join(', ')}). Geef aan welke kolom het e-mailadres en welke de naam bevat.`,
  /** A real import of a file with addresses on several rows, without the choice which row counts. */
  fileDuplicatesUnchosen: (addresses: number, example: FileDuplicateGroup) => {
    const [a, b, c] = example.lines;
    const count = example.lines.length;
    const lines =
      count === 2 ? `${a} en ${b}` : count === 3 ? `${a}, ${b} en ${c}` : `${a}, ${b}, ${c} en verder`;
    const which =
      addresses === 1 ? 'Eén e-mailadres staat' : `${addresses.toLocaleString('nl-NL')} e-mailadressen staan`;
    return (
      `${which} op meer dan één regel (bijvoorbeeld ${example.email} op regel ${lines}). ` +
      'Kies welke regel telt: first (de eerste) of last (de laatste).'
    );
  },
  interrupted:
    "De import is onderbroken (de server stopte). De contacten tot de laatst gemelde voortgang zijn opgeslagen; importeer het bestand opnieuw met 'bijwerken' of 'overslaan' om de rest toe te voegen.",
  failed:
    'De import is mislukt door een fout op de server. De contacten tot de laatst gemelde voortgang zijn opgeslagen; probeer het opnieuw.',
} as const;

/** decodeText's messages, naming the files a contacts import takes. */
export const CONTACT_DECODE_MESSAGES: DecodeMessages = {
  ...DECODE_MESSAGES,
  pdf: "Dit is een PDF. Importeer contacten als CSV-bestand (in Excel: Opslaan als 'CSV (gescheiden door lijstscheidingsteken)').",
  binary: 'Dit bestand bevat geen tekst (het lijkt een programma of afbeelding). Kies een CSV-bestand.',
};

type Failure = { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/** A contacts file read: its rows and how to read them. */
export interface ContactFile {
  readonly encoding: ImportEncoding;
  readonly delimiter: CsvDelimiter;
  readonly headers: readonly string[];
  readonly mapping: ContactCsvMapping;
  readonly columns: ContactColumns | null;
  /** The data rows (the header row left out when there is one). */
  readonly rows: readonly CsvRow[];
  /** Addresses on more than one row (read with `columns`; none without them). */
  readonly duplicates: readonly FileDuplicateGroup[];
}

/**
 * Decodes and reads a contacts file with the requested mapping or, without one, the mapping its
 * headers suggest. `columns` is null when the mapping does not name the e-mail and name columns
 * (a dry run still answers; a real import refuses).
 */
export function readContactFile(
  bytes: Uint8Array,
  requested: ContactCsvMapping | null,
): ({ readonly ok: true } & ContactFile) | Failure {
  const decoded = decodeText(bytes, CONTACT_DECODE_MESSAGES);
  if (!decoded.ok) return decoded;
  const parsed = readCsvRows(decoded.text, requested?.delimiter);
  const [first, ...rest] = parsed.rows;
  if (first === undefined) return { ok: false, detail: CONTACT_IMPORT_MESSAGES.noRows };
  const hasHeader = requested?.has_header !== false;
  const headers = hasHeader ? first.cells.map((cell) => cell.trim()) : [];
  const mapping: ContactCsvMapping = {
    ...(requested ?? suggestContactMapping(headers)),
    delimiter: parsed.delimiter,
  };
  const rows = hasHeader ? rest : parsed.rows;
  if (rows.length > CONTACT_IMPORT_MAX_ROWS)
    return { ok: false, detail: CONTACT_IMPORT_MESSAGES.tooManyRows };
  const complete =
    mapping.fields.email !== undefined &&
    (mapping.fields.name !== undefined ||
      mapping.fields.first_name !== undefined ||
      mapping.fields.last_name !== undefined);
  let columns: ContactColumns | null = null;
  if (complete) {
    const resolved = resolveContactColumns(mapping, first.cells);
    if (!resolved.ok) {
      const detail = Object.values(resolved.fields)[0] ?? CONTACT_IMPORT_MESSAGES.notRecognised(headers);
      return { ok: false, detail, fields: resolved.fields };
    }
    columns = resolved.value;
  } else if (requested !== null) {
    // A checked mapping always names both; only a suggestion can lack them.
    throw new Error('contact mapping without e-mail or name column');
  }
  return {
    ok: true,
    encoding: decoded.encoding,
    delimiter: parsed.delimiter,
    headers,
    mapping,
    columns,
    rows,
    duplicates: columns === null ? [] : findFileDuplicates(rows, columns),
  };
}

/** What a dry run answers: the headers, the mapping and the first rows. */
export const previewOf = (fileName: string, file: ContactFile): ContactImportPreview => ({
  file_name: fileName,
  encoding: file.encoding,
  delimiter: file.delimiter,
  headers: file.headers,
  mapping: file.mapping,
  sample: file.rows.slice(0, SAMPLE_ROWS).map((row) => row.cells),
  rows: file.rows.length,
  duplicates: file.columns === null ? null : fileDuplicatesSummary(file.duplicates),
});

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

interface Progress {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  duplicates: number;
  refused: number;
  refusals: { line: number; reason: string }[];
}

/** A row ready to store, under its address in lower case. */
interface Ready {
  readonly key: string;
  readonly values: ContactValues;
}

/** A contact's columns as the insert reads them from JSON (search text and sort keys made). */
function recordOf(value: ContactValues) {
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
interface PreparedChunk {
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
async function storeChunk(
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

/** Lets the event loop answer other work (the chunk being stored, requests) between slices. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const PREPARE_SLICE = 100;

/**
 * Runs an import to its end: every row read (refused with its line and a Dutch reason, or stored),
 * a thousand rows per chunk. Of an address on several rows of the file only the row the import's
 * `file_duplicates` names counts (the first or the last, found in the whole file before the first
 * chunk, so it holds across chunks); the others are skipped and counted as duplicates. Each
 * address is thus stored at most once, and 'updated' counts only contacts from before the import.
 *
 * The next chunk is read and checked (and its contacts' search texts and sort keys made) while the
 * database stores the current one, in slices that leave the event loop free to send the store's
 * statements as their answers come: the file's work and the database's overlap instead of taking
 * turns.
 */
export async function runImport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  importRow: ContactImportRow,
  file: ContactFile,
): Promise<void> {
  const columns = file.columns;
  if (columns === null) throw new Error('import without columns');
  if (file.duplicates.length > 0 && importRow.fileDuplicates === null)
    throw new Error('import of a file with repeated addresses without file_duplicates');
  const skip = skippedDuplicateLines(file.duplicates, importRow.fileDuplicates ?? 'first');
  const progress: Progress = {
    processed: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    duplicates: 0,
    refused: 0,
    refusals: [],
  };
  const prepare = async (start: number): Promise<PreparedChunk> => {
    const chunk = file.rows.slice(start, start + IMPORT_CHUNK);
    const ready: Ready[] = [];
    const refusals: { line: number; reason: string }[] = [];
    let duplicates = 0;
    for (const [index, row] of chunk.entries()) {
      if (index > 0 && index % PREPARE_SLICE === 0) await yieldToLoop();
      if (row.broken) {
        refusals.push({ line: row.line, reason: CSV_ROW_MESSAGES.unterminatedQuote });
        continue;
      }
      if (skip.has(row.line)) {
        duplicates++;
        continue;
      }
      const read = readContactRow(row.cells, row.line, columns);
      if (!read.ok) {
        refusals.push(read.refusal);
        continue;
      }
      ready.push({ key: read.value.email.toLowerCase(), values: read.value });
    }
    const records = new Map<string, ReturnType<typeof recordOf>>();
    for (const [index, row] of ready.entries()) {
      if (index > 0 && index % PREPARE_SLICE === 0) await yieldToLoop();
      records.set(row.key, recordOf(row.values));
    }
    return { processed: start + chunk.length, ready, records, refusals, duplicates };
  };
  try {
    let next: Promise<PreparedChunk> | null = file.rows.length > 0 ? prepare(0) : null;
    for (let start = 0; next !== null; start += IMPORT_CHUNK) {
      const prepared = await next;
      for (const refusal of prepared.refusals) {
        progress.refused++;
        if (progress.refusals.length < REFUSALS_KEPT) progress.refusals.push(refusal);
      }
      progress.duplicates += prepared.duplicates;
      progress.processed = prepared.processed;
      const storing = storeChunk(deps, importRow, columns, prepared, progress);
      next = start + IMPORT_CHUNK < file.rows.length ? prepare(start + IMPORT_CHUNK) : null;
      // A failed store ends the import; the chunk read meanwhile is dropped.
      next?.catch(() => undefined);
      await storing;
    }
    const now = deps.clock.now();
    await deps.db
      .update(contactImports)
      .set({ state: 'done', finishedAt: now, progressAt: now })
      .where(eq(contactImports.id, importRow.id));
  } catch (error) {
    const now = deps.clock.now();
    await deps.db
      .update(contactImports)
      .set({ state: 'failed', error: CONTACT_IMPORT_MESSAGES.failed, finishedAt: now })
      .where(eq(contactImports.id, importRow.id))
      .catch(() => {});
    throw error;
  }
}
