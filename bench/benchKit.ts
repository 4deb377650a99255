/**
 * What the benchmarks share: a scratch PostgreSQL database, the app as they configure it, the demo
 * admin's sign-in, and the timing of an action.
 */
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import {
  createPasswordHasher,
  DEMO_ADMIN,
  loadConfig,
  openPostgres,
  seedDemoData,
  systemClock,
} from '../packages/server/src/index';
import type { Mailer } from '../packages/server/src/mail/mailer';

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
    await setup.migrate();
    await seedDemoData({
      db: setup.db,
      clock: systemClock,
      passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
    });
    const [org] = await sql<{ id: number }[]>`
      select m.organization_id as id from memberships m join users u on u.id = m.user_id
      where u.email = ${DEMO_ADMIN.email} order by m.organization_id limit 1`;
    if (org === undefined) throw new Error('the demo admin has no organisation');
    if (!keepContacts) await sql`delete from contacts where organization_id = ${org.id}`;
    return Number(org.id);
  } finally {
    await sql.end();
    await setup.close();
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
