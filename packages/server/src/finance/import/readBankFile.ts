import type { CsvMapping, FinanceCsvReport, ImportEncoding, ImportFormat } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { balanceProblem, type ParsedBankLine, type StatementBalance } from '@loop/core/finance';
import { decodeText } from '../../import/decodeText';
import { parseCamt053 } from './camt053';
import { parseCsv } from './csv';
import { MT940_MESSAGES, parseMt940 } from './mt940';

/** A bank file read into lines: which format it was, how its text was decoded, and every line. */
export interface BankFile {
  readonly format: ImportFormat;
  readonly encoding: ImportEncoding;
  readonly lines: readonly ParsedBankLine[];
  readonly csv: FinanceCsvReport | null;
}

export type ReadBankFile =
  | { readonly ok: true; readonly value: BankFile }
  | { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/** The format a text has: XML is CAMT, ':20:'/':61:' fields are MT940, anything else CSV. */
export function detectFormat(text: string): ImportFormat {
  const start = text.trimStart();
  if (start.startsWith('<')) return 'camt053';
  if (/^:(20|61|25):/m.test(text.slice(0, 100_000))) return 'mt940';
  return 'csv';
}

/** The lines read, or the file refused when a statement's closing balance does not add up. */
function checked(value: BankFile, balances: readonly StatementBalance[]): ReadBankFile {
  const problem = balanceProblem(balances);
  return problem === null ? { ok: true, value } : { ok: false, detail: problem };
}

/**
 * Decodes, detects (unless given) and parses an uploaded bank file; a statement whose balances do
 * not add up refuses the whole file (docs/decisions/finance.md, 'A statement's balances must add up').
 * Nothing is stored here.
 */
export function readBankFile(
  bytes: Uint8Array,
  options: { readonly format: ImportFormat | 'auto'; readonly mapping: CsvMapping | null },
): ReadBankFile {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return { ok: false, detail: decoded.detail };
  const { text, encoding } = decoded;
  const format = options.format === 'auto' ? detectFormat(text) : options.format;
  if (format === 'camt053') {
    const camt = parseCamt053(text);
    return camt.ok ? checked({ format, encoding, lines: camt.lines, csv: null }, camt.balances) : camt;
  }
  if (format === 'mt940') {
    const mt940 = parseMt940(text);
    return mt940 === null
      ? { ok: false, detail: MT940_MESSAGES.noStatement }
      : checked({ format, encoding, lines: mt940.lines, csv: null }, mt940.balances);
  }
  const csv = parseCsv(text, options.mapping);
  return csv.ok ? { ok: true, value: { format, encoding, lines: csv.lines, csv: csv.report } } : csv;
}
