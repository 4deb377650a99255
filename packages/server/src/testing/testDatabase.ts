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
 * A database of its own for one test file on the test PostgreSQL, created and migrated now and
 * dropped on close, so files never see each other's rows and a second run starts clean too.
 */
async function openTestPostgres(): Promise<DatabaseHandle> {
  const name = `loop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: 5 });
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  return {
    ...handle,
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
