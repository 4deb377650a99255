/**
 * What an API key costs a request (issue 28, R-KEY-5: target ≤ 10 % below a session's throughput):
 * the same cheap organisation route, GET /api/v1/contacts/segments (one small query), asked with the
 * demo admin's session access token (and X-Organization-Id) and with an API key of the same admin
 * (scope contacts:manage, no header), on the same server in the same run. The runs alternate,
 * session then key, then key then session, ROUNDS times (default 4), each DURATION s (default 10) after a WARM_UP s
 * (default 2) warm-up, from CONNECTIONS (default 20) keep-alive connections; the report gives each
 * run and the medians' ratio. Rate limiting is on, with a per-key limit no run reaches.
 *
 * Run: node scripts/pnpm.mjs bench:api-key   (DB=pglite, postgres or both, default both; PostgreSQL at
 * LOOP_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test)
 */
import { cpus, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { median, scratchDatabase, seedDemoDatabase } from '../benchKit';
import { type Child, signInDemoAdmin, startChild, stopChild } from '../serverKit';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 10);
const WARM_UP = Number(process.env.WARM_UP ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const TARGET_RATIO = 0.9;
const SERVER = 'bench/api-key/server.ts';
const PATH = '/api/v1/contacts/segments';

const load = (url: string, headers: Record<string, string>, duration: number): Promise<Result> =>
  autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers });

const perSecond = (result: Result) => result['2xx'] / result.duration;
const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;

async function keyOf(url: string, session: Record<string, string>): Promise<string> {
  const response = await fetch(`${url}/api/v1/api-keys`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', scopes: ['contacts:manage'] }),
  });
  if (response.status !== 201) throw new Error(`key not made: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

/** One database: alternating runs of both, and the line that compares them. */
async function compare(label: string, server: Child): Promise<boolean> {
  const { token, organizationId } = await signInDemoAdmin(server.url);
  const session = { authorization: `Bearer ${token}`, 'x-organization-id': String(organizationId) };
  const key = { authorization: `Bearer ${await keyOf(server.url, session)}` };
  const url = `${server.url}${PATH}`;
  for (const headers of [session, key]) {
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`${PATH}: ${check.status} ${await check.text()}`);
  }
  const runs: { session: Result[]; key: Result[] } = { session: [], key: [] };
  const before = loadavg()[0] ?? 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Session first in even rounds, key first in odd ones (ABBA): a drift over the run (the log table
    // and the heap grow with every request) falls on both alike.
    const pair = [
      ['session', session],
      ['key', key],
    ] as const;
    for (const [name, headers] of round % 2 === 0 ? pair : [...pair].reverse()) {
      await load(url, headers, WARM_UP);
      runs[name].push(await load(url, headers, DURATION));
    }
  }
  const after = loadavg()[0] ?? 0;
  const rates = (results: Result[]) => results.map(perSecond);
  const sessionMedian = median(rates(runs.session));
  const keyMedian = median(rates(runs.key));
  const ratio = keyMedian / Math.max(sessionMedian, 1);
  const errors = [...runs.session, ...runs.key].reduce((sum, result) => sum + errorsOf(result), 0);
  console.log(`${label}: load average ${before.toFixed(1)} → ${after.toFixed(1)}`);
  for (const name of ['session', 'key'] as const) {
    const each = runs[name].map((result) => `${perSecond(result).toFixed(0)}/s p99 ${result.latency.p99} ms`);
    console.log(
      `  ${name.padEnd(8)} ${each.join(' | ')}   median ${(name === 'key' ? keyMedian : sessionMedian).toFixed(0)}/s`,
    );
  }
  const met = ratio >= TARGET_RATIO && errors === 0;
  console.log(
    `  key / session: ${ratio.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)} % fewer requests/s), errors ${errors}: ` +
      `target (≤ 10 % fewer) ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

async function main() {
  const which = process.env.DB ?? 'both';
  console.log(
    `GET ${PATH}: session token vs API key, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s each, ` +
      `alternating, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
  );
  let met = true;
  if (which === 'pglite' || which === 'both') {
    const server = await startChild(SERVER, 'pglite', {});
    try {
      met = (await compare('PGlite', server)) && met;
    } finally {
      await stopChild(server);
    }
  }
  if (which === 'postgres' || which === 'both') {
    const scratch = await scratchDatabase('api_key');
    try {
      await seedDemoDatabase(scratch.url);
      const server = await startChild(SERVER, 'postgres', { DATABASE_URL: scratch.url });
      try {
        met = (await compare('PostgreSQL', server)) && met;
      } finally {
        await stopChild(server);
      }
    } finally {
      await scratch.drop();
    }
  }
  if (!met) process.exitCode = 1;
}

await main();
