#!/usr/bin/env node
// `npm run cluster`: three Loop API instances (the real server, packages/server's start command) on
// one PostgreSQL and one Redis, with HAProxy in front (deploy/haproxy.cfg), as docs/deploy.md
// describes running Loop on several machines (R-CLUSTER-8). Ctrl-C stops everything.
//
// Environment: PORT (HAProxy, default 8080), API_PORTS (default 8081,8082,8083), DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/loop_cluster, created if missing), REDIS_URL (default
// redis://127.0.0.1:6379), DATA_DIR (default data/cluster, shared by the instances), STATS_PORT
// (HAProxy's status page on 127.0.0.1, default 8404), HAPROXY (the binary, default /usr/sbin/haproxy
// or `haproxy` on PATH). Everything else (SMTP_URL, LLM_*, …) goes to the instances as it is.
//
// Tests import `startCluster` (cluster/*.test.ts) to kill and restart instances under load.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'packages/server');

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * @typedef {object} Instance
 * @property {string} name
 * @property {number} port
 * @property {ChildProcess | null} process
 * @property {Promise<number | string | null>} exited the exit code, or the signal that ended it
 * @property {() => void} start spawns it (again, after it exited)
 * @property {(timeoutMs?: number) => Promise<void>} waitReady until GET /api/v1/ready answers 200
 */

/**
 * @typedef {object} Cluster
 * @property {string} url HAProxy's address, e.g. http://127.0.0.1:8080
 * @property {string} statsUrl HAProxy's status page
 * @property {Instance[]} instances
 * @property {() => Promise<Record<string, string>>} serverStates HAProxy's view: name → UP, DOWN, …
 * @property {() => Promise<void>} stop SIGTERM to all, waits for them
 */

/**
 * The database of `url`, created when missing (through the server's `postgres` database).
 * @param {string} url
 */
export async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const [found] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!found) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}

/**
 * Secrets the instances must share (tokens signed by one are checked by another), made once and
 * kept in DATA_DIR/cluster-secrets.json unless the environment sets them.
 * @param {string} dataDir
 * @param {NodeJS.ProcessEnv} env
 */
function sharedSecrets(dataDir, env) {
  const file = join(dataDir, 'cluster-secrets.json');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const made = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ALERT_WEBHOOK_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    };
    writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  }
  /** @type {Record<string, string>} */
  const stored = JSON.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(stored).map(([key, secret]) => [key, env[key] ?? secret]));
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export function haproxyBinary(env = process.env) {
  if (env.HAPROXY) return env.HAPROXY;
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  return 'haproxy';
}

/**
 * Starts the instances (all at once) and, once each is ready, HAProxy in front.
 * @param {{
 *   port?: number, apiPorts?: number[], statsPort?: number, databaseUrl?: string, redisUrl?: string,
 *   dataDir?: string, env?: Record<string, string>, output?: 'inherit' | 'ignore' | number,
 *   instanceEnv?: (index: number) => Record<string, string>, readyTimeoutMs?: number,
 * }} [options]
 * @returns {Promise<Cluster>}
 */
export async function startCluster(options = {}) {
  const port = options.port ?? 8080;
  const apiPorts = options.apiPorts ?? [8081, 8082, 8083];
  const statsPort = options.statsPort ?? 8404;
  const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/loop_cluster';
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const dataDir = resolve(ROOT, options.dataDir ?? 'data/cluster');
  const output = options.output ?? 'inherit';
  if (apiPorts.length !== 3) throw new Error('deploy/haproxy.cfg names three instances (LOOP_API1..3)');
  await ensureDatabase(databaseUrl);
  const secrets = sharedSecrets(dataDir, { ...process.env, ...options.env });

  /** @type {Instance[]} */
  const instances = apiPorts.map((apiPort, index) => {
    /** @type {Instance} */
    const instance = {
      name: `api${index + 1}`,
      port: apiPort,
      process: null,
      exited: Promise.resolve(null),
      start() {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: SERVER,
          env: {
            ...process.env,
            ...secrets,
            ...options.env,
            DATABASE_URL: databaseUrl,
            REDIS_URL: redisUrl,
            DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: String(apiPort),
            // HAProxy on this machine sets X-Forwarded-For: the client's address for rate limits.
            TRUST_PROXY: '127.0.0.1',
            // The demo data once, by the first instance (a seed is not meant to race itself).
            SEED_DEMO: index === 0 ? (process.env.SEED_DEMO ?? 'true') : 'false',
            ...options.instanceEnv?.(index),
          },
          stdio: ['ignore', output, output],
        });
        instance.process = child;
        instance.exited = new Promise((done) => child.once('exit', (code, signal) => done(signal ?? code)));
      },
      async waitReady(timeoutMs = options.readyTimeoutMs ?? 120_000) {
        const deadline = Date.now() + timeoutMs;
        while ((await answers(`http://127.0.0.1:${apiPort}/api/v1/ready`)) !== 200) {
          if (Date.now() > deadline) throw new Error(`${instance.name} not ready within ${timeoutMs} ms`);
          await sleep(100);
        }
      },
    };
    return instance;
  });

  for (const instance of instances) instance.start();
  try {
    await Promise.all(instances.map((instance) => instance.waitReady()));
  } catch (error) {
    for (const instance of instances) instance.process?.kill('SIGKILL');
    throw error;
  }

  const haproxy = spawn(haproxyBinary(), ['-db', '-f', join(ROOT, 'deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      LOOP_BIND: `:${port}`,
      LOOP_STATS_BIND: `127.0.0.1:${statsPort}`,
      ...Object.fromEntries(
        apiPorts.map((apiPort, index) => [`LOOP_API${index + 1}`, `127.0.0.1:${apiPort}`]),
      ),
    },
    stdio: ['ignore', output, output],
  });
  let haproxyRunning = true;
  const haproxyExited = new Promise((done) =>
    haproxy.once('exit', (code) => {
      haproxyRunning = false;
      done(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/`;

  const serverStates = async () => {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [header = '', ...lines] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header.split(',');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    /** @type {Record<string, string>} */
    const states = {};
    for (const line of lines) {
      const cells = line.split(',');
      if (cells[0] === 'api' && /^api\d$/.test(cells[name] ?? ''))
        states[cells[name] ?? ''] = cells[status] ?? '';
    }
    return states;
  };

  // HAProxy is up when every instance shows UP behind it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await serverStates().catch(() => ({}));
    if (Object.values(states).filter((state) => state === 'UP').length === instances.length) break;
    if (!haproxyRunning || Date.now() > deadline) {
      for (const instance of instances) instance.process?.kill('SIGTERM');
      haproxy.kill('SIGTERM');
      await Promise.all(instances.map((instance) => instance.exited));
      throw new Error(`HAProxy did not mark the instances up: ${JSON.stringify(states)}`);
    }
    await sleep(200);
  }

  return {
    url,
    statsUrl,
    instances,
    serverStates,
    async stop() {
      for (const instance of instances) instance.process?.kill('SIGTERM');
      await Promise.all(instances.map((instance) => instance.exited));
      haproxy.kill('SIGTERM');
      await haproxyExited;
    },
  };
}

async function main() {
  const env = process.env;
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html'))) {
    console.log('== de web-app bouwen (packages/web/dist ontbreekt)');
    const built = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/pnpm.mjs'), '--filter', '@loop/web', 'build'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const port = Number(env.PORT ?? 8080);
  const cluster = await startCluster({
    port,
    apiPorts: (env.API_PORTS ?? '8081,8082,8083').split(',').map(Number),
    statsPort: Number(env.STATS_PORT ?? 8404),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
  });
  console.log(
    `Loop-cluster draait op http://localhost:${port} (3 servers achter HAProxy; status: ${cluster.statsUrl})`,
  );
  console.log('Stoppen: Ctrl-C');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error('Het cluster kan niet starten:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
