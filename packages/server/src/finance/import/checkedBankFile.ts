import { createHash } from 'node:crypto';
import type { CsvMapping, FinanceCsvReport, ImportEncoding, ImportFormat } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  type BankLine,
  bankLineProblem,
  bankLineRecord,
  duplicateKeyMaterial,
  type ImportDefaults,
  type LineRefusal,
} from '@loop/core/finance';
import { IMPORT_MAX_LINES, TOO_MANY_LINES } from './lineLimit';
import { readBankFile } from './readBankFile';

/**
 * An uploaded bank file read and checked, as far as it goes without the database: what runs in a
 * worker thread (R-HEAVY-3) and comes back as plain data: counts, the duplicate keys, the first
 * refusals and, only when the import will store them, the records as JSON ready for the INSERTs.
 */

/** Refused lines listed in a report (all are counted). */
export const REFUSALS_SHOWN = 200;
/** Records per INSERT statement (a few MB of JSON; one run of the sums' trigger each). */
const INSERT_CHUNK = 10_000;

export interface CheckedBankFile {
  readonly format: ImportFormat;
  readonly encoding: ImportEncoding;
  readonly csv: FinanceCsvReport | null;
  /** Every line of the file, refused or not. */
  readonly lineCount: number;
  /**
   * The storable lines as the records they become, in file order with their duplicate keys: JSON
   * arrays of up to 10,000 rows, one per INSERT (empty unless asked for with `defaults`).
   */
  readonly recordChunks: readonly string[];
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

/** The lines as `finance_records` rows, JSON arrays of INSERT_CHUNK rows (storeImport's statements). */
function recordChunks(
  lines: readonly BankLine[],
  keys: readonly string[],
  defaults: ImportDefaults,
): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < lines.length; start += INSERT_CHUNK) {
    const rows = lines.slice(start, start + INSERT_CHUNK).map((line, index) => {
      const record = bankLineRecord(line, defaults);
      return {
        date: record.date,
        direction: record.direction,
        amount_cents: record.amountCents,
        btw_rate: record.btwRate,
        btw_cents: record.btwCents,
        category: record.category,
        description: record.description,
        counterparty: record.counterparty,
        bank_account: record.bankAccount,
        bank_reference: record.bankReference,
        duplicate_key: keys[start + index],
      };
    });
    chunks.push(JSON.stringify(rows));
  }
  return chunks;
}

/** Reads and checks a bank file: its lines split into those that can be stored and those refused. */
export function readCheckedBankFile(
  bytes: Uint8Array,
  options: {
    readonly format: ImportFormat | 'auto';
    readonly mapping: CsvMapping | null;
    /** The records' defaults when they will be stored; null for a dry run. */
    readonly defaults: ImportDefaults | null;
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
  const keys = duplicateKeyMaterial(lines).map(duplicateKey);
  return {
    ok: true,
    value: {
      format: file.format,
      encoding: file.encoding,
      csv: file.csv,
      lineCount: file.lines.length,
      recordChunks: options.defaults === null ? [] : recordChunks(lines, keys, options.defaults),
      storable: lines.length,
      keys,
      refused,
      refusals,
    },
  };
}
