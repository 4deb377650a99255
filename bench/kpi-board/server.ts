/**
 * The server side of bench/kpi-board (run.ts starts it as a child process, so the load generator
 * does not share its event loop): `app` starts the real Loop app on the PostgreSQL in DATABASE_URL;
 * `query` a bare Fastify instance whose one GET route runs one prepared, indexed query on the same
 * database (a KPI's newest 12 values by primary key) and answers its rows. Prints `{"url": …}`.
 */
import { bareQueryApp, benchApp, serveChild } from '../serverKit';

/** One indexed query per request, prepared, on a pool of the same size: the floor under any route. */
const queryApp = () =>
  bareQueryApp(
    (sql, id) =>
      sql`select period, value::float8 as value from kpi_values
      where kpi_id = ${id} order by period desc limit 12`,
  );

const mode = process.argv[2];
const { app, close } = mode === 'query' ? await queryApp() : await benchApp('kpi-board');
await serveChild(app, close);
