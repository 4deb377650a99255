import { type ApiResult, type FormResult, formFromApi } from '../../domain/api';
import type {
  Contact,
  ContactBulkRequest,
  ContactBulkResult,
  ContactCsvMapping,
  ContactFacets,
  ContactFilter,
  ContactImport,
  ContactImportPreview,
  ContactInput,
  ContactSegment,
  DuplicatePolicy,
  FileDuplicateChoice,
  Page,
} from '../../domain/contract';
import type { FileSaver } from '../../domain/shared';
import type { ChosenContactFile } from './contactImportSession';
import { type ContactListAddress, contactExportQuery, contactListQuery } from './contactListState';
import type { ContactsGateway } from './contactsPorts';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

export interface ContactsUseCaseDeps {
  readonly gateway: ContactsGateway;
  /** Hands the export to the browser. */
  readonly files: FileSaver;
  /** Pauses between two polls of a running import. */
  readonly wait: (ms: number) => Promise<void>;
}

/** What the /contacten screen does, each through the contacts gateway. */
export interface ContactsUseCases {
  /** One page of the list the address describes. */
  list(address: ContactListAddress, pageSize?: number): Promise<ApiResult<Page<Contact>>>;
  facets(): Promise<ApiResult<ContactFacets>>;
  segments(): Promise<ApiResult<readonly ContactSegment[]>>;
  /** Adds a contact (`id` null) or changes one; the server's field errors come back by field. */
  saveContact(id: number | null, input: ContactInput): Promise<FormResult<Contact>>;
  /** The AVG erase of one contact. */
  removeContact(id: number): Promise<ApiResult<void>>;
  bulk(request: ContactBulkRequest): Promise<ApiResult<ContactBulkResult>>;
  /** Saves a filter under a name (a taken name: the server's Dutch 409). */
  saveSegment(name: string, filter: ContactFilter): Promise<FormResult<ContactSegment>>;
  renameSegment(id: number, name: string): Promise<FormResult<ContactSegment>>;
  removeSegment(id: number): Promise<ApiResult<void>>;
  /** Downloads the CSV of the list the address describes (all pages); answers the file's name. */
  exportContacts(address: ContactListAddress): Promise<ApiResult<string>>;
  /**
   * The dry run: how the server reads the file, with its suggested mapping (or the given one) and
   * the addresses on more than one row as that mapping reads them.
   */
  previewImport(
    file: ChosenContactFile,
    mapping?: ContactCsvMapping,
    onProgress?: (sent: number) => void,
  ): Promise<ApiResult<ContactImportPreview>>;
  startImport(
    file: ChosenContactFile,
    mapping: ContactCsvMapping,
    onDuplicate: DuplicatePolicy,
    fileDuplicates: FileDuplicateChoice | null,
    onProgress?: (sent: number) => void,
  ): Promise<ApiResult<ContactImport>>;
  /**
   * Follows a running import every `IMPORT_POLL_MS`, telling each state to `onProgress`, until it
   * is no longer running or `stopped()` says the screen has gone; answers the last state.
   */
  followImport(
    run: ContactImport,
    onProgress: (run: ContactImport) => void,
    stopped?: () => boolean,
  ): Promise<ApiResult<ContactImport>>;
}

/** Trimmed name: a segment's name is compared without surrounding spaces. */
const segmentName = (name: string): string => name.trim();

export function createContactsUseCases(deps: ContactsUseCaseDeps): ContactsUseCases {
  const { gateway } = deps;
  return {
    list: (address, pageSize) => gateway.list(contactListQuery(address, pageSize)),
    facets: () => gateway.facets(),
    segments: () => gateway.segments(),
    saveContact: async (id, input) =>
      formFromApi(id === null ? await gateway.create(input) : await gateway.update(id, input)),
    removeContact: (id) => gateway.remove(id),
    bulk: (request) => gateway.bulk(request),
    saveSegment: async (name, filter) =>
      formFromApi(await gateway.createSegment({ name: segmentName(name), filter })),
    renameSegment: async (id, name) =>
      formFromApi(await gateway.updateSegment(id, { name: segmentName(name) })),
    removeSegment: (id) => gateway.removeSegment(id),
    exportContacts: async (address) => {
      const file = await gateway.exportContacts(contactExportQuery(address));
      if (!file.ok) return file;
      deps.files.saveFile(file.value);
      return { ok: true, value: file.value.filename };
    },
    previewImport: (file, mapping, onProgress) =>
      gateway.previewImport({
        file: file.content,
        fileName: file.name,
        mapping: mapping ?? null,
        onDuplicate: 'update',
        fileDuplicates: null,
        dryRun: true,
        ...(onProgress === undefined ? {} : { onProgress }),
      }),
    startImport: (file, mapping, onDuplicate, fileDuplicates, onProgress) =>
      gateway.startImport({
        file: file.content,
        fileName: file.name,
        mapping,
        onDuplicate,
        fileDuplicates,
        dryRun: false,
        ...(onProgress === undefined ? {} : { onProgress }),
      }),
    followImport: async (run, onProgress, stopped = () => false) => {
      let current = run;
      while (current.state === 'running' && !stopped()) {
        await deps.wait(IMPORT_POLL_MS);
        if (stopped()) break;
        const answer = await gateway.importStatus(current.id);
        if (!answer.ok) return answer;
        current = answer.value;
        onProgress(current);
      }
      return { ok: true, value: current };
    },
  };
}
