import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../testing/testDatabase';
import { DirectoryLockedError } from './directoryLock';
import { openPglite } from './openDatabase';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'loop-pglite-dir-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('migrations', () => {
  it('should be a no-op when applied again, even twice at the same moment', async () => {
    const database = await openTestDatabase();
    try {
      await Promise.all([database.migrate(), database.migrate()]);
      const migrations = await database.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      expect(JSON.stringify(migrations)).toContain('"applied":1');
    } finally {
      await database.close();
    }
  });
});

// The folder lock and persistence belong to the embedded database only.
describe.runIf(testDatabaseKind() === 'pglite')('openPglite in a directory', () => {
  it('should migrate, keep the data across a reopen, and migrate again as a no-op', async () => {
    const dir = join(root, 'data');
    const first = await openPglite(dir);
    await first.migrate();
    await first.db.execute(sql`insert into organizations (name) values ('Blijvend')`);
    await first.close();

    const second = await openPglite(dir);
    await second.migrate();
    const rows = await second.db.execute<{ name: string }>(sql`select name from organizations`);
    expect(JSON.stringify(rows)).toContain('Blijvend');
    await second.close();
  }, 60_000);

  it('should refuse a second open of the same folder while the first is open, and allow it after close', async () => {
    const dir = join(root, 'locked');
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DirectoryLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  }, 60_000);

  it('should take over a lock left by a process that is gone, and refuse one held by a live process', async () => {
    const stale = join(root, 'stale');
    await writeFile(`${stale}.lock`, '2147483646\n');
    const handle = await openPglite(stale);
    await handle.close();

    const held = join(root, 'held');
    await writeFile(`${held}.lock`, `${process.ppid}\n`);
    await expect(openPglite(held)).rejects.toThrow(/in gebruik door proces/);
  }, 60_000);
});
