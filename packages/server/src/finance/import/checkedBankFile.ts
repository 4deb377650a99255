import { createHash } from 'node:crypto';
import type { CsvMapping, FinanceCsvReport, ImportEncoding, ImportFormat } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { type BankLine, bankLineProblem, duplicateKeyMaterial, type LineRefusal } from '@loop/core/finance';
import { IMPORT_MAX_LINES, TOO_MANY_LINES } from './lineLimit';
import { readBankFile } from './readBankFile';

/**
 * An uploaded bank file read and checked, as far as it goes without the database: what runs in a
 * worker thread (R-HEAVY-3) and comes back as plain data: counts, the duplicate keys, the first
 * refusals and, only when the import will store them, the lines.
 */

/** Refused lines listed in a report (all are counted). */
export const REFUSALS_SHOWN = 200;

export interface CheckedBankFile {
  readonly format: ImportFormat;
  readonly encoding: ImportEncoding;
  readonly csv: FinanceCsvReport | null;
  /** Every line of the file, refused or not. */
  readonly lineCount: number;
  /** The lines that can be stored, in file order (empty unless asked for with `withLines`). */
  readonly lines: readonly BankLine[];
  /** How many lines can be stored. */
  readonly storable: number;
  /** The storable lines' duplicate keys, in the same order. */
  readonly keys: readonly string[];
  readonly refused: number;
  /** The first REFUSALS_SHOWN refused lines, in file order. */
  readonly refusals: readonly LineRefusal[];
}

export type CheckedBankFileResult =
  | { readonly ok: true; readonly value: CheckedBankFile }
  | { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/**
 * A line's duplicate key as stored in `finance_records.duplicate_key`: the first 128 bits of the
 * SHA-256 of core's key material, in hex (a collision within one organisation is not a concern at
 * that length, and the unique index stays half the size of full digests).
 */
export const duplicateKey = (material: string): string =>
  createHash('sha256').update(material).digest('hex').slice(0, 32);

/** Reads and checks a bank file: its lines split into those that can be stored and those refused. */
export function readCheckedBankFile(
  bytes: Uint8Array,
  options: {
    readonly format: ImportFormat | 'auto';
    readonly mapping: CsvMapping | null;
    readonly withLines: boolean;
  },
): CheckedBankFileResult {
  const read = readBankFile(bytes, options);
  if (!read.ok) return read;
  const file = read.value;
  if (file.lines.length > IMPORT_MAX_LINES) return { ok: false, detail: TOO_MANY_LINES };
  const lines: BankLine[] = [];
  const refusals: LineRefusal[] = [];
  let refused = 0;
  const refuse = (refusal: LineRefusal) => {
    refused++;
    if (refusals.length < REFUSALS_SHOWN) refusals.push(refusal);
  };
  for (const parsed of file.lines) {
    if (!parsed.ok) {
      refuse(parsed.refusal);
      continue;
    }
    const problem = bankLineProblem(parsed.value);
    if (problem === null) lines.push(parsed.value);
    else refuse({ line: parsed.value.line, reason: problem });
  }
  return {
    ok: true,
    value: {
      format: file.format,
      encoding: file.encoding,
      csv: file.csv,
      lineCount: file.lines.length,
      lines: options.withLines ? lines : [],
      storable: lines.length,
      keys: duplicateKeyMaterial(lines).map(duplicateKey),
      refused,
      refusals,
    },
  };
}
