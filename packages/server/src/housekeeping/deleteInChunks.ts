import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database';

/** Rows removed per statement, so a large clean-up never holds one long lock. */
export const DELETE_CHUNK = 10_000;

/** Deletes the rows of `table` matching `where`, `DELETE_CHUNK` keys at a time; answers how many. */
export async function deleteInChunks(
  db: Queryable,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
): Promise<number> {
  let total = 0;
  for (;;) {
    const chunk = db.select({ key }).from(table).where(where).limit(DELETE_CHUNK);
    const removed = await db.delete(table).where(inArray(key, chunk)).returning({ key });
    total += removed.length;
    if (removed.length < DELETE_CHUNK) return total;
  }
}
