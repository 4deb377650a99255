import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationTags } from '../testing/migrationFiles';
import { openTestDatabase, testDatabaseKind } from '../testing/testDatabase';
import { DirectoryLockedError } from './directoryLock';
import { MIGRATIONS_FOLDER, openPglite, PGLITE_EXTENSIONS } from './openDatabase';

const journalEntries = (): Array<{ tag: string }> => migrationTags().map((tag) => ({ tag }));

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
      expect(JSON.stringify(migrations)).toContain(`"applied":${journalEntries().length}`);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the PostgreSQL connections', () => {
  it('should run without JIT compilation, which cost the answering statement 190 ms a call', async () => {
    const database = await openTestDatabase();
    try {
      const [row] = (await database.db.execute(
        sql`select current_setting('jit') as jit`,
      )) as unknown as Array<{
        jit: string;
      }>;
      expect(row?.jit).toBe('off');
    } finally {
      await database.close();
    }
  });
});

// Pure SQL on a bare embedded Postgres, so it runs once (in the PGlite project).
describe.runIf(testDatabaseKind() === 'pglite')('billing migration', () => {
  it('should give every organisation that existed before it a basicloop subscription', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const run = async (tag: string) => {
      const text = await readFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) await client.exec(statement);
    };
    try {
      const [first, ...rest] = journalEntries();
      await run(first!.tag);
      await client.exec(
        "insert into organizations (name, created_at) values ('Oud BV', '2025-01-02T03:04:05Z'), ('Ouder BV', now())",
      );
      for (const entry of rest) await run(entry.tag);

      const { rows } = await client.query<{ name: string; plan: string; status: string; start_date: Date }>(
        `select o.name, p.name as plan, s.status, s.start_date from subscriptions s
         join organizations o on o.id = s.organization_id join plans p on p.id = s.plan_id order by o.name`,
      );
      expect(rows.map((row) => [row.name, row.plan, row.status])).toEqual([
        ['Oud BV', 'basicloop', 'active'],
        ['Ouder BV', 'basicloop', 'active'],
      ]);
      expect(rows[0]!.start_date.toISOString()).toBe('2025-01-02T03:04:05.000Z');
      const plans = await client.query<{ name: string; price_cents: number; features: string }>(
        `select p.name, p.price_cents, string_agg(pf.feature_key, ',' order by f.sort) as features
         from plans p join plan_features pf on pf.plan_id = p.id join features f on f.key = pf.feature_key
         group by p.id order by p.price_cents`,
      );
      expect(plans.rows).toEqual([
        { name: 'basicloop', price_cents: 0, features: 'core' },
        { name: 'smartloop', price_cents: 2900, features: 'core,analytics,export,branding' },
        // 0002 sold ai and business on proloop too; 0010 took them off (no product behind them yet),
        // 0016 put business back (issue 15 built the analysis), 0018 ai (the summaries of open answers).
        { name: 'proloop', price_cents: 7900, features: 'core,ai,analytics,export,branding,business' },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
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
