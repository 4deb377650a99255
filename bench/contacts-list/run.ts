/**
 * The contacts list (issue 16, docs/decisions/contacts.md "Contacts"): GET /api/v1/contacts over 100,000
 * contacts in one organisation on PostgreSQL, p99 ≤ 50 ms at 10 concurrent requests for each of:
 * a search for a short name ('jan'), for a place ('utrecht'), for a part of an e-mail address, a
 * tag filter, the list sorted by place, a late page (page 1,900 of 2,000) and a search with a tag
 * filter sorted by place descending. Every answer has the total of its filter.
 *
 * The data, in a PostgreSQL database of its own (dropped afterwards), in the demo organisation:
 * 100,000 generated Dutch contacts (generateContacts.ts) written in chunks with core's search text,
 * then VACUUM ANALYZE. The load: the real Loop server in a child process; autocannon sends each
 * query from CONNECTIONS keep-alive connections for DURATION s after WARM_UP s, signed in as the
 * demo admin, asking for compression as Chromium does. In the same run, a bare Fastify route that
 * reads one contact by primary key with a prepared query gets the same load: the floor under any
 * route that asks the database anything.
 *
 * Run: node scripts/pnpm.mjs bench:contacts-list   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; CONNECTIONS, DURATION, WARM_UP and POOL_SIZE may be set)
 */
import { cpus, loadavg } from 'node:os';
import type { Contact, Page } from '@loop/core';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import { scratchDatabase, seedDemoDatabase } from '../benchKit';
import { type Child, demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';
import { generateContacts, insertContacts } from './generateContacts';
import { QUERIES } from './queries';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 8);
const WARM_UP_SECONDS = Number(process.env.WARM_UP ?? 2);
const CONTACTS = 100_000;
const BUDGET_P99_MS = 50;
const SERVER = 'bench/contacts-list/server.ts';

const load = (url: string, headers: Record<string, string>, duration: number): Promise<Result> =>
  autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers });

const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
const line = (name: string, result: Result, extra = '') =>
  `${name.padEnd(32)} ${(result['2xx'] / result.duration).toFixed(0).padStart(6)} /s   p50 ${String(result.latency.p50).padStart(3)} ms` +
  `   p99 ${String(result.latency.p99).padStart(3)} ms   max ${String(result.latency.max).padStart(4)} ms   errors ${errorsOf(result)}${extra}`;

async function main() {
  const scratch = await scratchDatabase('contacts_list');
  const children: Child[] = [];
  try {
    const organizationId = await seedDemoDatabase(scratch.url);
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const generating = performance.now();
    // Spread over a year, as contacts come in.
    const now = Date.now();
    await insertContacts(sql, organizationId, generateContacts(CONTACTS), (i) => new Date(now - i * 300_000));
    const generated = performance.now() - generating;
    await sql`vacuum analyze contacts`;
    await sql.end();

    const server = await startChild(SERVER, 'app', { DATABASE_URL: scratch.url });
    children.push(server);
    const headers = {
      ...(await demoAdminOrganizationHeaders(server.url)),
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    const totals: number[] = [];
    for (const [, query] of QUERIES) {
      const response = await fetch(`${server.url}/api/v1/contacts${query}`, { headers });
      const page = (await response.json()) as Page<Contact>;
      if (response.status !== 200 || page.items.length === 0) throw new Error(`${query}: ${response.status}`);
      totals.push(page.total);
    }
    const results: Result[] = [];
    const loadBefore = loadavg()[0] ?? 0;
    for (const [, query] of QUERIES) {
      const url = `${server.url}/api/v1/contacts${query}`;
      await load(url, headers, WARM_UP_SECONDS);
      results.push(await load(url, headers, DURATION));
    }
    await stopChild(server);
    children.pop();

    const bare = await startChild(SERVER, 'query', { DATABASE_URL: scratch.url });
    children.push(bare);
    await load(`${bare.url}/query/1`, {}, WARM_UP_SECONDS);
    const baseline = await load(`${bare.url}/query/1`, {}, DURATION);
    const loadAfter = loadavg()[0] ?? 0;

    console.log(
      `GET /api/v1/contacts over ${CONTACTS.toLocaleString('en')} contacts (written in ${(generated / 1000).toFixed(1)} s), ` +
        `${CONNECTIONS} connections, ${DURATION} s each, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ` +
        `Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    QUERIES.forEach(([name], index) => {
      const result = results[index] as Result;
      const ratio = (result.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1);
      console.log(line(name, result, `   total ${totals[index]?.toLocaleString('en')}   ${ratio}× bare p99`));
    });
    console.log(line('bare indexed query (Fastify)', baseline));
    const missed = QUERIES.filter((_, index) => {
      const result = results[index] as Result;
      return result.latency.p99 > BUDGET_P99_MS || errorsOf(result) > 0;
    }).map(([name]) => name);
    console.log(
      `budget (p99 ≤ ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections, 0 errors): ` +
        (missed.length === 0 ? 'met by every query' : `NOT met by ${missed.join(', ')}`),
    );
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
    await scratch.drop();
  }
}

await main();
