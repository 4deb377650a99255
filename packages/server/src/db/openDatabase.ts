import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle } from './database';
import { lockDirectory } from './directoryLock';
import * as schema from './schema';

/** The SQL migrations drizzle-kit generates (packages/server/drizzle), shared by both drivers. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The extensions the migrations create, loaded into every PGlite instance (PostgreSQL ships them):
 * pg_trgm for the contacts search's trigram index.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_ID = 7_406_211;

/**
 * Embedded Postgres: in a directory (locked against a second process), or in memory when `dataDir`
 * is null (tests).
 */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir === null)
    return pgliteHandle(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'PGlite (in het geheugen)');
  mkdirSync(dataDir, { recursive: true });
  const unlock = await lockDirectory(dataDir);
  try {
    return pgliteHandle(
      await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS }),
      `PGlite in ${dataDir}`,
      unlock,
    );
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Wraps an open PGlite instance (for example one loaded from a migrated template in tests). */
export function pgliteHandle(
  client: PGlite,
  description: string,
  onClose: () => Promise<void> = async () => {},
): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    description,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      await client.close();
      await onClose();
    },
  };
}

function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL op ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export interface PostgresOptions {
  /** Connection pool size per instance. */
  readonly max?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): DatabaseHandle {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // No JIT compilation: it pays off for long analytical scans, and Loop's are pre-aggregated. A
    // generic plan of the answering statement estimated above `jit_above_cost` (after the tables
    // grew) compiled 179 functions in 190 ms on every execution: a fifth of the submissions a second.
    connection: { jit: 'off' },
  });
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: 'postgres',
    description: describePostgres(url),
    async migrate() {
      // A session-level advisory lock on one reserved connection, while the migrator uses the
      // pool: a second instance waits here and then finds nothing left to do.
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
        lock.release();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** PostgreSQL when a URL is configured, else embedded PGlite in `pgliteDataDir`. */
export async function openDatabase(options: {
  readonly databaseUrl: string | null;
  readonly pgliteDataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl === null ? openPglite(options.pgliteDataDir) : openPostgres(options.databaseUrl);
}
