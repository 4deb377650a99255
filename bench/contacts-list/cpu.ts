/**
 * CPU time per request of GET /api/v1/contacts, split between the server process and PostgreSQL
 * (the user+system time of the backends serving the database, from /proc): a measure that holds up on a busy
 * machine, where latencies do not. Needs a database kept by `KEEP_DATABASE=1 … bench:contacts-list`.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<kept database> tsx bench/contacts-list/cpu.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';
import { QUERIES } from './queries';

const REQUESTS = Number(process.env.REQUESTS ?? 3_000);
const TICKS_PER_MS = 100 / 1000; // USER_HZ 100

function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // gone meanwhile
  }
}

const DATABASE = new URL(process.env.DATABASE_URL ?? '').pathname.slice(1);

/** The CPU time of the PostgreSQL backends serving DATABASE (their title names it), not others'. */
function postgresTicks(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${DATABASE} `)) total += cpuTicks(Number(entry));
    } catch {}
  }
  return total;
}

const server = await startChild('bench/contacts-list/server.ts', 'app', {});
try {
  const headers = {
    ...(await demoAdminOrganizationHeaders(server.url)),
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const pid = server.process.pid ?? 0;
  console.log('query                             server ms/req   postgres ms/req');
  for (const [name, query] of QUERIES) {
    const url = `${server.url}/api/v1/contacts${query}`;
    await autocannon({ url, connections: 10, amount: 500, headers });
    const [node0, pg0] = [cpuTicks(pid), postgresTicks()];
    const result = await autocannon({ url, connections: 10, amount: REQUESTS, headers });
    const [node1, pg1] = [cpuTicks(pid), postgresTicks()];
    const per = (ticks: number) => (ticks / TICKS_PER_MS / result['2xx']).toFixed(2).padStart(8);
    console.log(`${name.padEnd(34)}${per(node1 - node0)}        ${per(pg1 - pg0)}`);
  }
} finally {
  await stopChild(server);
}
