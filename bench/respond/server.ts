/**
 * The server side of bench/respond (run.ts starts it as a child process, so the load generator does
 * not share its event loop): `app` starts the real Loop app on the PostgreSQL in DATABASE_URL,
 * `echo` a bare Fastify instance with one POST route answering its body, and `write` the bare
 * durable write (`bareWriteApp`). Prints `{"url": …}`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { benchApp, serveChild } from '../serverKit';
import { bareWriteApp } from './bareWrite';

async function echoApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.post('/echo/:token', async (request) => request.body);
  return { app, close: () => app.close() };
}

const mode = process.argv[2];
const { app, close } =
  mode === 'echo' ? await echoApp() : mode === 'write' ? await bareWriteApp() : await benchApp('respond');
await serveChild(app, close);
