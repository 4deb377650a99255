/**
 * The server side of bench/shared-results (run.ts starts it as a child process, so the load
 * generator does not share its event loop): `app` is the real Loop app on DATABASE_URL, `echo` a
 * bare Fastify instance whose one GET route answers a small JSON object (the floor under any route).
 * Prints `{"url": …}`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { benchApp, serveChild } from '../serverKit';

async function echoApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get<{ Params: { token: string } }>('/echo/:token', async (request) => ({
    token: request.params.token,
  }));
  return { app, close: () => app.close() };
}

const mode = process.argv[2];
const { app, close } = mode === 'echo' ? await echoApp() : await benchApp('shared-results');
await serveChild(app, close);
