/**
 * The server side of bench/api-key (run.ts starts it as a child process, so the load generator does
 * not share its event loop): the real Loop app, on PGlite in memory (`pglite`, migrated and seeded
 * with the demo data here) or on the PostgreSQL database in DATABASE_URL (`postgres`, seeded by
 * run.ts). Rate limiting is on with a per-key limit no run reaches, so a key's request pays for its
 * counter as in production. Prints `{"url": …}`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '@loop/server/db';
import { buildBenchApp, migrateAndSeed } from '../benchKit';
import { childDatabaseUrl, serveChild } from '../serverKit';

const LIMITS = { RATE_LIMIT: 'true', API_KEY_RATE_LIMIT: '100000' };

const mode = process.argv[2];
const database =
  mode === 'pglite'
    ? await openPglite(null)
    : openPostgres(childDatabaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10) });
if (mode === 'pglite') await migrateAndSeed(database);
const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-api-key-'));
const app = await buildBenchApp(database.db, {
  DATA_DIR: dataDir,
  ...(mode === 'pglite' ? {} : { DATABASE_URL: childDatabaseUrl() }),
  ...LIMITS,
});
await serveChild(app, async () => {
  await app.close();
  await database.close();
});
