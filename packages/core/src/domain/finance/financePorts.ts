import type { ApiResult } from '../api';
import type {
  CsvMapping,
  ExportFormat,
  FinanceCategories,
  FinanceImport,
  FinanceImportReport,
  FinanceOverview,
  FinanceRecord,
  FinanceRecordInput,
  FinanceRecordPatch,
  FinanceSort,
  ImportFormat,
  Page,
} from '../contract';
import type { DownloadedFile, FileContent } from '../shared';

/** The filters of the records list and its export; omitted ones are not applied. */
export interface FinanceRecordFilter {
  /** Words to find in description and counterparty (or an amount such as 12,50). */
  readonly q?: string;
  readonly from?: string;
  readonly to?: string;
  readonly direction?: string;
  /** '' is 'Zonder categorie'; undefined is every category. */
  readonly category?: string;
  readonly btw_rate?: string;
  readonly source?: string;
  readonly import_id?: number;
}

export interface FinanceRecordQuery extends FinanceRecordFilter {
  readonly sort?: FinanceSort;
  readonly page?: number;
  readonly page_size?: number;
}

/** A range of days ('YYYY-MM-DD'); omitted: this calendar year. */
export interface FinanceRangeQuery {
  readonly from?: string;
  readonly to?: string;
}

/** A bank statement to import, with the choices of the import form. */
export interface FinanceImportUpload {
  /** The file's bytes (the browser's File or Blob). */
  readonly file: FileContent;
  readonly fileName: string;
  /** 'auto': the server recognises it by its content. */
  readonly format: ImportFormat | 'auto';
  /** CSV only: which column holds what; null lets the server recognise the bank's headers. */
  readonly mapping: CsvMapping | null;
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  /** Told how much of the file has been sent, 0..1, while it uploads. */
  readonly onProgress?: (sent: number) => void;
}

/** The finance of the current organisation (X-Organization-Id), /api/v1/finance. */
export interface FinanceGateway {
  records(query: FinanceRecordQuery): Promise<ApiResult<Page<FinanceRecord>>>;
  create(input: FinanceRecordInput): Promise<ApiResult<FinanceRecord>>;
  update(id: number, patch: FinanceRecordPatch): Promise<ApiResult<FinanceRecord>>;
  remove(id: number): Promise<ApiResult<void>>;
  exportRecords(filter: FinanceRecordFilter, format: ExportFormat): Promise<ApiResult<DownloadedFile>>;
  categories(): Promise<ApiResult<FinanceCategories>>;
  overview(range: FinanceRangeQuery): Promise<ApiResult<FinanceOverview>>;
  exportOverview(range: FinanceRangeQuery, format: ExportFormat): Promise<ApiResult<DownloadedFile>>;
  /**
   * Imports a bank statement: 201 stored, 200 a dry run; a refused file (422) is a failure whose
   * report is not available here, so the server's report of a refused file comes back as `value`
   * with `stored: false` where the adapter can read it.
   */
  importFile(upload: FinanceImportUpload): Promise<ApiResult<FinanceImportReport>>;
  imports(page?: number): Promise<ApiResult<Page<FinanceImport>>>;
  undoImport(id: number): Promise<ApiResult<{ readonly detail: string }>>;
}
