/**
 * The server side of bench/contacts-list (run.ts starts it as a child process): `app` is the real
 * Loop app on DATABASE_URL; `query` a bare Fastify instance whose one GET route reads one contact by
 * primary key with a prepared query on the same database (the floor under any route). Prints
 * `{"url": …}`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { benchApp, childDatabaseUrl, serveChild } from '../serverKit';

async function queryApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const sql = postgres(childDatabaseUrl(), { max: Number(process.env.POOL_SIZE ?? 10), onnotice: () => {} });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>(
    '/query/:id',
    async (request) => sql`select * from contacts where id = ${Number(request.params.id)}`,
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
const { app, close } = mode === 'query' ? await queryApp() : await benchApp('contacts-list');
await serveChild(app, close);
