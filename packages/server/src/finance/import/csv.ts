import type { CsvMapping, FinanceCsvReport } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  CSV_MESSAGES,
  type ParsedBankLine,
  readCsvRow,
  resolveCsvColumns,
  suggestCsvMapping,
} from '@loop/core/finance';
import { CSV_ROW_MESSAGES, readCsvRows } from '../../import/csvRows';
import { IMPORT_MAX_LINES, TOO_MANY_LINES } from './lineLimit';

/**
 * CSV bank exports, read into rows by the shared `readCsvRows` (papaparse; Dutch Excel writes ';',
 * banks ',' or ';', ABN AMRO a tab). Which column is what comes from the request's
 * mapping or, without one, from the headers of the known Dutch exports (core `suggestCsvMapping`);
 * core's `readCsvRow` turns each row into a bank line.
 */

export const CSV_FILE_MESSAGES = {
  unterminatedQuote: CSV_ROW_MESSAGES.unterminatedQuote,
  noRows: 'Het CSV-bestand bevat geen regels.',
} as const;

export type CsvResult =
  | { readonly ok: true; readonly lines: ParsedBankLine[]; readonly report: FinanceCsvReport }
  | { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/** Every data row of a CSV file as a bank line (or refused), with the mapping that was used. */
export function parseCsv(text: string, requested: CsvMapping | null): CsvResult {
  // A header and one line over the limit are enough to refuse the file (R-HEAVY-2).
  const parsed = readCsvRows(text, requested?.delimiter, IMPORT_MAX_LINES + 1);
  if (parsed.cut) return { ok: false, detail: TOO_MANY_LINES };
  const [first, ...rest] = parsed.rows;
  if (first === undefined) return { ok: false, detail: CSV_FILE_MESSAGES.noRows };
  const headers = first.cells.map((cell) => cell.trim());
  const mapping = requested ?? suggestCsvMapping(headers);
  if (mapping === null) {
    const detail = CSV_MESSAGES.notRecognised(headers);
    return { ok: false, detail, fields: { mapping: detail } };
  }
  const columns = resolveCsvColumns(mapping, first.cells);
  if (!columns.ok) {
    const detail = Object.values(columns.fields)[0] ?? CSV_MESSAGES.notRecognised(headers);
    return { ok: false, detail, fields: columns.fields };
  }
  const data = mapping.has_header === false ? parsed.rows : rest;
  const lines = data.map(
    (row): ParsedBankLine =>
      row.broken
        ? { ok: false, refusal: { line: row.line, reason: CSV_FILE_MESSAGES.unterminatedQuote } }
        : readCsvRow(row.cells, row.line, columns.value, mapping),
  );
  return {
    ok: true,
    lines,
    report: {
      delimiter: parsed.delimiter,
      headers: mapping.has_header === false ? [] : headers,
      mapping: { ...mapping, delimiter: parsed.delimiter },
    },
  };
}
