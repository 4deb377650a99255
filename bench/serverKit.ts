/**
 * Benchmarks that load a server with autocannon run it in a child process, so the load generator
 * does not share its event loop: `startChild` starts such a script (which prints `{"url": …}` once
 * it listens) and `stopChild` ends it; `benchApp` is the real Loop app on a PostgreSQL database as
 * those scripts serve it (built like every benchmark's app, benchKit's `buildBenchApp`), and
 * `bareQueryApp` the floor beside it: one prepared query per request, without the app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_ADMIN } from '@loop/server';
import { openPostgres } from '@loop/server/db';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildBenchApp } from './benchKit';

export interface Child {
  readonly url: string;
  readonly process: ChildProcess;
}

/**
 * Runs `node --import tsx <script> <mode>` with `env` added and waits for the address it prints;
 * `cwd` runs it in another checkout (a baseline), the script's path then relative to that.
 */
export function startChild(
  script: string,
  mode: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<Child> {
  // PROFILE_DIR: a CPU profile of each server, written when it stops.
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, mode], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    createInterface({ input: child.stdout as NonNullable<typeof child.stdout> }).once('line', (line) => {
      resolve({ url: (JSON.parse(line) as { url: string }).url, process: child });
    });
  });
}

export function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.removeAllListeners('exit');
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

/** The database of a child server script (DATABASE_URL). */
export function childDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}

/** The real Loop app on DATABASE_URL with a pool of POOL_SIZE (default 10). */
export async function benchApp(name: string): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = openPostgres(childDatabaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10) });
  const app = await buildBenchApp(database.db, {
    DATA_DIR: await mkdtemp(join(tmpdir(), `loop-bench-${name}-`)),
    DATABASE_URL: childDatabaseUrl(),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A bare Fastify instance whose one route, GET /query/:id, answers `query(sql, id)` on its own pool
 * (POOL_SIZE, default 10) of DATABASE_URL: the floor under any route of the app.
 */
export async function bareQueryApp(
  query: (sql: postgres.Sql, id: number) => Promise<unknown>,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const sql = postgres(childDatabaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10), onnotice: () => {} });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/query/:id', async (request) => query(sql, Number(request.params.id)));
  return {
    app,
    close: async () => {
      await app.close();
      await sql.end();
    },
  };
}

/** Serves `app` on a free loopback port, prints its address for `startChild`, closes on SIGTERM. */
export async function serveChild(app: FastifyInstance, close: () => Promise<void>): Promise<void> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  process.on('SIGTERM', () => {
    void close().finally(() => process.exit(0));
  });
}

/** The demo admin signed in on a running server: its token and first organisation. */
export async function signInDemoAdmin(url: string): Promise<{ token: string; organizationId: number }> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const organizations = await fetch(`${url}/api/v1/organizations`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [first] = (await organizations.json()) as Array<{ id: number }>;
  return { token, organizationId: first?.id ?? 0 };
}

/** The headers of the demo admin's requests in its first organisation. */
export async function demoAdminOrganizationHeaders(url: string): Promise<Record<string, string>> {
  const { token, organizationId } = await signInDemoAdmin(url);
  return { authorization: `Bearer ${token}`, 'x-organization-id': String(organizationId) };
}
