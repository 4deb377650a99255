/**
 * The server side of bench/kpi-board (run.ts starts it as a child process, so the load generator
 * does not share its event loop): `app` starts the real Loop app on the PostgreSQL in DATABASE_URL;
 * `query` a bare Fastify instance whose one GET route runs one prepared, indexed query on the same
 * database (a KPI's newest 12 values by primary key) and answers its rows. Prints `{"url": …}`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp, createPasswordHasher, openPostgres } from '../../packages/server/src/index';
import { benchConfig, noMail } from '../benchKit';

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}

async function realApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = openPostgres(databaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10) });
  const config = benchConfig({
    DATA_DIR: await mkdtemp(join(tmpdir(), 'loop-bench-kpi-board-')),
    DATABASE_URL: databaseUrl(),
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer: noMail,
    passwordHasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** One indexed query per request, prepared, on a pool of the same size: the floor under any route. */
async function queryApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const sql = postgres(databaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10), onnotice: () => {} });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>(
    '/query/:id',
    async (request) =>
      sql`select period, value::float8 as value from kpi_values
      where kpi_id = ${Number(request.params.id)} order by period desc limit 12`,
  );
  return {
    app,
    close: async () => {
      await app.close();
      await sql.end();
    },
  };
}

const mode = process.argv[2];
const { app, close } = mode === 'query' ? await queryApp() : await realApp();
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.on('SIGTERM', () => {
  void close().finally(() => process.exit(0));
});
