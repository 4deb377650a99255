/**
 * The `@loop/server/db` entry: the database handles (PGlite or PostgreSQL, with their migrations)
 * and every table of the schema, for code outside the server that reads or writes the database
 * itself (bench/).
 */
export type { Database, DatabaseHandle, Queryable } from './database';
export { openDatabase, openPglite, openPostgres } from './openDatabase';
export * from './schema';
