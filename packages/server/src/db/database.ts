import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle database the app works with, whichever driver (PGlite or postgres-js) is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Either the database or an open transaction on it: functions that take this work inside both. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with the means to migrate and close it. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** For the start-up log line; never contains a password. */
  readonly description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The largest id a `serial` column holds; larger numbers from clients are unknown ids, not errors. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Parses a client-supplied id: a positive decimal integer that fits a `serial`, else null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_SERIAL_ID ? id : null;
}

/**
 * A prepared statement made once per database or transaction object (planned once per
 * connection): the lookups every authenticated request makes (session, membership) were built by
 * drizzle and planned by PostgreSQL anew at every request, about 2 ms of a request's cost under
 * load (docs/benchmarks.md, the KPI board).
 */
export function preparedPer<T>(make: (db: Queryable) => T): (db: Queryable) => T {
  const made = new WeakMap<Queryable, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}
