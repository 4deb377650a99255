/**
 * The server side of bench/contacts-list (run.ts starts it as a child process): `app` is the real
 * Loop app on DATABASE_URL; `query` a bare Fastify instance whose one GET route reads one contact by
 * primary key with a prepared query on the same database (the floor under any route). Prints
 * `{"url": …}`.
 */
import { bareQueryApp, benchApp, serveChild } from '../serverKit';

const queryApp = () => bareQueryApp((sql, id) => sql`select * from contacts where id = ${id}`);

const mode = process.argv[2];
const { app, close } = mode === 'query' ? await queryApp() : await benchApp('contacts-list');
await serveChild(app, close);
