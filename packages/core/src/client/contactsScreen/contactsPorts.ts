import type { ApiResult } from '../../domain/api';
import type {
  Contact,
  ContactBulkRequest,
  ContactBulkResult,
  ContactCsvMapping,
  ContactExportQuery,
  ContactFacets,
  ContactImport,
  ContactImportPreview,
  ContactInput,
  ContactListQuery,
  ContactPatch,
  ContactSegment,
  ContactSegmentInput,
  DuplicatePolicy,
  FileDuplicateChoice,
  Page,
} from '../../domain/contract';
import type { DownloadedFile, FileContent } from '../../domain/shared';

/** A contacts CSV to send, with the choices of the import screen. */
export interface ContactImportUpload {
  /** The file's bytes (the browser's File or Blob). */
  readonly file: FileContent;
  readonly fileName: string;
  /** Null: the server recognises the columns from the headers (the dry run's suggestion). */
  readonly mapping: ContactCsvMapping | null;
  readonly onDuplicate: DuplicatePolicy;
  /** Which row of an address on several rows counts; null: not chosen (a file without such addresses). */
  readonly fileDuplicates: FileDuplicateChoice | null;
  /** True: read the file and answer a preview, storing nothing. */
  readonly dryRun: boolean;
  /** Told the share of the file sent (0..1) while it uploads (the command-line client's bar). */
  readonly onProgress?: (sent: number) => void;
}

/** The contacts of the current organisation (X-Organization-Id), /api/v1/contacts. */
export interface ContactsGateway {
  list(query: ContactListQuery): Promise<ApiResult<Page<Contact>>>;
  get(id: number): Promise<ApiResult<Contact>>;
  create(input: ContactInput): Promise<ApiResult<Contact>>;
  update(id: number, patch: ContactPatch): Promise<ApiResult<Contact>>;
  /** The AVG erase of one contact. */
  remove(id: number): Promise<ApiResult<void>>;
  facets(): Promise<ApiResult<ContactFacets>>;
  bulk(request: ContactBulkRequest): Promise<ApiResult<ContactBulkResult>>;
  segments(): Promise<ApiResult<readonly ContactSegment[]>>;
  createSegment(input: ContactSegmentInput): Promise<ApiResult<ContactSegment>>;
  updateSegment(id: number, patch: Partial<ContactSegmentInput>): Promise<ApiResult<ContactSegment>>;
  removeSegment(id: number): Promise<ApiResult<void>>;
  /** The CSV of everything the query matches (no paging). */
  exportContacts(query: ContactExportQuery): Promise<ApiResult<DownloadedFile>>;
  /** A dry run's preview. */
  previewImport(upload: ContactImportUpload): Promise<ApiResult<ContactImportPreview>>;
  /** Starts an import; it runs on at the server (follow it with `importStatus`). */
  startImport(upload: ContactImportUpload): Promise<ApiResult<ContactImport>>;
  importStatus(id: number): Promise<ApiResult<ContactImport>>;
}
