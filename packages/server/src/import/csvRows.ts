import { CSV_DELIMITERS, type CsvDelimiter } from '@loop/core';
import Papa from 'papaparse';

/**
 * The rows of a CSV text, read with papaparse: the maintained CSV parser of the field, which
 * handles quoted cells with separators and line breaks in them and detects the separator (Dutch
 * Excel writes ';', others ',', some a tab). Shared by every CSV import (bank statements, contacts).
 */

export const CSV_ROW_MESSAGES = {
  unterminatedQuote: 'Een aanhalingsteken in deze regel wordt niet gesloten.',
} as const;

/** One row: its cells, the line of the file it starts on, and whether its quoting is broken. */
export interface CsvRow {
  readonly cells: string[];
  readonly line: number;
  readonly broken: boolean;
}

/**
 * The separator of the first line: the candidate that occurs most often outside quotes, or null.
 * Read from the header alone, so a broken quote further down (which leaves papaparse's own guess
 * at ',') cannot hide it.
 */
function firstLineDelimiter(text: string): CsvDelimiter | null {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) break;
    else if (!quoted && (CSV_DELIMITERS as readonly string[]).includes(char))
      counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: CsvDelimiter | null = null;
  for (const candidate of CSV_DELIMITERS)
    if ((counts.get(candidate) ?? 0) > (best === null ? 0 : (counts.get(best) ?? 0))) best = candidate;
  return best;
}

/** What `readCsvRows` read: the rows, the separator, and whether it stopped at `maxRows`. */
export interface CsvRows {
  readonly rows: CsvRow[];
  readonly delimiter: CsvDelimiter;
  /** True when the text holds more than `maxRows` rows: reading stopped at the first one over. */
  readonly cut: boolean;
}

/**
 * The rows of the text with the line number each starts on (quoted cells may span lines). Reading
 * stops at the row after the first `maxRows` (R-HEAVY-2): a file over an import's limit is refused
 * when the limit is crossed, not after the whole file has been read into rows.
 */
export function readCsvRows(
  text: string,
  delimiter: CsvDelimiter | undefined,
  maxRows = Number.POSITIVE_INFINITY,
): CsvRows {
  const normalised = text.replace(/\r\n?/g, '\n');
  const chosen = delimiter ?? firstLineDelimiter(normalised.replace(/^\n+/, '')) ?? undefined;
  const result: CsvRow[] = [];
  let line = 1;
  let consumed = 0;
  let detected: string = chosen ?? '';
  let cut = false;
  Papa.parse<string[]>(normalised, {
    delimiter: chosen ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (step, parser) => {
      if (cut) return;
      if (result.length >= maxRows) {
        cut = true;
        parser.abort();
        return;
      }
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
  return { rows: result, delimiter: used, cut };
}
