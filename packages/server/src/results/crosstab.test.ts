import type { Crosstab } from '@loop/core';
import { crosstabSheet } from '@loop/core/surveys/results';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { crosstabXlsx } from './crosstab';

// The cross-tab's XLSX, written on a worker thread (R-HEAVY-8): the same cells, formats and frozen
// panes as the workbook this thread wrote before.

const table: Crosstab = {
  survey_id: 1,
  row: {
    key: 'h:bron',
    label: 'bron',
    values: [
      { value: 'mail', label: 'mail' },
      { value: 'web', label: 'web' },
    ],
  },
  col: {
    key: 'lang',
    label: 'Taal',
    values: [
      { value: 'nl', label: 'Nederlands' },
      { value: 'en', label: 'Engels' },
    ],
  },
  counts: [
    [12, 3],
    [null, 7],
  ],
  row_totals: [15, 9],
  col_totals: [14, 10],
  total: 24,
  small_counts_hidden: true,
};

/** The cross-tab as this thread wrote it before (exceljs' in-memory workbook). */
async function workbookHere(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kruistabel', { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  crosstabSheet(table).forEach((cells, index) => {
    const added = sheet.addRow(cells);
    if (index === 0) added.font = { bold: true };
  });
  table.col.values.forEach((_, c) => {
    sheet.getColumn(3 + c * 2).numFmt = '0%';
  });
  sheet.getColumn(1).width = 30;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function content(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
  const sheet = workbook.getWorksheet('Kruistabel')!;
  return {
    views: (sheet.views as { state?: string; xSplit?: number; ySplit?: number }[]).map(
      ({ state, xSplit, ySplit }) => ({ state, xSplit, ySplit }),
    ),
    width: sheet.getColumn(1).width,
    rows: sheet.getRows(1, sheet.rowCount)!.map((row) =>
      Array.from({ length: sheet.columnCount }, (_, index) => {
        const cell = row.getCell(index + 1);
        return [cell.value, cell.numFmt ?? null, cell.font?.bold ?? false];
      }),
    ),
  };
}

describe('crosstabXlsx', () => {
  it('should write the same cells, percentage formats and frozen panes as the workbook on this thread', async () => {
    const there = await content(await crosstabXlsx(table));
    expect(there.rows).toHaveLength(4);
    expect(there.rows[1]?.[2]).toEqual([0.8, '0%', false]);
    expect(there).toEqual(await content(await workbookHere()));
  });
});
