import type { BtwRate, CsvMapping, FinanceImport, FinanceImportReport, ImportFormat } from '@loop/core';
import { IMPORT_FORMATS } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  checkCsvMapping,
  FINANCE_LIMITS,
  type ImportDefaults,
  isBtwRate,
  normaliseCategory,
} from '@loop/core/finance';
import type { AppDeps } from '../appDeps';
import { readBankFileInWorker } from '../heavy/heavyReads';
import { mappingField } from '../import/uploadForm';
import { deleteImport, existingKeys, listImports, storeImport } from './financeImportStore';
import { FINANCE_ERRORS } from './financeRecords';
import { type FinanceDeps, type FinanceResult, invalid, notFound, ok } from './financeUseCases';
import { REFUSALS_SHOWN } from './import/checkedBankFile';
import { TOO_MANY_LINES } from './import/lineLimit';

export { IMPORT_MAX_LINES } from './import/lineLimit';
export { REFUSALS_SHOWN };

/** Bank statement imports as functions of their deps (no HTTP): import, list, undo. */

/** The largest file an import takes: a year of daily CAMT.053 statements of a busy account. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
const plural = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

export const IMPORT_MESSAGES = {
  tooManyLines: TOO_MANY_LINES,
  stored: (imported: number, duplicates: number, refused: number) =>
    imported === 0
      ? `Niets toegevoegd: ${
          [
            ...(duplicates > 0 ? [`${plural(duplicates, 'regel was', 'regels waren')} er al`] : []),
            ...(refused > 0 ? [`${plural(refused, 'foute regel', 'foute regels')} overgeslagen`] : []),
          ].join(', ') || 'het bestand bevat geen boekingen'
        }.`
      : `${[
          `${plural(imported, 'boeking', 'boekingen')} geïmporteerd`,
          ...(duplicates > 0
            ? [
                `${plural(duplicates, 'regel was', 'regels waren')} er al en ${duplicates === 1 ? 'is' : 'zijn'} overgeslagen`,
              ]
            : []),
          ...(refused > 0 ? [`${plural(refused, 'foute regel', 'foute regels')} overgeslagen`] : []),
        ].join(', ')}.`,
  // Not 'cannot be read': a line may be refused for its currency or its amount 0,00 (each says why).
  refused: (refused: number) =>
    `Niets geïmporteerd: ${plural(refused, 'regel is', 'regels zijn')} geweigerd. Verbeter het bestand, of kies ervoor foute regels over te slaan.`,
  dryRun: (imported: number, duplicates: number, refused: number) =>
    `Controle: ${plural(imported, 'nieuwe boeking', 'nieuwe boekingen')}, ${duplicates} al geïmporteerd, ${refused} geweigerd. Er is nog niets opgeslagen.`,
} as const;

export interface ImportRequest {
  readonly organizationId: number;
  readonly userId: number;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly format: ImportFormat | 'auto';
  readonly mapping: CsvMapping | null;
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  readonly defaults: ImportDefaults;
}

export type ImportOutcome =
  | { readonly ok: true; readonly status: 200 | 201 | 422; readonly report: FinanceImportReport }
  | { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/**
 * Imports a bank statement file into the organisation's records: read (CAMT.053, MT940 or CSV),
 * every line checked, then all new lines stored in one transaction, lines the organisation already
 * has skipped. A file with refused lines stores nothing unless `skipInvalid`; a dry run stores
 * nothing and says what an import would do. A file that cannot be read at all answers why.
 */
export async function importBankFile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: ImportRequest,
): Promise<ImportOutcome> {
  const storing = !request.dryRun;
  // Read and checked on a worker thread (R-HEAVY-3); the records come back only to be stored.
  const read = await readBankFileInWorker(request.bytes, {
    format: request.format,
    mapping: request.mapping,
    defaults: storing ? request.defaults : null,
  });
  if (!read.ok) return read;
  const file = read.value;
  const { keys, refused } = file;
  const report = (
    stored: boolean,
    imported: number,
    importId: number | null,
    detail: string,
  ): FinanceImportReport => ({
    detail,
    import_id: importId,
    stored,
    dry_run: request.dryRun,
    format: file.format,
    file_name: request.fileName,
    encoding: file.encoding,
    lines: file.lineCount,
    imported,
    duplicates: file.storable - imported,
    refused,
    refusals: file.refusals,
    csv: file.csv,
  });
  if (!storing || (refused > 0 && !request.skipInvalid)) {
    const imported = file.storable - (await existingKeys(deps.db, request.organizationId, keys));
    const detail = request.dryRun
      ? IMPORT_MESSAGES.dryRun(imported, file.storable - imported, refused)
      : IMPORT_MESSAGES.refused(refused);
    return { ok: true, status: request.dryRun ? 200 : 422, report: report(false, imported, null, detail) };
  }
  const now = deps.clock.now();
  const { importId, imported } = await deps.db.transaction((tx) => storeImport(tx, request, file, now));
  const detail = IMPORT_MESSAGES.stored(imported, file.storable - imported, refused);
  return { ok: true, status: 201, report: report(true, imported, importId, detail) };
}

export const IMPORT_FORM_MESSAGES = {
  noFile: 'Kies een bankafschrift om te importeren (veld "file").',
  unreadable: 'Het bestand kon niet worden gelezen. Probeer het opnieuw.',
  tooLarge: `Het bestand is te groot: een import is hoogstens ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  format: 'Kies als formaat auto, camt053, mt940 of csv.',
  mappingJson: 'De kolomindeling (mapping) is geen geldige JSON.',
  flag: 'Geef true of false.',
  btwRate: 'Kies als btw-tarief 21, 9, 0, exempt of laat het leeg.',
  category: `Een categorie is hoogstens ${FINANCE_LIMITS.category} tekens.`,
  fileName: 'bankafschrift',
} as const;

interface ImportOptions {
  readonly format: ImportFormat | 'auto';
  readonly mapping: CsvMapping | null;
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  readonly btwRate: BtwRate | null;
  readonly category: string;
}

/** The text fields of the import form, checked; a Dutch message per wrong field. */
function importOptions(fields: Readonly<Record<string, string>>): FinanceResult<ImportOptions> {
  const errors: Record<string, string> = {};
  const format = (fields.format ?? 'auto').trim() || 'auto';
  if (format !== 'auto' && !(IMPORT_FORMATS as readonly string[]).includes(format))
    errors.format = IMPORT_FORM_MESSAGES.format;
  const flag = (key: string): boolean => {
    const value = (fields[key] ?? 'false').trim().toLowerCase();
    if (value !== 'true' && value !== 'false' && value !== '') errors[key] = IMPORT_FORM_MESSAGES.flag;
    return value === 'true';
  };
  const skipInvalid = flag('skip_invalid');
  const dryRun = flag('dry_run');
  const rate = (fields.btw_rate ?? '').trim();
  if (rate !== '' && !isBtwRate(rate)) errors.btw_rate = IMPORT_FORM_MESSAGES.btwRate;
  const category = normaliseCategory(fields.category ?? '');
  if ([...category].length > FINANCE_LIMITS.category) errors.category = IMPORT_FORM_MESSAGES.category;
  const mapping = mappingField(fields, errors, IMPORT_FORM_MESSAGES.mappingJson, checkCsvMapping);
  if (Object.keys(errors).length > 0) return invalid(errors as FieldErrors);
  return ok({
    format: format as ImportFormat | 'auto',
    mapping,
    skipInvalid,
    dryRun,
    btwRate: isBtwRate(rate) ? rate : null,
    category,
  });
}

/** An uploaded bank statement: the file and the form's text fields, as they came. */
export interface BankStatementUpload {
  readonly organizationId: number;
  readonly userId: number;
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * Imports a bank statement (financeImport.ts does the work in one transaction): the form's fields
 * checked first. The report comes with its status: 201 stored, 200 a dry run, 422 refused lines.
 */
export async function importBankStatement(
  deps: FinanceDeps,
  upload: BankStatementUpload,
): Promise<FinanceResult<{ readonly status: 200 | 201 | 422; readonly report: FinanceImportReport }>> {
  const options = importOptions(upload.fields);
  if (!options.ok) return options;
  const outcome = await importBankFile(deps, {
    organizationId: upload.organizationId,
    userId: upload.userId,
    fileName: upload.fileName,
    bytes: upload.bytes,
    format: options.value.format,
    mapping: options.value.mapping,
    skipInvalid: options.value.skipInvalid,
    dryRun: options.value.dryRun,
    defaults: { btwRate: options.value.btwRate, category: options.value.category },
  });
  if (!outcome.ok)
    return {
      ok: false,
      code: 'invalid',
      detail: outcome.detail,
      ...(outcome.fields && { fields: outcome.fields }),
    };
  return ok({ status: outcome.status, report: outcome.report });
}

/** The organisation's imports, newest first, a page of them and how many in all. */
export function listFinanceImports(
  deps: FinanceDeps,
  organizationId: number,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ items: FinanceImport[]; total: number }> {
  return listImports(deps.db, organizationId, page);
}

/** Undoes an import in one transaction: the import and all its records, even changed ones, go. */
export async function undoFinanceImport(
  deps: FinanceDeps,
  organizationId: number,
  id: number | null,
): Promise<FinanceResult<{ readonly removedRecords: number }>> {
  const undone = id === null ? null : await deps.db.transaction((tx) => deleteImport(tx, organizationId, id));
  return undone === null ? notFound(FINANCE_ERRORS.importNotFound) : ok(undone);
}
