import { Readable } from 'node:stream';
import type { ExportFormat, FinanceOverview, FinanceRecord } from '@loop/core';
import {
  btwRateLabel,
  FINANCE_DIRECTION_LABELS,
  type FinanceRange,
  formatAmount,
  NO_CATEGORY_LABEL,
} from '@loop/core/finance';
import { logDateOf } from '@loop/core/logs';
import { parsePeriodKey, periodName } from '@loop/core/periods';
import { heavyStream } from '../heavy/heavyStreams';
import type { XlsxCell, XlsxInput } from '../heavy/heavyStreamTasks';
import { csvCell } from '../results/surveyExport';

/**
 * Finance as files: the records (with the list's filters) and the overview of a range, as CSV for
 * a Dutch Excel (';', a byte order mark, amounts as '1234,56') or as XLSX (amounts as numbers with
 * two decimals, days as dates). Records are read in chunks and written as they come.
 */

/** A cell: text, a whole number, an amount in cents, a day ('YYYY-MM-DD'), or empty. */
type Cell = string | number | { readonly cents: number } | { readonly day: string } | null;

const BOM = '\uFEFF';

/** Amounts and days are ours, never typed text, so they need no guard against formulas. */
function csvValue(cell: Cell): string {
  if (cell !== null && typeof cell === 'object') {
    if ('cents' in cell) return formatAmount(cell.cents).replace(/\./g, '');
    const [year, month, day] = cell.day.split('-');
    return `${day}-${month}-${year}`;
  }
  return csvCell(cell);
}

const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvValue).join(';')}\r\n`;

function xlsxCell(cell: Cell): XlsxCell {
  if (cell !== null && typeof cell === 'object') {
    if ('cents' in cell) return { value: cell.cents / 100, numFmt: '#,##0.00' };
    const [year = 0, month = 1, day = 1] = cell.day.split('-').map(Number);
    return { value: new Date(Date.UTC(year, month - 1, day)), numFmt: 'dd-mm-yyyy' };
  }
  return cell;
}

export const RECORD_HEADER = [
  'Datum',
  'Soort',
  'Bedrag incl. btw',
  'Btw-tarief',
  'Btw',
  'Bedrag excl. btw',
  'Categorie',
  'Omschrijving',
  'Tegenpartij',
  'Bijlage',
  'Bron',
  'Rekening',
  'Referentie bank',
  'Id',
] as const;

const recordCells = (record: FinanceRecord): Cell[] => [
  { day: record.date },
  FINANCE_DIRECTION_LABELS[record.direction],
  { cents: record.amount_cents },
  btwRateLabel(record.btw_rate),
  { cents: record.btw_cents },
  { cents: record.net_cents },
  record.category,
  record.description,
  record.counterparty,
  record.attachment_ref,
  record.source === 'import' ? 'Import' : 'Handmatig',
  record.bank_account,
  record.bank_reference,
  record.id,
];

/** A sheet: its name, header and rows; `kinds` says which columns hold amounts and days. */
interface Sheet {
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: AsyncIterable<readonly Cell[][]>;
}

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value;
}

async function* mapChunks(chunks: AsyncIterable<FinanceRecord[]>): AsyncGenerator<Cell[][]> {
  for await (const chunk of chunks) yield chunk.map(recordCells);
}

function csvStream(sheets: readonly Sheet[]): Readable {
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM, 'utf8');
    for (const [index, sheet] of sheets.entries()) {
      // Several tables in one file: each under its name, a blank line between them.
      if (sheets.length > 1) yield Buffer.from(`${index > 0 ? '\r\n' : ''}${csvLine([sheet.name])}`, 'utf8');
      yield Buffer.from(csvLine(sheet.header), 'utf8');
      for await (const rows of sheet.rows) yield Buffer.from(rows.map(csvLine).join(''), 'utf8');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The XLSX file, written by exceljs' streaming writer on a worker thread (R-HEAVY-8). */
function xlsxStream(sheets: readonly Sheet[]): Readable {
  async function* inputs(): AsyncGenerator<XlsxInput> {
    for (const sheet of sheets) {
      yield {
        kind: 'sheet',
        name: sheet.name,
        columns: sheet.header.map(() => ({ width: 18 })),
        header: sheet.header,
      };
      for await (const rows of sheet.rows)
        yield { kind: 'rows', rows: rows.map((cells) => cells.map(xlsxCell)) };
    }
  }
  return heavyStream('xlsx', inputs());
}

const fileStream = (format: ExportFormat, sheets: readonly Sheet[]): Readable =>
  format === 'csv' ? csvStream(sheets) : xlsxStream(sheets);

/** The records as a file, one row per record, oldest first. */
export const recordsExport = (format: ExportFormat, chunks: AsyncIterable<FinanceRecord[]>): Readable =>
  fileStream(format, [{ name: 'Boekingen', header: RECORD_HEADER, rows: mapChunks(chunks) }]);

const monthLabel = (key: string): string => {
  const period = parsePeriodKey('month', key);
  return period === null ? key : periodName(period);
};

/** The overview as a file: per month, per category and BTW per quarter (three sheets, or three tables in one CSV). */
export function overviewExport(format: ExportFormat, overview: FinanceOverview): Readable {
  const months: Cell[][] = overview.months.map((month) => [
    monthLabel(month.month),
    { cents: month.income_cents },
    { cents: month.cost_cents },
    { cents: month.result_cents },
    month.record_count,
  ]);
  months.push([
    'Totaal',
    { cents: overview.totals.income_cents },
    { cents: overview.totals.cost_cents },
    { cents: overview.totals.result_cents },
    overview.totals.record_count,
  ]);
  const categories: Cell[][] = overview.categories.map((category) => [
    FINANCE_DIRECTION_LABELS[category.direction],
    category.category === '' ? NO_CATEGORY_LABEL : category.category,
    { cents: category.amount_cents },
    { cents: category.net_cents },
    category.record_count,
  ]);
  const quarters: Cell[][] = overview.quarters.map((quarter) => [
    `${quarter.quarter.slice(5)} ${quarter.quarter.slice(0, 4)}`,
    { day: quarter.start },
    { day: quarter.end },
    { cents: quarter.btw_to_pay_cents },
    { cents: quarter.btw_to_reclaim_cents },
    { cents: quarter.balance_cents },
    quarter.unrated_count,
  ]);
  return fileStream(format, [
    {
      name: 'Per maand',
      header: ['Maand', 'Inkomsten', 'Kosten', 'Resultaat', 'Boekingen'],
      rows: once(months),
    },
    {
      name: 'Per categorie',
      header: ['Soort', 'Categorie', 'Bedrag incl. btw', 'Bedrag excl. btw', 'Boekingen'],
      rows: once(categories),
    },
    {
      name: 'Btw per kwartaal',
      header: ['Kwartaal', 'Van', 'Tot en met', 'Te betalen', 'Terug te vragen', 'Saldo', 'Zonder tarief'],
      rows: once(quarters),
    },
  ]);
}

/** `financien-boekingen-2026-05-17.csv` (the day in Europe/Amsterdam). */
export const recordsExportName = (format: ExportFormat, now: Date): string =>
  `financien-boekingen-${logDateOf(now)}.${format}`;

/** `financien-overzicht-2026-01-01-tot-2026-12-31.xlsx`. */
export const overviewExportName = (format: ExportFormat, range: FinanceRange): string =>
  `financien-overzicht-${range.from}-tot-${range.to}.${format}`;
