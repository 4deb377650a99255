/**
 * A shared results page over 100,000 responses (issue 27, R-SHARE-7): GET
 * /api/v1/shared-results/<token> without an account on PostgreSQL, p99 ≤ 200 ms at 20 concurrent
 * requests. Beside it, in the same run and under the same load, a bare Fastify route that answers a
 * small JSON object (the floor of any route on this machine).
 *
 * The data, in a PostgreSQL database of its own (dropped afterwards), in the demo organisation: one
 * survey (Likert with 3 statements, NPS, rating, single choice, open question) made and opened
 * through the API, 100,000 submitted responses over 200 days and their answers generated in SQL
 * (fixtures.ts), then VACUUM ANALYZE. A results link of every question with the open answers is made
 * through the API. First, for information, the cold computation (the first request of a link whose
 * period no request asked before, one at a time); then autocannon sends the link's page from
 * CONNECTIONS keep-alive connections for DURATION s after WARM_UP s, asking for compression as a
 * browser does. DURATION (default 40) is longer than the results' 30 s lifetime, so the run includes a
 * refresh of them under load.
 *
 * Run: node scripts/pnpm.mjs bench:shared-results   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; CONNECTIONS, DURATION, WARM_UP and POOL_SIZE may be set)
 */
import { cpus, loadavg } from 'node:os';
import { openPostgres } from '@loop/server/db';
import { rebuildResultRollups } from '@loop/server/internals';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import { median, scratchDatabase, seedDemoDatabase } from '../benchKit';
import { type Child, demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';
import { generateResponses, QUESTIONS } from './fixtures';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 40);
/** The floors need no refresh inside their run. */
const FLOOR_DURATION = Number(process.env.FLOOR_DURATION ?? 10);
const WARM_UP_SECONDS = Number(process.env.WARM_UP ?? 2);
const RESPONSES = 100_000;
const BUDGET_P99_MS = 200;
const COLD_RUNS = 5;
const SERVER = 'bench/shared-results/server.ts';

const load = (url: string, duration: number): Promise<Result> =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });

const perSecond = (result: Result) => result['2xx'] / result.duration;
const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
const line = (name: string, result: Result) =>
  `${name.padEnd(34)} ${perSecond(result).toFixed(0).padStart(6)} /s   p50 ${String(result.latency.p50).padStart(3)} ms` +
  `   p99 ${String(result.latency.p99).padStart(4)} ms   max ${String(result.latency.max).padStart(4)} ms   errors ${errorsOf(result)}`;

async function main() {
  const scratch = await scratchDatabase('shared_results');
  const children: Child[] = [];
  try {
    await seedDemoDatabase(scratch.url);
    const server = await startChild(SERVER, 'app', { DATABASE_URL: scratch.url });
    children.push(server);
    const headers = {
      ...(await demoAdminOrganizationHeaders(server.url)),
      'content-type': 'application/json',
    };
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const survey = await api<{ id: number; organization_id: number }>('POST', '/surveys', {
      title: 'Bench: gedeelde resultaten',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt',
      close_at: null,
      questions: QUESTIONS,
    });
    await api('POST', `/surveys/${survey.id}/status`, { status: 'open' });
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const generating = performance.now();
    const rows = await generateResponses(sql, survey, RESPONSES);
    const generated = performance.now() - generating;
    await sql.end();
    // The result rollups (R-RES-11) as the server's job makes them a minute after such a bulk load.
    const rollups = openPostgres(scratch.url, { max: 1 });
    await rebuildResultRollups(rollups.db, [survey.id]);
    await rollups.close();

    const link = (from?: string) =>
      api<{ token: string }>('POST', `/surveys/${survey.id}/results-links`, {
        question_ids: QUESTIONS.map((question) => question.id),
        open_answers: true,
        ...(from === undefined ? {} : { from }),
      });
    const page = async (token: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/shared-results/${token}`);
      const body = (await response.json()) as {
        status: string;
        results?: { responses: { completed: number } };
      };
      if (response.status !== 200 || body.status !== 'open')
        throw new Error(`shared page: ${response.status}`);
      return { ms: performance.now() - started, completed: body.results?.responses.completed ?? 0 };
    };
    // Cold: each link another period (another cache key), its first request alone.
    const cold: number[] = [];
    for (let run = 0; run < COLD_RUNS; run++)
      cold.push((await page((await link(`2000-01-0${run + 1}`)).token)).ms);
    const { token } = await link();
    const first = await page(token);
    if (first.completed !== RESPONSES) throw new Error(`the page counts ${first.completed} responses`);

    const loadBefore = loadavg()[0] ?? 0;
    const url = `${server.url}/api/v1/shared-results/${token}`;
    await load(url, WARM_UP_SECONDS);
    const shared = await load(url, DURATION);
    // The app's own floor under the same load: its health route, one `select 1` through the pool.
    await load(`${server.url}/api/v1/health`, WARM_UP_SECONDS);
    const health = await load(`${server.url}/api/v1/health`, FLOOR_DURATION);
    await stopChild(server);
    children.pop();

    const echo = await startChild(SERVER, 'echo', {});
    children.push(echo);
    await load(`${echo.url}/echo/${token}`, WARM_UP_SECONDS);
    const baseline = await load(`${echo.url}/echo/${token}`, FLOOR_DURATION);
    const loadAfter = loadavg()[0] ?? 0;

    console.log(
      `GET /api/v1/shared-results/<token> over ${RESPONSES.toLocaleString('en')} responses ` +
        `(${rows.toLocaleString('en')} answer rows, written in ${(generated / 1000).toFixed(1)} s), ` +
        `${CONNECTIONS} connections, ${DURATION} s, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ` +
        `Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    console.log(
      `cold computation (first request of a new period, alone): median ${median(cold).toFixed(0)} ms ` +
        `(min ${Math.min(...cold).toFixed(0)}, max ${Math.max(...cold).toFixed(0)}) of ${COLD_RUNS}`,
    );
    console.log(line('shared results page', shared));
    console.log(line('the app: GET /api/v1/health', health));
    console.log(line('bare Fastify echo (baseline)', baseline));
    console.log(
      `ratio to the echo route: ${(shared.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1)}× p99, ` +
        `${(perSecond(shared) / Math.max(perSecond(baseline), 1)).toFixed(2)}× throughput`,
    );
    const met = shared.latency.p99 <= BUDGET_P99_MS && errorsOf(shared) === 0;
    console.log(
      `budget (p99 ≤ ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections, 0 errors): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
    await scratch.drop();
  }
}

await main();
