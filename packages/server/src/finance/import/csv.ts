import { CSV_DELIMITERS, type CsvDelimiter, type CsvMapping, type FinanceCsvReport } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  CSV_MESSAGES,
  type ParsedBankLine,
  readCsvRow,
  resolveCsvColumns,
  suggestCsvMapping,
} from '@loop/core/finance';
import Papa from 'papaparse';

/**
 * CSV bank exports, read with papaparse: the maintained CSV parser of the field, which handles
 * quoted cells with separators and line breaks in them, and detects the separator (Dutch Excel
 * writes ';', banks ',' or ';', ABN AMRO a tab). Which column is what comes from the request's
 * mapping or, without one, from the headers of the known Dutch exports (core `suggestCsvMapping`);
 * core's `readCsvRow` turns each row into a bank line.
 */

export const CSV_FILE_MESSAGES = {
  unterminatedQuote: 'Een aanhalingsteken in deze regel wordt niet gesloten.',
  noRows: 'Het CSV-bestand bevat geen regels.',
} as const;

interface Row {
  readonly cells: string[];
  readonly line: number;
  readonly broken: boolean;
}

/** The rows of the text with the line number each starts on (quoted cells may span lines). */
function rows(text: string, delimiter: CsvDelimiter | undefined): { rows: Row[]; delimiter: CsvDelimiter } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const result: Row[] = [];
  let line = 1;
  let consumed = 0;
  let detected: string = delimiter ?? '';
  Papa.parse<string[]>(normalised, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (step) => {
      // Blank lines skipped before this row still count.
      let start = consumed;
      while (normalised.charCodeAt(start) === 10 || normalised.charCodeAt(start) === 32) {
        if (normalised.charCodeAt(start) === 10) line++;
        start++;
      }
      const end = step.meta.cursor;
      const rowLine = line;
      for (let i = start; i < end; i++) if (normalised.charCodeAt(i) === 10) line++;
      consumed = end;
      detected = step.meta.delimiter;
      result.push({
        cells: step.data,
        line: rowLine,
        broken: step.errors.some((error) => error.code === 'MissingQuotes'),
      });
    },
  });
  const used = (CSV_DELIMITERS as readonly string[]).includes(detected) ? (detected as CsvDelimiter) : ';';
  return { rows: result, delimiter: used };
}

export type CsvResult =
  | { readonly ok: true; readonly lines: ParsedBankLine[]; readonly report: FinanceCsvReport }
  | { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/** Every data row of a CSV file as a bank line (or refused), with the mapping that was used. */
export function parseCsv(text: string, requested: CsvMapping | null): CsvResult {
  const parsed = rows(text, requested?.delimiter);
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
