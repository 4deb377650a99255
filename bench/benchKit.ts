/**
 * What the benchmarks share: the one harness of a benchmark's server (`withBenchServer`: a scratch
 * PostgreSQL database, migrated and seeded with the demo data, the app as they configure it, and
 * the teardown of it all), the demo admin's sign-in, and the timing of an action.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  createPasswordHasher,
  DEMO_ADMIN,
  DEMO_ORGANIZATION,
  loadConfig,
  type Mailer,
  type PasswordHasher,
  seedDemoData,
  systemClock,
} from '@loop/server';
import { type Database, type DatabaseHandle, openPostgres } from '@loop/server/db';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';

/** The PostgreSQL server the benchmarks use; each creates a database of its own on it. */
export const ADMIN_URL = process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new database `loop_bench_<name>_<pid>`; `drop` removes it, open connections or not. */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const database = `loop_bench_${name}_${process.pid}`;
  await admin.unsafe(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      // KEEP_DATABASE=1 keeps the data for a look with EXPLAIN or psql afterwards.
      if (process.env.KEEP_DATABASE) console.log(`kept database ${database}`);
      else await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Migrates the database at `url` and seeds the demo data; answers the demo admin's first
 * organisation. Its 60 demo contacts are removed unless `keepContacts`: a benchmark counts its own.
 */
export async function seedDemoDatabase(url: string, { keepContacts = false } = {}): Promise<number> {
  const setup = openPostgres(url, { max: 2 });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrateAndSeed(setup);
    const org = await demoAdminOrganization(sql);
    if (!keepContacts) await sql`delete from contacts where organization_id = ${org}`;
    return org;
  } finally {
    await sql.end();
    await setup.close();
  }
}

/** The demo admin's first organisation. */
export async function demoAdminOrganization(sql: postgres.Sql): Promise<number> {
  const [org] = await sql<{ id: number }[]>`
    select m.organization_id as id from memberships m join users u on u.id = m.user_id
    where u.email = ${DEMO_ADMIN.email} order by m.organization_id limit 1`;
  if (org === undefined) throw new Error('the demo admin has no organisation');
  return Number(org.id);
}

/** The demo organisation (the seed's `DEMO_ORGANIZATION`): its id and name. */
export async function demoOrganization(sql: postgres.Sql): Promise<{ id: number; name: string }> {
  const [organization] = await sql<{ id: number; name: string }[]>`
    select id, name from organizations where name = ${DEMO_ORGANIZATION.name}`;
  if (organization === undefined) throw new Error('no demo organisation');
  return organization;
}

/** Password hashing made cheap: a benchmark signs in, it does not measure argon2. */
export const benchPasswords = (): PasswordHasher => createPasswordHasher({ memoryCost: 1024, timeCost: 1 });

/** Migrates `database` and seeds the demo data. */
export async function migrateAndSeed(database: DatabaseHandle, passwords = benchPasswords()): Promise<void> {
  await database.migrate();
  await seedDemoData({ db: database.db, clock: systemClock, passwords });
}

/** The real Loop app on `db`, configured by `benchConfig(env)`, mail going nowhere. */
export const buildBenchApp = (
  db: Database,
  env: Readonly<Record<string, string>>,
  passwordHasher = benchPasswords(),
): Promise<FastifyInstance> => buildApp({ config: benchConfig(env), db, mailer: noMail, passwordHasher });

/** A benchmark's server, as `withBenchServer` hands it out. */
export interface BenchServer {
  /** The scratch database, migrated and seeded with the demo data (a child server's DATABASE_URL). */
  readonly url: string;
  /** The app's handle on the database. */
  readonly database: DatabaseHandle;
  /** One plain connection, for generating data and the bare queries. */
  readonly sql: postgres.Sql;
  /** The real app on the database, built at the first call; later calls answer the same one. */
  app(): Promise<FastifyInstance>;
  /** Closes `database` and `sql` now, before a child server takes the load (teardown then skips them). */
  closeConnections(): Promise<void>;
}

/**
 * Runs `bench` on a scratch database `loop_bench_<name>_<pid>` (a pool of `pool` connections for the
 * app's handle, 10 by default), migrated and seeded; then closes the app, the connections, drops
 * the database and removes the app's data folder, whether `bench` succeeded or not.
 */
export async function withBenchServer<T>(
  name: string,
  bench: (server: BenchServer) => Promise<T>,
  { pool = 10 }: { readonly pool?: number } = {},
): Promise<T> {
  const { url, drop } = await scratchDatabase(name);
  const database = openPostgres(url, { max: pool });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const dataDir = await mkdtemp(join(tmpdir(), `loop-bench-${name}-`));
  const passwords = benchPasswords();
  const started: { app?: Promise<FastifyInstance>; connections?: Promise<void> } = {};
  const closeConnections = () => {
    started.connections ??= sql.end().then(() => database.close());
    return started.connections;
  };
  try {
    await migrateAndSeed(database, passwords);
    return await bench({
      url,
      database,
      sql,
      app: () => {
        started.app ??= buildBenchApp(database.db, { DATA_DIR: dataDir }, passwords);
        return started.app;
      },
      closeConnections,
    });
  } finally {
    // An app that failed to build has nothing to close; its error is the one `bench` throws.
    await started.app?.then(
      (app) => app.close(),
      () => {},
    );
    await closeConnections();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Mail goes nowhere. */
export const noMail: Mailer = { send: async () => ({ response: null }), close: async () => {} };

/** The app's configuration in a benchmark: quiet, no rate limits, no demo seeding of its own. */
export const benchConfig = (env: Readonly<Record<string, string>>) =>
  loadConfig({
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    // One client address sends everything here; the per-address limit would measure itself.
    RATE_LIMIT: 'false',
    SEED_DEMO: 'false',
    // The contacts' geocoding would ask PDOK (the internet) about generated addresses.
    GEOCODER_URL: 'off',
    ...env,
  });

/** The demo admin signed in: the headers of its requests. */
export async function demoAdminHeaders(app: FastifyInstance): Promise<{ authorization: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** `action` run `warmUps` times untimed, then `runs` times: the median and the fastest run in ms. */
export async function timed(
  runs: number,
  action: () => Promise<unknown>,
  warmUps = 2,
): Promise<{ median: number; min: number }> {
  for (let i = 0; i < warmUps; i++) await action();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await action();
    times.push(performance.now() - start);
  }
  return { median: median(times), min: Math.min(...times) };
}

/**
 * Two actions timed turn about (after two untimed rounds), so both see the same load on a shared
 * machine: the ratio between them holds up better than two medians taken minutes apart.
 */
export async function sideBySide(
  runs: number,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<readonly [{ median: number; min: number }, { median: number; min: number }]> {
  for (let i = 0; i < 2; i++) {
    await first();
    await second();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [index, action] of [first, second].entries()) {
      const start = performance.now();
      await action();
      times[index]?.push(performance.now() - start);
    }
  const stats = (values: number[]) => ({ median: median(values), min: Math.min(...values) });
  return [stats(times[0]), stats(times[1])] as const;
}
