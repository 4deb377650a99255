import type { CsvDelimiter, CsvMapping, FinanceImportReport, ImportFormat } from '../contract';
import { CSV_DELIMITERS } from '../contract';
import { formatAmount } from './amount';
import { readCsvRow, resolveCsvColumns } from './csvMapping';

/**
 * The import form's rules: which format a chosen file has, a preview of a CSV file's first lines
 * through a column mapping (the same `readCsvRow` the server runs), and the report in words.
 */

export const IMPORT_FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  camt053: 'CAMT.053 (XML)',
  mt940: 'MT940',
  csv: 'CSV',
};

const EXTENSION_FORMATS: Readonly<Record<string, ImportFormat>> = {
  xml: 'camt053',
  camt: 'camt053',
  '053': 'camt053',
  sta: 'mt940',
  '940': 'mt940',
  mt940: 'mt940',
  swi: 'mt940',
  csv: 'csv',
};

/**
 * The format of a bank file, from the start of its text as the server decides it (XML is CAMT.053,
 * ':20:', ':25:' or ':61:' fields are MT940) and otherwise from its name's extension; CSV when
 * neither says. A '.txt' export can be either, so its content decides.
 */
export function detectImportFormat(fileName: string, head: string): ImportFormat {
  const text = head.replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<')) return 'camt053';
  if (/^:(20|61|25):/m.test(text)) return 'mt940';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const byName = EXTENSION_FORMATS[extension];
  return text.trim() === '' && byName !== undefined ? byName : 'csv';
}

/** Cells of one CSV line (quotes around cells, "" inside them); null when a quote is not closed. */
function splitLine(line: string, delimiter: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

/** The separator that splits the first line into the most cells (';' wins a tie, as Dutch Excel writes it). */
function guessDelimiter(firstLine: string): CsvDelimiter {
  let best: CsvDelimiter = ';';
  let most = 1;
  for (const delimiter of CSV_DELIMITERS) {
    const count = splitLine(firstLine, delimiter)?.length ?? 0;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

/** The first lines of a CSV file as cells, for the mapping step. */
export interface CsvPreview {
  readonly delimiter: CsvDelimiter;
  /** The first row's cells (the headers, or the first data row without them). */
  readonly firstRow: readonly string[];
  /** The first row's line number in the file (from 1). */
  readonly firstLine: number;
  /** The rows after the first, with their line number in the file. */
  readonly rows: readonly { readonly line: number; readonly cells: readonly string[] }[];
}

/**
 * Reads the first `maxRows` rows of a CSV file's text (the start of the file is enough). Lines of
 * a cell that spans lines are skipped here; the server reads them whole.
 */
export function csvPreview(text: string, maxRows = 5, delimiter?: CsvDelimiter): CsvPreview {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const firstLine = firstIndex < 0 ? '' : (lines[firstIndex] ?? '');
  const used = delimiter ?? guessDelimiter(firstLine);
  const rows: { line: number; cells: string[] }[] = [];
  for (let index = firstIndex + 1; index > 0 && index < lines.length && rows.length < maxRows; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const cells = splitLine(line, used);
    if (cells !== null) rows.push({ line: index + 1, cells });
  }
  return {
    delimiter: used,
    firstLine: Math.max(1, firstIndex + 1),
    firstRow: firstIndex < 0 ? [] : (splitLine(firstLine, used) ?? [firstLine]).map((cell) => cell.trim()),
    rows,
  };
}

/** One previewed line as it would be imported, or why it would be refused. */
export type CsvPreviewLine =
  | {
      readonly ok: true;
      readonly line: number;
      /** 'YYYY-MM-DD', as it will be stored. */
      readonly date: string;
      /** The date as the file writes it ('05-01-2026', '20260105'): what the preview shows. */
      readonly fileDate: string;
      /** Signed, Dutch notation: '-12,50' is money out. */
      readonly amount: string;
      readonly counterparty: string;
      readonly description: string;
    }
  | { readonly ok: false; readonly line: number; readonly reason: string };

export type CsvPreviewResult =
  | { readonly ok: true; readonly lines: readonly CsvPreviewLine[] }
  | { readonly ok: false; readonly reason: string };

/** The previewed rows through a mapping, as the server would read them. */
export function previewCsvLines(preview: CsvPreview, mapping: CsvMapping): CsvPreviewResult {
  const columns = resolveCsvColumns(mapping, preview.firstRow);
  if (!columns.ok) return { ok: false, reason: Object.values(columns.fields)[0] ?? '' };
  const rows =
    mapping.has_header === false
      ? [{ line: preview.firstLine, cells: preview.firstRow }, ...preview.rows]
      : preview.rows;
  return {
    ok: true,
    lines: rows.map((row): CsvPreviewLine => {
      const read = readCsvRow(row.cells, row.line, columns.value, mapping);
      if (!read.ok) return { ok: false, line: row.line, reason: read.refusal.reason };
      const line = read.value;
      const dateColumn = columns.value.indexes.date;
      return {
        ok: true,
        line: row.line,
        date: line.date,
        fileDate: dateColumn === undefined ? line.date : (row.cells[dateColumn] ?? '').trim(),
        amount: formatAmount(line.amountCents),
        counterparty: line.counterparty,
        description: line.description,
      };
    }),
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an import did (or would do), in one Dutch line per number: for the report and a live region. */
export function importReportLines(report: FinanceImportReport): readonly string[] {
  const would = !report.stored;
  return [
    `${count(report.lines, 'regel', 'regels')} gelezen (${IMPORT_FORMAT_LABELS[report.format]}).`,
    would
      ? `${count(report.imported, 'boeking zou', 'boekingen zouden')} worden geïmporteerd.`
      : `${count(report.imported, 'boeking', 'boekingen')} geïmporteerd.`,
    `${count(report.duplicates, 'dubbele regel', 'dubbele regels')} overgeslagen (al eerder geïmporteerd).`,
    `${count(report.refused, 'regel', 'regels')} geweigerd.`,
  ];
}
