/**
 * Heavy imports and the rest of the server (issue 29, docs/rules/heavyWork.md): while one
 * organisation imports a 25 MB contacts CSV and a 25 MB bank CSV at once, how quickly does the same
 * server answer everyone else? The real server (server.ts) on PostgreSQL in a child process; two
 * probes meanwhile, one after another every PROBE_MS: GET /api/v1/health and an authenticated
 * cheap route, GET /api/v1/users/me. Printed: the probes' p50/p99/max during the imports (and for a
 * few seconds before, quiet), the server's own event-loop delay (perf_hooks.monitorEventLoopDelay)
 * over the imports, and how long the imports took. Budget: p99 ≤ 100 ms during the imports.
 *
 * The files (files.ts): 199,291 contacts (25 MB, under the import's 200,000) and a Rabobank export
 * of 47,533 payments (25 MB, under its 50,000). The contacts import is a real one: answered 202
 * after reading, stored chunk by chunk in the background; the window ends when it is done and the
 * bank import (one transaction) has answered.
 *
 * BASELINE_DIR=/path/to/a/checkout-of-main runs the same first on that tree's server (this
 * directory's server.ts copied there; its dependencies installed), so the run prints the ratio.
 *
 * Run: node scripts/pnpm.mjs bench:heavy-imports   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own, dropped afterwards)
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ContactImport, FinanceImportReport } from '@loop/core';
import postgres from 'postgres';
import { type BenchServer, withBenchServer } from '../benchKit';
import { type Child, demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';
import { contactsCsv, rabobankCsv } from './files';

const FILE_BYTES = 25 * 1024 * 1024;
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const QUIET_MS = Number(process.env.QUIET_MS ?? 3_000);
const BUDGET_P99_MS = 100;
const ROOT = resolve(import.meta.dirname, '../..');

const SERVER = 'bench/heavy-imports/server.ts';

interface Server extends Child {
  /** The server's output after its address: the answers to SIGUSR2. */
  readonly lines: Interface;
}

/** Starts server.ts in `tree` (copied there when it is another checkout) on `databaseUrl`. */
async function startServer(tree: string, databaseUrl: string): Promise<Server> {
  if (tree !== ROOT) {
    mkdirSync(join(tree, 'bench/heavy-imports'), { recursive: true });
    copyFileSync(join(ROOT, SERVER), join(tree, SERVER));
  }
  const child = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl }, tree);
  return { ...child, lines: createInterface({ input: child.process.stdout as NonNullable<Readable> }) };
}

interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** The server's event-loop delay since the last call (server.ts answers SIGUSR2). */
function loopDelay(server: Server): Promise<LoopDelay> {
  return new Promise((done) => {
    server.lines.once('line', (line) => done((JSON.parse(line) as { loopDelay: LoopDelay }).loopDelay));
    server.process.kill('SIGUSR2');
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Latencies {
  readonly count: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

function latencies(values: readonly number[], failed: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { count: sorted.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** Probes `path` one request after another every PROBE_MS until `work` ends; `work`'s answer too. */
async function probing<T>(
  url: string,
  paths: Record<string, Record<string, string>>,
  work: () => Promise<T>,
): Promise<{ result: T; probes: Record<string, Latencies> }> {
  let done = false;
  const probe = async (path: string, headers: Record<string, string>): Promise<Latencies> => {
    const times: number[] = [];
    let failed = 0;
    while (!done) {
      const start = performance.now();
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - start);
      else failed++;
      await sleep(PROBE_MS);
    }
    return latencies(times, failed);
  };
  const names = Object.keys(paths);
  const probes = Object.entries(paths).map(([path, headers]) => probe(path, headers));
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
  }
  const measured = await Promise.all(probes);
  return { result, probes: Object.fromEntries(measured.map((figures, index) => [names[index], figures])) };
}

async function postFile(
  url: string,
  headers: Record<string, string>,
  path: string,
  file: Buffer,
  name: string,
) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), name);
  const response = await fetch(`${url}/api/v1${path}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Both imports at once; answers when the bank import has answered and the contacts import is done. */
async function imports(url: string, headers: Record<string, string>, contacts: Buffer, bank: Buffer) {
  const start = performance.now();
  const contactsRun = (async () => {
    const posted = await postFile(url, headers, '/contacts/imports', contacts, 'klanten.csv');
    if (posted.status !== 202)
      throw new Error(`contacts import: ${posted.status} ${JSON.stringify(posted.body)}`);
    const accepted = performance.now() - start;
    let result = posted.body as ContactImport;
    while (result.state === 'running') {
      await sleep(250);
      result = (await (
        await fetch(`${url}/api/v1/contacts/imports/${result.id}`, { headers })
      ).json()) as ContactImport;
    }
    if (result.state !== 'done') throw new Error(`contacts import ended ${result.state}`);
    return {
      acceptedMs: Math.round(accepted),
      doneMs: Math.round(performance.now() - start),
      created: result.created,
    };
  })();
  const bankRun = (async () => {
    const posted = await postFile(url, headers, '/finance/imports', bank, 'rabobank.csv');
    if (posted.status !== 201)
      throw new Error(`bank import: ${posted.status} ${JSON.stringify(posted.body).slice(0, 300)}`);
    return {
      doneMs: Math.round(performance.now() - start),
      imported: (posted.body as FinanceImportReport).imported,
    };
  })();
  return { contacts: await contactsRun, bank: await bankRun };
}

/** One tree's server: quiet probes, then probes during the imports, with the loop's delay. */
async function measure(tree: string, databaseUrl: string, contacts: Buffer, bank: Buffer) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  // Every run imports into an organisation without contacts or bank records.
  await sql`delete from contacts`;
  await sql`delete from contact_imports`;
  await sql`delete from finance_records`;
  await sql`delete from finance_imports`;
  await sql.end();
  const server = await startServer(tree, databaseUrl);
  try {
    const headers = await demoAdminOrganizationHeaders(server.url);
    const paths = { '/api/v1/health': {}, '/api/v1/users/me': headers };
    const quiet = await probing(server.url, paths, () => sleep(QUIET_MS));
    await loopDelay(server);
    const during = await probing(server.url, paths, () => imports(server.url, headers, contacts, bank));
    return {
      quiet: quiet.probes,
      during: during.probes,
      loop: await loopDelay(server),
      imports: during.result,
    };
  } finally {
    await stopChild(server);
  }
}

async function bench(scratch: BenchServer) {
  await scratch.closeConnections();
  const contacts = contactsCsv(FILE_BYTES);
  const bank = rabobankCsv(FILE_BYTES);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `files: contacts ${mb(contacts.file.length)} MB (${contacts.rows} rows), bank ${mb(bank.file.length)} MB (${bank.rows} lines); ` +
      `${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; probes every ${PROBE_MS} ms`,
  );
  const runs: Array<[string, string]> = [];
  if (process.env.BASELINE_DIR) runs.push(['baseline', resolve(process.env.BASELINE_DIR)]);
  runs.push(['this tree', ROOT]);
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [label, tree] of runs) {
    results[label] = await measure(tree, scratch.url, contacts.file, bank.file);
    console.log(`\n${label} (${tree})`);
    console.log(JSON.stringify(results[label], null, 1));
  }
  const now = results['this tree'];
  const base = results.baseline;
  console.log(`\nload afterwards ${loadavg()[0]?.toFixed(2)}`);
  if (now === undefined) return;
  for (const path of Object.keys(now.during)) {
    const after = now.during[path];
    const before = base?.during[path];
    console.log(
      `${path} during the imports: p50 ${after?.p50} ms, p99 ${after?.p99} ms, max ${after?.max} ms` +
        (before
          ? ` (baseline p50 ${before.p50}, p99 ${before.p99}, max ${before.max}; p99 ratio ${((after?.p99 ?? 0) / before.p99).toFixed(3)})`
          : ''),
    );
  }
  console.log(
    `event-loop delay during the imports: p99 ${now.loop.p99} ms, max ${now.loop.max} ms` +
      (base ? ` (baseline p99 ${base.loop.p99} ms, max ${base.loop.max} ms)` : ''),
  );
  const worst = Math.max(...Object.values(now.during).map((l) => l.p99));
  console.log(`budget p99 ≤ ${BUDGET_P99_MS} ms: ${worst <= BUDGET_P99_MS ? 'met' : 'MISSED'} (${worst} ms)`);
}

await withBenchServer('heavy_imports', bench, { pool: 2 });
