import type { FinanceImport } from '@loop/core';
import type { ImportDefaults } from '@loop/core/finance';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { financeImports, financeRecords, users } from '../db/schema';
import type { CheckedBankFile } from './import/checkedBankFile';

/** Bank statement imports in the database: duplicates, storing an import, listing and undoing. */

/** Who imported which file, and the defaults its records get. */
export interface ImportedFile {
  readonly organizationId: number;
  readonly userId: number;
  readonly fileName: string;
  readonly defaults: ImportDefaults;
}

/** How many of these keys the organisation already has. */
export async function existingKeys(
  db: Queryable,
  organizationId: number,
  keys: readonly string[],
): Promise<number> {
  let found = 0;
  for (let start = 0; start < keys.length; start += 5_000) {
    const [row] = await db
      .select({ found: count() })
      .from(financeRecords)
      .where(
        and(
          eq(financeRecords.organizationId, organizationId),
          inArray(financeRecords.duplicateKey, keys.slice(start, start + 5_000)),
        ),
      );
    found += row?.found ?? 0;
  }
  return found;
}

/**
 * Stores the import and its new records; answers the import's id and how many were new. Run it in
 * one transaction (financeImportUseCases.ts). An import that added nothing (every line was there
 * already) is not kept: it would be listed with an undo that removes nothing (docs/decisions/finance.md,
 * 'An import that adds nothing is not kept').
 */
export async function storeImport(
  tx: Queryable,
  request: ImportedFile,
  file: CheckedBankFile,
  now: Date,
): Promise<{ importId: number | null; imported: number }> {
  const [created] = await tx
    .insert(financeImports)
    .values({
      organizationId: request.organizationId,
      fileName: request.fileName,
      format: file.format,
      lineCount: file.lineCount,
      importedCount: 0,
      duplicateCount: 0,
      refusedCount: file.refused,
      createdBy: request.userId,
      createdAt: now,
    })
    .returning({ id: financeImports.id });
  if (created === undefined) throw new Error('finance import not inserted');
  let imported = 0;
  for (const rows of file.recordChunks) {
    // The rows travel as one JSON parameter (made on the worker thread, checkedBankFile.ts): a
    // VALUES list of thousands of rows binds tens of thousands of parameters that PostgreSQL parses
    // and plans anew each time (see logStore.ts). Only the count of new rows comes back.
    const inserted = tx.$with('inserted').as(
      tx
        .insert(financeRecords)
        .select(
          sql`select nextval('finance_records_id_seq'), ${request.organizationId}::integer, r.date, r.direction,
              r.amount_cents, r.btw_rate, r.btw_cents, r.category, r.description, r.counterparty, null,
              'import', ${created.id}::integer, r.bank_account, r.bank_reference, r.duplicate_key,
              ${request.userId}::integer, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${rows}::jsonb) as r(date date, direction text,
              amount_cents bigint, btw_rate text, btw_cents bigint, category text, description text,
              counterparty text, bank_account text, bank_reference text, duplicate_key text)`,
        )
        .onConflictDoNothing({ target: [financeRecords.organizationId, financeRecords.duplicateKey] })
        .returning({ id: financeRecords.id }),
    );
    const [counted] = await tx.with(inserted).select({ count: count() }).from(inserted);
    imported += counted?.count ?? 0;
  }
  if (imported === 0) {
    await tx.delete(financeImports).where(eq(financeImports.id, created.id));
    return { importId: null, imported };
  }
  await tx
    .update(financeImports)
    .set({ importedCount: imported, duplicateCount: file.storable - imported })
    .where(eq(financeImports.id, created.id));
  return { importId: created.id, imported };
}

/** The organisation's imports, newest first, with how many of their records still exist. */
export async function listImports(
  db: Queryable,
  organizationId: number,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ items: FinanceImport[]; total: number }> {
  // Counted per import of the page through the records' import index, not over all records.
  const records = sql<number>`(select count(*) from ${financeRecords} where ${financeRecords.importId} = ${financeImports.id})`;
  const rows = await db
    .select({ row: financeImports, createdByName: users.name, records: records.mapWith(Number) })
    .from(financeImports)
    .leftJoin(users, eq(users.id, financeImports.createdBy))
    .where(eq(financeImports.organizationId, organizationId))
    .orderBy(desc(financeImports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(financeImports)
    .where(eq(financeImports.organizationId, organizationId));
  return {
    items: rows.map(({ row, createdByName, records }) => ({
      id: row.id,
      file_name: row.fileName,
      format: row.format,
      lines: row.lineCount,
      imported: row.importedCount,
      duplicates: row.duplicateCount,
      refused: row.refusedCount,
      record_count: records,
      created_by_name: createdByName,
      created_at: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

/**
 * Undoes an import: the import is locked, then it and its records go (the records by cascade). Null
 * when unknown. Run it in a transaction (financeImportUseCases.ts), so the lock holds.
 */
export async function deleteImport(
  tx: Queryable,
  organizationId: number,
  importId: number,
): Promise<{ readonly removedRecords: number } | null> {
  const [found] = await tx
    .select({ id: financeImports.id })
    .from(financeImports)
    .where(and(eq(financeImports.organizationId, organizationId), eq(financeImports.id, importId)))
    .for('update');
  if (found === undefined) return null;
  const removed = await tx
    .delete(financeRecords)
    .where(and(eq(financeRecords.organizationId, organizationId), eq(financeRecords.importId, importId)))
    .returning({ id: financeRecords.id });
  await tx.delete(financeImports).where(eq(financeImports.id, importId));
  return { removedRecords: removed.length };
}
