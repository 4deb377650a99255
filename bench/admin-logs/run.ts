/**
 * GET /api/v1/admin/logs with 100,000 rows (issue 4): what the 'Applicatie Logging' screen fetches
 * by default, through the whole server (auth, query, mapping, JSON serialisation), beside a bare
 * driver query of the same rows plus JSON.stringify, side by side in one process, on PostgreSQL and
 * PGlite. Also: the cost of the request log on a request (a logged route with the database sink
 * beside the same app whose log goes nowhere).
 * Run: node_modules/.bin/tsx bench/admin-logs/run.ts   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own is created and dropped)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, seedDemoData, systemClock } from '@loop/server';
import { type DatabaseHandle, openPglite, openPostgres } from '@loop/server/db';
import postgres from 'postgres';
import {
  benchConfig,
  benchPasswords,
  buildBenchApp,
  demoAdminHeaders,
  noMail,
  scratchDatabase,
  timed,
} from '../benchKit';
import { generateLogRows } from './generateLogRows';

const ROWS = 100_000;
const RUNS = 7;

/** The median of `runs` timed runs after one warm-up. */
const medianMs = async (runs: number, action: () => Promise<unknown>): Promise<number> =>
  (await timed(runs, action, 1)).median;

const BARE = `select id, ts, level, category, org_id, action, route, http_status, message, log_date
  from app_logs where ts >= now() - interval '30 days' order by ts desc, id desc limit ${ROWS}`;

async function measure(name: string, database: DatabaseHandle, bare: () => Promise<unknown[]>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-logs-'));
  const config = benchConfig({ DATA_DIR: dataDir });
  const passwords = benchPasswords();
  await seedDemoData({ db: database.db, clock: systemClock, passwords });
  const app = await buildBenchApp(database.db, { DATA_DIR: dataDir }, passwords);
  const quiet = await buildApp({
    config,
    db: database.db,
    mailer: noMail,
    passwordHasher: passwords,
    logSink: { write: async () => {} },
  });
  try {
    await database.db.execute(generateLogRows(ROWS));
    const headers = await demoAdminHeaders(app);
    let body = '';
    const api = await medianMs(RUNS, async () => {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/admin/logs', headers });
      body = answer.body;
    });
    const compressed = await medianMs(RUNS, () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/admin/logs',
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
      }),
    );
    const baseline = await medianMs(RUNS, async () => JSON.stringify(await bare()));
    const items = (JSON.parse(body) as { items: unknown[] }).items.length;
    const bytes = Buffer.byteLength(body);
    const gzipped = gzipSync(body).length;

    // The request log on the request path: a logged route, database sink vs a sink that drops.
    const requests = 2_000;
    const burst = async (target: typeof app) => {
      for (let i = 0; i < requests; i++)
        await target.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    };
    const logged = await medianMs(3, () => burst(app));
    const unlogged = await medianMs(3, () => burst(quiet));
    await app.appLog.flush();

    console.log(
      `${name.padEnd(10)} GET /admin/logs ${items.toLocaleString('en')} rows: ${api.toFixed(0)} ms median ` +
        `(bare query + JSON.stringify ${baseline.toFixed(0)} ms, ratio ${(api / baseline).toFixed(2)}×); ` +
        `body ${(bytes / 1e6).toFixed(1)} MB, gzip ${(gzipped / 1e6).toFixed(2)} MB; as a browser asks for it ` +
        `(brotli) ${compressed.toFixed(0)} ms`,
    );
    console.log(
      `${''.padEnd(10)} GET /users/me ×${requests}: ${((logged / requests) * 1000).toFixed(0)} µs/request with the ` +
        `database log, ${((unlogged / requests) * 1000).toFixed(0)} µs without (ratio ${(logged / unlogged).toFixed(2)}×)`,
    );
  } finally {
    await app.close();
    await quiet.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { url, drop } = await scratchDatabase('logs');
  const pg = await openPostgres(url);
  const raw = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await pg.migrate();
    await measure('PostgreSQL', pg, () => raw.unsafe(BARE));
  } finally {
    await raw.end();
    await pg.close();
    await drop();
  }

  const lite = await openPglite(null);
  try {
    await lite.migrate();
    await measure('PGlite', lite, async () => {
      const result = (await lite.db.execute(BARE)) as unknown as { rows: unknown[] };
      return result.rows;
    });
  } finally {
    await lite.close();
  }
}

await main();
