import type { FinanceCategories, FinanceRecord, FinanceSort } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { checkFinanceRecord, type FinanceRecordDraft, patchedInput } from '@loop/core/finance';
import type { AppDeps } from '../appDeps';
import {
  deleteRecord,
  draftOf,
  findRecord,
  insertRecord,
  listRecords,
  loadCategories,
  lockRecord,
  type RecordFilter,
  updateRecord,
} from './financeRecordStore';
import { FINANCE_ERRORS } from './financeRecords';

/**
 * What the finance routes do with records, as functions of their deps that answer values or
 * failures (never HTTP): the routes parse, call one of these and map a failure to its status
 * (financeRoutes.ts). Imports are in financeImportUseCases.ts, overviews and exports in
 * financeReportUseCases.ts.
 */

export type FinanceDeps = Pick<AppDeps, 'db' | 'clock'>;

/** not_found: unknown or another organisation's id (404); invalid: a Dutch message per field (400). */
export type FinanceFailureCode = 'not_found' | 'invalid';

export interface FinanceFailure {
  readonly ok: false;
  readonly code: FinanceFailureCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
}

export type FinanceResult<T> = { readonly ok: true; readonly value: T } | FinanceFailure;

export const ok = <T>(value: T): FinanceResult<T> => ({ ok: true, value });

export const notFound = (detail: string): FinanceFailure => ({ ok: false, code: 'not_found', detail });

/** A message per field; the detail repeats the first one (as every 400 with fields does). */
export const invalid = (fields: FieldErrors): FinanceFailure => ({
  ok: false,
  code: 'invalid',
  detail: Object.values(fields)[0] ?? 'Controleer de ingevulde gegevens.',
  fields,
});

/** A page of the records matching a filter, and how many match in all. */
export function listFinanceRecords(
  deps: FinanceDeps,
  organizationId: number,
  filter: RecordFilter,
  sort: FinanceSort,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ items: FinanceRecord[]; total: number }> {
  return listRecords(deps.db, organizationId, filter, sort, page);
}

/** Adds a record entered by hand, checked by core's rules; answers it as stored. */
export async function createFinanceRecord(
  deps: FinanceDeps,
  organizationId: number,
  userId: number,
  input: FinanceRecordDraft,
): Promise<FinanceResult<FinanceRecord>> {
  const checked = checkFinanceRecord(input);
  if (!checked.ok) return invalid(checked.fields);
  const id = await insertRecord(deps.db, organizationId, userId, checked.value, deps.clock.now());
  const record = await findRecord(deps.db, organizationId, id);
  if (record === null) throw new Error(`finance record ${id} gone right after insert`);
  return ok(record);
}

export async function getFinanceRecord(
  deps: FinanceDeps,
  organizationId: number,
  id: number | null,
): Promise<FinanceResult<FinanceRecord>> {
  const record = id === null ? null : await findRecord(deps.db, organizationId, id);
  return record === null ? notFound(FINANCE_ERRORS.notFound) : ok(record);
}

/**
 * Changes the given fields of a record: in one transaction the record is locked, the whole merged
 * record checked again (its BTW part derived anew) and stored. Nothing is written when it is invalid.
 */
export async function updateFinanceRecord(
  deps: FinanceDeps,
  organizationId: number,
  id: number | null,
  patch: Partial<FinanceRecordDraft>,
): Promise<FinanceResult<FinanceRecord>> {
  if (id === null) return notFound(FINANCE_ERRORS.notFound);
  return deps.db.transaction(async (tx): Promise<FinanceResult<FinanceRecord>> => {
    const current = await lockRecord(tx, organizationId, id);
    if (current === null) return notFound(FINANCE_ERRORS.notFound);
    const checked = checkFinanceRecord(patchedInput(draftOf(current), patch));
    if (!checked.ok) return invalid(checked.fields);
    await updateRecord(tx, organizationId, id, checked.value, deps.clock.now());
    const changed = await findRecord(tx, organizationId, id);
    return changed === null ? notFound(FINANCE_ERRORS.notFound) : ok(changed);
  });
}

export async function deleteFinanceRecord(
  deps: FinanceDeps,
  organizationId: number,
  id: number | null,
): Promise<FinanceResult<null>> {
  if (id === null || !(await deleteRecord(deps.db, organizationId, id)))
    return notFound(FINANCE_ERRORS.notFound);
  return ok(null);
}

/** The categories in use, most used first, and common ones to start with. */
export function listFinanceCategories(deps: FinanceDeps, organizationId: number): Promise<FinanceCategories> {
  return loadCategories(deps.db, organizationId);
}
