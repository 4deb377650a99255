import {
  BTW_RATES,
  type BtwRate,
  FINANCE_DIRECTIONS,
  FINANCE_SORTS,
  FINANCE_SOURCES,
  type FinanceDirection,
  type FinanceSort,
  type FinanceSource,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { normaliseCategory, parseAmount } from '@loop/core/finance';
import { calendarDay } from '@loop/core/periods';
import { parseId } from '../db/database';
import type { RecordFilter } from './financeRecordStore';
import type { FinanceRecordQuery } from './financeSchemas';

/** The records' filter rules and Dutch messages; the SQL is financeRecordStore.ts. */

export const FINANCE_ERRORS = {
  notFound: 'Boeking niet gevonden.',
  importNotFound: 'Import niet gevonden.',
  from: 'Vul de eerste dag in als jjjj-mm-dd, met een datum die bestaat.',
  to: 'Vul de laatste dag in als jjjj-mm-dd, met een datum die bestaat.',
  backwards: 'De laatste dag ligt voor de eerste dag.',
  direction: 'Kies income (inkomsten) of cost (kosten).',
  btwRate: 'Kies als btw-tarief 21, 9, 0, exempt of none.',
  source: 'Kies als bron manual of import.',
  importId: 'Dit is geen import-id.',
  sort: `Sorteer op ${FINANCE_SORTS.join(', ')}.`,
} as const;

export type CheckedFilter =
  | { readonly ok: true; readonly value: RecordFilter; readonly sort: FinanceSort }
  | { readonly ok: false; readonly fields: FieldErrors };

const given = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;

/** The list's query parameters as a filter and a sort, or a Dutch message per wrong parameter. */
export function parseRecordFilter(query: FinanceRecordQuery): CheckedFilter {
  const fields: Record<string, string> = {};
  const day = (value: string | undefined, key: 'from' | 'to') => {
    const text = given(value);
    if (text !== null && calendarDay(text) === null) fields[key] = FINANCE_ERRORS[key];
    return text;
  };
  const from = day(query.from, 'from');
  const to = day(query.to, 'to');
  if (from !== null && to !== null && to < from && fields.to === undefined)
    fields.to = FINANCE_ERRORS.backwards;
  const direction = given(query.direction);
  if (direction !== null && !(FINANCE_DIRECTIONS as readonly string[]).includes(direction))
    fields.direction = FINANCE_ERRORS.direction;
  const rate = given(query.btw_rate);
  if (rate !== null && rate !== 'none' && !(BTW_RATES as readonly string[]).includes(rate))
    fields.btw_rate = FINANCE_ERRORS.btwRate;
  const source = given(query.source);
  if (source !== null && !(FINANCE_SOURCES as readonly string[]).includes(source))
    fields.source = FINANCE_ERRORS.source;
  const importText = given(query.import_id);
  const importId = importText === null ? null : parseId(importText);
  if (importText !== null && importId === null) fields.import_id = FINANCE_ERRORS.importId;
  const sort = given(query.sort) ?? '-date';
  if (!(FINANCE_SORTS as readonly string[]).includes(sort)) fields.sort = FINANCE_ERRORS.sort;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const q = (query.q ?? '').trim();
  const amount = q === '' ? null : parseAmount(q);
  return {
    ok: true,
    sort: sort as FinanceSort,
    value: {
      words: q.split(/\s+/).filter(Boolean),
      amount: amount?.ok && amount.value !== 0 ? Math.abs(amount.value) : null,
      from,
      to,
      direction: direction as FinanceDirection | null,
      // '' (present but empty) filters the records without a category.
      category: query.category === undefined ? null : normaliseCategory(query.category),
      btwRate: rate as BtwRate | 'none' | null,
      source: source as FinanceSource | null,
      importId,
    },
  };
}
