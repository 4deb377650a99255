/**
 * The server side of bench/respond (run.ts starts it as a child process, so the load generator does
 * not share its event loop): `app` starts the real Loop app on the PostgreSQL in DATABASE_URL,
 * `echo` a bare Fastify instance with one POST route answering its body. Prints `{"url": …}`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, createPasswordHasher, openPostgres } from '../../packages/server/src/index';
import { benchConfig, noMail } from '../benchKit';

async function realApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const database = openPostgres(databaseUrl, { max: Number(process.env.POOL_SIZE ?? 10) });
  const config = benchConfig({
    DATA_DIR: await mkdtemp(join(tmpdir(), 'loop-bench-respond-')),
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer: noMail,
    passwordHasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
  });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, close };
}

async function echoApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.post('/echo/:token', async (request) => request.body);
  return { app, close: () => app.close() };
}

const mode = process.argv[2];
const { app, close } = mode === 'echo' ? await echoApp() : await realApp();
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.on('SIGTERM', () => {
  void close().finally(() => process.exit(0));
});
