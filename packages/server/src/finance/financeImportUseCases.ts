import type { BtwRate, CsvMapping, FinanceImport, FinanceImportReport, ImportFormat } from '@loop/core';
import { IMPORT_FORMATS } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { checkCsvMapping, FINANCE_LIMITS, isBtwRate, normaliseCategory } from '@loop/core/finance';
import { mappingField } from '../import/uploadForm';
import { deleteImport, IMPORT_MAX_BYTES, importBankFile, listImports } from './financeImport';
import { FINANCE_ERRORS } from './financeRecords';
import { type FinanceDeps, type FinanceResult, invalid, notFound, ok } from './financeUseCases';

/** Bank statement imports as functions of their deps (no HTTP): import, list, undo. */

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
