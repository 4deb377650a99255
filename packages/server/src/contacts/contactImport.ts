import { readContactRow, skippedDuplicateLines } from '@loop/core/contacts';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type ContactImportRow, contactImports } from '../db/schema';
import { CSV_ROW_MESSAGES } from '../import/csvRows';
import { CONTACT_IMPORT_MESSAGES, type ContactFile, IMPORT_CHUNK, REFUSALS_KEPT } from './contactImportFile';
import { type PreparedChunk, type Progress, type Ready, recordOf, storeChunk } from './contactImportStore';

// What the import's tests name, from where the file is read.
export { CONTACT_IMPORT_MESSAGES, IMPORT_STALE_MS } from './contactImportFile';

/**
 * CSV imports of contacts. A dry run reads the file and answers what the mapping screen needs. A
 * real import is answered at once (202) and runs on in the background: chunk by chunk, each chunk
 * one multi-row INSERT … ON CONFLICT on (organisation, lower(e-mail)) in its own transaction with
 * the import's progress, so the screen's progress bar follows and a crash keeps what was committed.
 */

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
