import {
  type ContactCsvMapping,
  type ContactImport,
  type ContactImportPreview,
  DUPLICATE_POLICIES,
  type DuplicatePolicy,
  FILE_DUPLICATE_CHOICES,
  type FileDuplicateChoice,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { checkContactMapping } from '@loop/core/contacts';
import type { ContactImportRow } from '../db/schema';
import { readContactFileInWorker } from '../heavy/heavyReads';
import { mappingField } from '../import/uploadForm';
import { runImport } from './contactImport';
import { CONTACT_IMPORT_MESSAGES, type ContactFile, IMPORT_STALE_MS, previewOf } from './contactImportFile';
import {
  createImport,
  failStaleImports,
  findImport,
  listRecentImports,
  toContactImport,
} from './contactImportStore';
import { CONTACT_FORM_MESSAGES, type ContactResult, invalid, ok, refuse } from './contactRefusals';
import { CONTACT_ERRORS } from './contactStore';
import type { ContactDeps } from './contactUseCases';

/**
 * CSV imports of contacts: a dry run answers what the mapping screen needs; a real import is
 * answered at once and runs on in the background (contactImport.ts), among the running `ImportJobs`.
 */

/** The imports running in the background, so a stop can wait for them. */
export class ImportJobs {
  private readonly running = new Set<Promise<void>>();

  /** Runs an import on; a failure is told to `onFailure` (the import is then marked failed). */
  start(
    deps: ContactDeps,
    row: ContactImportRow,
    file: ContactFile,
    onFailure: (error: unknown, importId: number) => void,
  ): void {
    const job = runImport(deps, row, file)
      .catch((error: unknown) => onFailure(error, row.id))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Waits until every running import has ended. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}

/**
 * Imports still 'running' from before `deps.clock.now()` were cut off (or run on another instance,
 * which then shows progress within IMPORT_STALE_MS and is left alone).
 */
export async function failInterruptedImports(deps: ContactDeps): Promise<number> {
  const started = deps.clock.now();
  return failStaleImports(deps.db, new Date(started.getTime() - IMPORT_STALE_MS), started);
}

export interface ImportOptions {
  readonly mapping: ContactCsvMapping | null;
  readonly onDuplicate: DuplicatePolicy;
  readonly fileDuplicates: FileDuplicateChoice | null;
  readonly dryRun: boolean;
}

/** The checked fields of the import form besides the file. */
export function importOptionsOf(fields: Readonly<Record<string, string>>): ContactResult<ImportOptions> {
  const errors: Record<string, string> = {};
  const onDuplicate = (fields.on_duplicate ?? '').trim() || 'update';
  if (!(DUPLICATE_POLICIES as readonly string[]).includes(onDuplicate))
    errors.on_duplicate = CONTACT_FORM_MESSAGES.onDuplicate;
  const fileDuplicates = (fields.file_duplicates ?? '').trim();
  if (fileDuplicates !== '' && !(FILE_DUPLICATE_CHOICES as readonly string[]).includes(fileDuplicates))
    errors.file_duplicates = CONTACT_FORM_MESSAGES.fileDuplicates;
  const dryRunText = (fields.dry_run ?? '').trim().toLowerCase();
  if (dryRunText !== '' && dryRunText !== 'true' && dryRunText !== 'false')
    errors.dry_run = CONTACT_FORM_MESSAGES.flag;
  const mapping = mappingField(fields, errors, CONTACT_FORM_MESSAGES.mappingJson, checkContactMapping);
  if (Object.keys(errors).length > 0) return invalid(errors as FieldErrors);
  return ok({
    mapping,
    onDuplicate: onDuplicate as DuplicatePolicy,
    fileDuplicates: fileDuplicates === '' ? null : (fileDuplicates as FileDuplicateChoice),
    dryRun: dryRunText === 'true',
  });
}

/** An uploaded contacts file with the form's other fields. */
export interface ImportUpload {
  readonly organizationId: number;
  readonly userId: number;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly fields: Readonly<Record<string, string>>;
}

/** A dry run's preview, or the import started with its number of rows. */
export type ImportAnswer =
  | { readonly dryRun: true; readonly preview: ContactImportPreview }
  | { readonly dryRun: false; readonly started: ContactImport; readonly rows: number };

/**
 * Reads an uploaded file: a dry run answers its preview; otherwise the import is stored as running
 * and started among `jobs`. Of an address on several rows the form must say which row counts.
 */
export async function importContacts(
  deps: ContactDeps,
  jobs: ImportJobs,
  upload: ImportUpload,
  onFailure: (error: unknown, importId: number) => void,
): Promise<ContactResult<ImportAnswer>> {
  const options = importOptionsOf(upload.fields);
  if (!options.ok) return options;
  const { mapping, dryRun, onDuplicate, fileDuplicates } = options.value;
  // Read on a worker thread: a 200,000-row file would hold the event loop for seconds (R-HEAVY-3).
  const file = await readContactFileInWorker(upload.bytes, mapping);
  if (!file.ok) return refuse('invalid', file.detail, file.fields);
  if (dryRun) return ok({ dryRun: true, preview: previewOf(upload.fileName, file) });
  if (file.columns === null) {
    const detail = CONTACT_IMPORT_MESSAGES.notRecognised(file.headers);
    return refuse('invalid', detail, { mapping: detail });
  }
  if (file.rows.length === 0) return refuse('invalid', CONTACT_IMPORT_MESSAGES.noDataRows);
  const [example] = file.duplicates;
  if (example !== undefined && fileDuplicates === null) {
    // The person chooses which row of a repeated address counts; the import never guesses.
    const detail = CONTACT_IMPORT_MESSAGES.fileDuplicatesUnchosen(file.duplicates.length, example);
    return refuse('invalid', detail, { file_duplicates: detail });
  }
  const row = await createImport(
    deps.db,
    {
      organizationId: upload.organizationId,
      userId: upload.userId,
      fileName: upload.fileName,
      onDuplicate,
      fileDuplicates: example === undefined ? null : fileDuplicates,
      rows: file.rows.length,
    },
    deps.clock.now(),
  );
  jobs.start(deps, row, file, onFailure);
  return ok({ dryRun: false, started: toContactImport(row), rows: file.rows.length });
}

/** The organisation's last 20 imports, newest first. */
export const recentImports = (deps: ContactDeps, organizationId: number): Promise<ContactImport[]> =>
  listRecentImports(deps, organizationId);

/** One import with its progress. */
export async function getImport(
  deps: ContactDeps,
  organizationId: number,
  id: number,
): Promise<ContactResult<ContactImport>> {
  const found = await findImport(deps, organizationId, id);
  return found === null ? refuse('not_found', CONTACT_ERRORS.importNotFound) : ok(found);
}
