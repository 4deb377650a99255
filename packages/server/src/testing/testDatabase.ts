import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { DatabaseHandle } from '../db/database';
import { MIGRATIONS_FOLDER, openPostgres, PGLITE_EXTENSIONS, pgliteHandle } from '../db/openDatabase';

/** The PostgreSQL the `server-postgres` test project runs against (trust auth). */
export const TEST_POSTGRES_URL =
  process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKind = (): TestDatabaseKind =>
  process.env.LOOP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  // The data directory format belongs to the PGlite (Postgres) version.
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated in-memory PGlite. Booting and migrating a fresh one takes seconds, so the first test
 * file to need it saves the migrated data directory as a tarball in the temp folder (keyed by the
 * migrations and the PGlite version) and every later one loads that in under a second.
 */
async function openTestPglite(): Promise<DatabaseHandle> {
  const template = join(tmpdir(), `loop-pglite-template-${migrationsFingerprint()}.tar`);
  const saved = await readFile(template).catch(() => null);
  if (saved !== null) {
    try {
      return pgliteHandle(
        await PGlite.create({ loadDataDir: new Blob([saved]), extensions: PGLITE_EXTENSIONS }),
        'PGlite (test)',
      );
    } catch {
      // A damaged or foreign template: build a fresh one below and replace it.
    }
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = pgliteHandle(client, 'PGlite (test)');
  await handle.migrate();
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, dump);
  await rename(partial, template);
  return handle;
}

/**
 * The migrated template every test database on PostgreSQL is copied from, made once per migrations
 * fingerprint: `create database … template` copies its files in a fraction of the time that running
 * the migrations takes (about a second per file on these machines). Parallel workers make it under an
 * advisory lock, so the first one builds it and the others wait; templates of older migrations go.
 */
async function migratedTemplate(admin: postgres.Sql): Promise<string> {
  const name = `loop_template_${migrationsFingerprint()}`;
  await admin.unsafe('select pg_advisory_lock(hashtext($1))', ['loop_test_template']);
  try {
    const [found] = await admin.unsafe<{ ok: number }[]>(
      'select 1 as ok from pg_database where datname = $1',
      [name],
    );
    if (found !== undefined) return name;
    const stale = await admin.unsafe<{ datname: string }[]>(
      "select datname from pg_database where datname like 'loop\\_template\\_%'",
    );
    for (const { datname } of stale) {
      // Another checkout's run may be copying from it: then it stays, and goes with a later run.
      await admin.unsafe(`drop database if exists "${datname}"`).catch(() => undefined);
    }
    const building = `${name}_building`;
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
    await admin.unsafe(`create database "${building}"`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${building}`;
    const handle = openPostgres(url.toString(), { max: 2 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    // Renamed only once complete, so a crash half-way never leaves a template that looks finished.
    await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    return name;
  } finally {
    await admin.unsafe('select pg_advisory_unlock(hashtext($1))', ['loop_test_template']);
  }
}

/**
 * A database of its own for one test file on the test PostgreSQL, copied now from the migrated
 * template and dropped on close, so files never see each other's rows and a second run starts clean
 * too. `url` lets a child process (a worker a test kills) open the same database.
 */
export async function openTestPostgres(): Promise<DatabaseHandle & { readonly url: string }> {
  const name = `loop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${await migratedTemplate(admin)}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: 5 });
  try {
    // A no-op on the template's copy; it keeps a database that missed a migration from passing.
    await handle.migrate();
  } catch (error) {
    await handle.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A migrated, empty database of the kind the test project asks for (LOOP_TEST_DB). */
export function openTestDatabase(): Promise<DatabaseHandle> {
  return testDatabaseKind() === 'postgres' ? openTestPostgres() : openTestPglite();
}
