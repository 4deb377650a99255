import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database';
import * as schema from '../db/schema';
import { queryRows } from '../results/resultsSql';

/** Every table of the schema (a table added later is in it without a test changing). */
export const SCHEMA_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);

/** Where a text was found: the table, the column and how many rows hold it. */
export interface Mention {
  readonly table: string;
  readonly column: string;
  readonly rows: number;
}

/**
 * Every column of every table of the schema (text, jsonb and arrays; numbers and times harmlessly
 * too), read as text and lower case, that contains one of `needles` (any case): what an erase must
 * leave empty. One statement per table.
 */
export async function mentionsOf(db: Queryable, needles: readonly string[]): Promise<Mention[]> {
  const patterns = needles.map((needle) => `%${needle.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  const found: Mention[] = [];
  for (const table of SCHEMA_TABLES) {
    const config = getTableConfig(table);
    const counts = config.columns.map(
      (column) =>
        sql`count(*) filter (where lower(${sql.identifier(column.name)}::text) like any(${sql`array[${sql.join(
          patterns.map((pattern) => sql`${pattern}`),
          sql`, `,
        )}]::text[]`}))::integer as ${sql.identifier(column.name)}`,
    );
    const [row] = await queryRows<Record<string, number>>(
      db,
      sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(config.name)}`,
    );
    for (const [column, rows] of Object.entries(row ?? {}))
      if (Number(rows) > 0) found.push({ table: config.name, column, rows: Number(rows) });
  }
  return found;
}
