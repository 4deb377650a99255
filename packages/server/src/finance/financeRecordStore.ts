import type {
  BtwRate,
  FinanceCategories,
  FinanceDirection,
  FinanceRecord,
  FinanceSort,
  FinanceSource,
} from '@loop/core';
import {
  type CheckedFinanceRecord,
  DEFAULT_FINANCE_CATEGORIES,
  type FinanceRecordDraft,
} from '@loop/core/finance';
import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  type FinanceRecordRow,
  financeDayTotals,
  financeMonthTotals,
  financeRecords,
  users,
} from '../db/schema';
import { likePattern } from '../surveys/surveys';

/** The finance records in the database: list, export chunks, read, lock, write, delete, categories. */

/** The filters of the list and the export, checked. */
export interface RecordFilter {
  readonly words: readonly string[];
  /** The search text read as an amount (cents), when it is one: '12,50' also finds € 12,50. */
  readonly amount: number | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly direction: FinanceDirection | null;
  readonly category: string | null;
  readonly btwRate: BtwRate | 'none' | null;
  readonly source: FinanceSource | null;
  readonly importId: number | null;
}

const noFilterBeyondTotals = (filter: RecordFilter): boolean =>
  filter.words.length === 0 && filter.source === null && filter.importId === null;

function recordConditions(organizationId: number, filter: RecordFilter): SQL[] {
  const r = financeRecords;
  const conditions: SQL[] = [eq(r.organizationId, organizationId)];
  if (filter.from !== null) conditions.push(gte(r.date, filter.from));
  if (filter.to !== null) conditions.push(lte(r.date, filter.to));
  if (filter.direction !== null) conditions.push(eq(r.direction, filter.direction));
  if (filter.category !== null) conditions.push(eq(r.category, filter.category));
  if (filter.btwRate === 'none') conditions.push(isNull(r.btwRate));
  else if (filter.btwRate !== null) conditions.push(eq(r.btwRate, filter.btwRate));
  if (filter.source !== null) conditions.push(eq(r.source, filter.source));
  if (filter.importId !== null) conditions.push(eq(r.importId, filter.importId));
  if (filter.words.length > 0) {
    const text = and(
      ...filter.words.map(
        (word) =>
          or(ilike(r.description, likePattern(word)), ilike(r.counterparty, likePattern(word))) as SQL,
      ),
    ) as SQL;
    conditions.push(filter.amount === null ? text : (or(text, eq(r.amountCents, filter.amount)) as SQL));
  }
  return conditions;
}

/** The same filter on the day totals (date, direction, category and rate are their dimensions). */
function totalsConditions(organizationId: number, filter: RecordFilter): SQL[] {
  const t = financeDayTotals;
  const conditions: SQL[] = [eq(t.organizationId, organizationId)];
  if (filter.from !== null) conditions.push(gte(t.day, filter.from));
  if (filter.to !== null) conditions.push(lte(t.day, filter.to));
  if (filter.direction !== null) conditions.push(eq(t.direction, filter.direction));
  if (filter.category !== null) conditions.push(eq(t.category, filter.category));
  if (filter.btwRate !== null)
    conditions.push(eq(t.btwRate, filter.btwRate === 'none' ? '' : filter.btwRate));
  return conditions;
}

const SORT_COLUMNS = {
  date: financeRecords.date,
  amount: financeRecords.amountCents,
  counterparty: financeRecords.counterparty,
  category: financeRecords.category,
} as const;

export function recordOrder(sort: FinanceSort): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  return descending
    ? [desc(column), desc(financeRecords.id)]
    : [asc(column), sort === 'date' ? asc(financeRecords.id) : desc(financeRecords.id)];
}

const recordColumns = {
  record: financeRecords,
  createdByName: users.name,
};

type RecordWithName = { record: FinanceRecordRow; createdByName: string | null };

/** A stored record as the wire answers it. */
export function toFinanceRecord({ record, createdByName }: RecordWithName): FinanceRecord {
  return {
    id: record.id,
    date: record.date,
    direction: record.direction,
    amount_cents: record.amountCents,
    btw_rate: record.btwRate,
    btw_cents: record.btwCents,
    net_cents: record.amountCents - record.btwCents,
    category: record.category,
    description: record.description,
    counterparty: record.counterparty,
    attachment_ref: record.attachmentRef,
    source: record.source,
    import_id: record.importId,
    bank_account: record.bankAccount,
    bank_reference: record.bankReference,
    created_by_name: createdByName,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** One page of the organisation's records, and how many match in all. */
export async function listRecords(
  db: Queryable,
  organizationId: number,
  filter: RecordFilter,
  sort: FinanceSort,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ items: FinanceRecord[]; total: number }> {
  const rows = await db
    .select(recordColumns)
    .from(financeRecords)
    .leftJoin(users, eq(users.id, financeRecords.createdBy))
    .where(and(...recordConditions(organizationId, filter)))
    .orderBy(...recordOrder(sort))
    .limit(page.limit)
    .offset(page.offset);
  // Filters the day totals can answer are counted there: a few rows per day instead of every record.
  const [counted] = noFilterBeyondTotals(filter)
    ? await db
        .select({ total: sql<number>`coalesce(sum(${financeDayTotals.recordCount}), 0)`.mapWith(Number) })
        .from(financeDayTotals)
        .where(and(...totalsConditions(organizationId, filter)))
    : await db
        .select({ total: count() })
        .from(financeRecords)
        .where(and(...recordConditions(organizationId, filter)));
  return { items: rows.map(toFinanceRecord), total: counted?.total ?? 0 };
}

/** The records of a filter in `chunk`-sized pages, in date order (the export). */
export async function* recordChunks(
  db: Queryable,
  organizationId: number,
  filter: RecordFilter,
  chunk = 2_000,
): AsyncGenerator<FinanceRecord[]> {
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const conditions = recordConditions(organizationId, filter);
    if (after !== null)
      conditions.push(
        sql`(${financeRecords.date}, ${financeRecords.id}) > (${after.date}::date, ${after.id}::integer)`,
      );
    const rows: RecordWithName[] = await db
      .select(recordColumns)
      .from(financeRecords)
      .leftJoin(users, eq(users.id, financeRecords.createdBy))
      .where(and(...conditions))
      .orderBy(asc(financeRecords.date), asc(financeRecords.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows.map(toFinanceRecord);
    const last = rows.at(-1)?.record;
    if (last === undefined || rows.length < chunk) return;
    after = { date: last.date, id: last.id };
  }
}

/** One record of the organisation, or null (unknown id or another organisation's). */
export async function findRecord(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<FinanceRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(financeRecords)
    .leftJoin(users, eq(users.id, financeRecords.createdBy))
    .where(and(eq(financeRecords.organizationId, organizationId), eq(financeRecords.id, id)));
  return row === undefined ? null : toFinanceRecord(row);
}

const storedFields = (record: CheckedFinanceRecord) => ({
  date: record.date,
  direction: record.direction,
  amountCents: record.amountCents,
  btwRate: record.btwRate,
  btwCents: record.btwCents,
  category: record.category,
  description: record.description,
  counterparty: record.counterparty,
  attachmentRef: record.attachmentRef,
});

/** Stores a checked record entered by hand; answers its id. */
export async function insertRecord(
  db: Queryable,
  organizationId: number,
  userId: number,
  record: CheckedFinanceRecord,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(financeRecords)
    .values({
      organizationId,
      ...storedFields(record),
      source: 'manual',
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: financeRecords.id });
  if (row === undefined) throw new Error('finance record not inserted');
  return row.id;
}

/** A stored record as a draft: what PATCH merges its changes into. */
export const draftOf = (record: FinanceRecord): FinanceRecordDraft => ({
  date: record.date,
  direction: record.direction,
  amount_cents: record.amount_cents,
  btw_rate: record.btw_rate,
  category: record.category,
  description: record.description,
  counterparty: record.counterparty,
  attachment_ref: record.attachment_ref,
});

/** The record locked for a change in this transaction, or null. */
export async function lockRecord(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<FinanceRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(financeRecords)
    .leftJoin(users, eq(users.id, financeRecords.createdBy))
    .where(and(eq(financeRecords.organizationId, organizationId), eq(financeRecords.id, id)))
    .for('update', { of: financeRecords });
  return row === undefined ? null : toFinanceRecord(row);
}

export async function updateRecord(
  db: Queryable,
  organizationId: number,
  id: number,
  record: CheckedFinanceRecord,
  now: Date,
): Promise<void> {
  await db
    .update(financeRecords)
    .set({ ...storedFields(record), updatedAt: now })
    .where(and(eq(financeRecords.organizationId, organizationId), eq(financeRecords.id, id)));
}

/** Deletes a record of the organisation; false when there was none. */
export async function deleteRecord(db: Queryable, organizationId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(financeRecords)
    .where(and(eq(financeRecords.organizationId, organizationId), eq(financeRecords.id, id)))
    .returning({ id: financeRecords.id });
  return deleted.length > 0;
}

/** The categories in use (from the month totals), most used first, and the defaults not yet used. */
export async function loadCategories(db: Queryable, organizationId: number): Promise<FinanceCategories> {
  const t = financeMonthTotals;
  const records = sql<number>`sum(${t.recordCount})`;
  const used = await db
    .select({ name: t.category, record_count: records.mapWith(Number) })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), sql`${t.category} <> ''`))
    .groupBy(t.category)
    .orderBy(desc(records), asc(t.category));
  const taken = new Set(used.map((category) => category.name.toLocaleLowerCase('nl')));
  return {
    used,
    suggestions: DEFAULT_FINANCE_CATEGORIES.filter((name) => !taken.has(name.toLocaleLowerCase('nl'))),
  };
}
