import type { BtwRate, FinanceDirection, FinanceSource, ImportFormat } from '@loop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Finance: records, imports and their day totals ─────────────────────────

/**
 * One import of a bank statement file: what it was and what came of it. Deleting the row undoes
 * the import (its records go with it).
 */
export const financeImports = pgTable(
  'finance_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    lineCount: integer('line_count').notNull(),
    importedCount: integer('imported_count').notNull(),
    duplicateCount: integer('duplicate_count').notNull(),
    refusedCount: integer('refused_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('finance_imports_organization_idx').on(t.organizationId, t.id),
    check('finance_imports_format_check', sql`${t.format} in ('camt053', 'mt940', 'csv')`),
  ],
);

/**
 * Income and costs. `amount_cents` is what was paid or received, BTW included, always above 0;
 * `direction` gives the sign. `btw_cents` is derived from amount and rate by core's `splitBtw` at
 * every write. Imported records keep the bank's account and reference, and `duplicate_key` (the
 * SHA-256 of core's `duplicateKeyMaterial`): unique per organisation, so a line imported twice is
 * stored once (NULL for records entered by hand, which never collide).
 */
export const financeRecords = pgTable(
  'finance_records',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwRate: text('btw_rate').$type<BtwRate>(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    counterparty: text('counterparty').notNull().default(''),
    attachmentRef: text('attachment_ref'),
    source: text('source').$type<FinanceSource>().notNull(),
    importId: integer('import_id').references(() => financeImports.id, { onDelete: 'cascade' }),
    bankAccount: text('bank_account'),
    bankReference: text('bank_reference'),
    duplicateKey: text('duplicate_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('finance_records_organization_date_idx').on(t.organizationId, t.date, t.id),
    index('finance_records_organization_amount_idx').on(t.organizationId, t.amountCents, t.id),
    index('finance_records_import_idx').on(t.importId),
    uniqueIndex('finance_records_duplicate_key_unique').on(t.organizationId, t.duplicateKey),
    check('finance_records_direction_check', sql`${t.direction} in ('income', 'cost')`),
    check(
      'finance_records_btw_rate_check',
      sql`${t.btwRate} is null or ${t.btwRate} in ('21', '9', '0', 'exempt')`,
    ),
    check('finance_records_source_check', sql`${t.source} in ('manual', 'import')`),
    check('finance_records_import_check', sql`(${t.source} = 'import') = (${t.importId} is not null)`),
    check('finance_records_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('finance_records_btw_check', sql`${t.btwCents} >= 0 and ${t.btwCents} <= ${t.amountCents}`),
  ],
);

/**
 * The records summed per organisation, day, direction, category and BTW rate ('' for none), kept
 * by statement-level triggers on finance_records (migration 0012): every insert, update and delete
 * adds or subtracts its rows in the same transaction. The overviews, the categories and the
 * unfiltered list counts read this instead of the records: a few rows per day rather than a
 * million records.
 */
export const financeDayTotals = pgTable(
  'finance_day_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    category: text('category').notNull(),
    btwRate: text('btw_rate').notNull(),
    recordCount: integer('record_count').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'finance_day_totals_pk',
      columns: [t.organizationId, t.day, t.direction, t.category, t.btwRate],
    }),
  ],
);

/**
 * The same sums per month (`month` is its first day), kept by the same triggers: an overview of
 * whole months reads these, a few thousand rows for three years of a million records, and only
 * the days of a month the range cuts come from the day totals.
 */
export const financeMonthTotals = pgTable(
  'finance_month_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    direction: text('direction').$type<FinanceDirection>().notNull(),
    category: text('category').notNull(),
    btwRate: text('btw_rate').notNull(),
    recordCount: integer('record_count').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    btwCents: bigint('btw_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'finance_month_totals_pk',
      columns: [t.organizationId, t.month, t.direction, t.category, t.btwRate],
    }),
  ],
);

export type FinanceRecordRow = typeof financeRecords.$inferSelect;
export type FinanceImportRow = typeof financeImports.$inferSelect;
