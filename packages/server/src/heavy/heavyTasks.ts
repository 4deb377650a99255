import type { ContactCsvMapping, CsvMapping, ImportFormat } from '@loop/core';
import type { ImportDefaults } from '@loop/core/finance';
import { type ContactFile, readContactFile } from '../contacts/contactImportFile';
import { type CheckedBankFileResult, readCheckedBankFile } from '../finance/import/checkedBankFile';
import { type PackedRows, packRows } from '../import/packedRows';
import { type HeavyStreamTask, runHeavyStream } from './heavyStreamTasks';

/**
 * The work a worker thread does (R-HEAVY-3): reading uploaded files into plain data. Everything
 * here is pure: no database, no request; the main thread stores what comes back.
 */

export type HeavyTask =
  | {
      readonly kind: 'contactsFile';
      readonly bytes: Uint8Array;
      readonly mapping: ContactCsvMapping | null;
    }
  | {
      readonly kind: 'bankFile';
      readonly bytes: Uint8Array;
      readonly format: ImportFormat | 'auto';
      readonly mapping: CsvMapping | null;
      readonly defaults: ImportDefaults | null;
    };

/** A contacts file as it crosses back from the worker: the rows packed (packedRows.ts). */
export type PackedContactFile =
  | ({ readonly ok: true; readonly packed: PackedRows } & Omit<ContactFile, 'rows'>)
  | Exclude<ReturnType<typeof readContactFile>, { readonly ok: true }>;

export interface HeavyResults {
  readonly contactsFile: PackedContactFile;
  readonly bankFile: CheckedBankFileResult;
}

function contactsFile(bytes: Uint8Array, mapping: ContactCsvMapping | null): PackedContactFile {
  const file = readContactFile(bytes, mapping);
  if (!file.ok) return file;
  const { rows, ok, ...rest } = file;
  return { ok, ...rest, packed: packRows(rows) };
}

/** Runs one task (the worker's handler; a test may call it on its own thread). */
export function runHeavyTask(
  task: HeavyTask | HeavyStreamTask,
): HeavyResults[HeavyTask['kind']] | Promise<void> {
  switch (task.kind) {
    case 'stream':
      return runHeavyStream(task);
    case 'contactsFile':
      return contactsFile(task.bytes, task.mapping);
    case 'bankFile':
      return readCheckedBankFile(task.bytes, task);
  }
}
