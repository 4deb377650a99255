import type { ContactCsvMapping, CsvMapping, ImportFormat } from '@loop/core';
import type { ImportDefaults } from '@loop/core/finance';
import type { ContactFile } from '../contacts/contactImportFile';
import type { CheckedBankFileResult } from '../finance/import/checkedBankFile';
import { unpackRows } from '../import/packedRows';
import { runHeavy } from './heavyPool';
import type { PackedContactFile } from './heavyTasks';

/** The imports' file reading, on a worker thread (R-HEAVY-3); what comes back is plain data. */

/** A contacts file read on a worker: its rows unpacked a slice at a time where they are used. */
export async function readContactFileInWorker(
  bytes: Uint8Array,
  mapping: ContactCsvMapping | null,
): Promise<({ readonly ok: true } & ContactFile) | Exclude<PackedContactFile, { readonly ok: true }>> {
  const read = await runHeavy({ kind: 'contactsFile', bytes, mapping });
  if (!read.ok) return read;
  const { packed, ...file } = read;
  return { ...file, rows: unpackRows(packed) };
}

/** A bank file read and checked on a worker; its records come back only with `defaults`. */
export function readBankFileInWorker(
  bytes: Uint8Array,
  options: {
    readonly format: ImportFormat | 'auto';
    readonly mapping: CsvMapping | null;
    readonly defaults: ImportDefaults | null;
  },
): Promise<CheckedBankFileResult> {
  return runHeavy({ kind: 'bankFile', bytes, ...options });
}
