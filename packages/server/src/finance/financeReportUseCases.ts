import type { Readable } from 'node:stream';
import type { ExportFormat, FinanceOverview } from '@loop/core';
import type { FinanceRange } from '@loop/core/finance';
import { overviewExport, overviewExportName, recordsExport, recordsExportName } from './financeExport';
import { loadOverview } from './financeOverview';
import { type RecordFilter, recordChunks } from './financeRecordStore';
import type { FinanceDeps } from './financeUseCases';

/** The finance overview and the exports, as functions of their deps (no HTTP). */

/** A file to send: its name and its content, streamed as it is made. */
export interface FinanceExportFile {
  readonly fileName: string;
  readonly body: Readable;
}

/** Over a range: income, costs and result per month, totals per category, BTW per quarter. */
export function loadFinanceOverview(
  deps: FinanceDeps,
  organizationId: number,
  range: FinanceRange,
): Promise<FinanceOverview> {
  return loadOverview(deps.db, organizationId, range);
}

/** The records of a filter as a CSV or XLSX file, oldest first, read in chunks while it streams. */
export function exportFinanceRecords(
  deps: FinanceDeps,
  organizationId: number,
  format: ExportFormat,
  filter: RecordFilter,
): FinanceExportFile {
  return {
    fileName: recordsExportName(format, deps.clock.now()),
    body: recordsExport(format, recordChunks(deps.db, organizationId, filter)),
  };
}

/** The overview of a range as a file: XLSX with a sheet per table, or CSV with the tables in turn. */
export async function exportFinanceOverview(
  deps: FinanceDeps,
  organizationId: number,
  format: ExportFormat,
  range: FinanceRange,
): Promise<FinanceExportFile> {
  const overview = await loadOverview(deps.db, organizationId, range);
  return { fileName: overviewExportName(format, range), body: overviewExport(format, overview) };
}
