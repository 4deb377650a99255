/**
 * Response submissions (issue 5, DESIGN.md §4: ≥ 2,000/s on PostgreSQL, p99 ≤ 50 ms, 0 errors): the
 * real Loop server on a PostgreSQL database of its own gets final submissions of an open survey with
 * 8 questions of mixed types, each on another personal link (so every request stores a real response),
 * from 50 keep-alive connections on loopback for 10 s (autocannon). In the same run, a bare Fastify
 * route answering its body gets the same requests. Both servers run in a child process of their own,
 * apart from the load generator. Afterwards the database must hold exactly one completed response per
 * 2xx answer, each with all its answer rows.
 * Run: pnpm bench:respond   (PostgreSQL at LOOP_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test;
 * CONNECTIONS, DURATION and POOL_SIZE may be set in the environment)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import {
  createPasswordHasher,
  DEMO_ADMIN,
  openPostgres,
  seedDemoData,
  systemClock,
} from '../../packages/server/src/index';
import { ANSWERS, QUESTIONS } from './fixtures';

const ADMIN_URL = process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARM_UP = 3;
/** Personal links made up front: more than the fastest run can use. */
const TOKENS = Number(process.env.TOKENS ?? 80_000);

const BODY = JSON.stringify({ final: true, answers: ANSWERS });

interface Child {
  readonly url: string;
  readonly process: ChildProcess;
}

/** Starts bench/respond/server.ts in a child process and waits for its address. */
function startChild(mode: 'app' | 'echo', env: Record<string, string> = {}): Promise<Child> {
  // PROFILE_DIR: a CPU profile of each server, written when it stops.
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/respond/server.ts', mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    createInterface({ input: child.stdout as NonNullable<typeof child.stdout> }).once('line', (line) => {
      resolve({ url: (JSON.parse(line) as { url: string }).url, process: child });
    });
  });
}

function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.removeAllListeners('exit');
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in as the demo admin, opens the survey and makes the personal links. */
async function prepare(url: string): Promise<{ surveyId: number; tokens: string[] }> {
  const login = await json<{ access_token: string }>(
    await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    }),
  );
  const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    json<T>(
      await fetch(`${url}/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const survey = await api<{ id: number }>('POST', '/surveys', {
    title: 'Bench: medewerkerspeiling',
    description_html: '',
    introduction_html: '<p>Fijn dat je meedoet.</p>',
    thank_you_text: 'Bedankt!',
    close_at: null,
    questions: QUESTIONS,
  });
  await api('POST', `/surveys/${survey.id}/status`, { status: 'open' });
  const tokens: string[] = [];
  const batches = Math.ceil(TOKENS / 500);
  for (let start = 0; start < batches; start += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, batches - start) }, () =>
        api<{ tokens: string[] }>('POST', `/surveys/${survey.id}/personal-links`, { count: 500 }),
      ),
    );
    for (const batch of made) tokens.push(...batch.tokens);
  }
  return { surveyId: survey.id, tokens };
}

interface Run {
  readonly result: Result;
  /** Requests sent (answered or still in flight when the run ended). */
  readonly sent: number;
  /** Whether tokens ran out and were used again (a repeated submission stores nothing). */
  readonly reused: boolean;
}

/** Final submissions on `url + prefix + token`, a new token per request. */
async function load(url: string, prefix: string, tokens: readonly string[], duration: number): Promise<Run> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
        // Throwing here would stall autocannon: running out wraps around, and the run says so.
        setupRequest: (request) => ({ ...request, path: `${prefix}${tokens[next++ % tokens.length]}` }),
      },
    ],
  });
  return { result, sent: next, reused: next > tokens.length };
}

const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
const perSecond = (result: Result) => result['2xx'] / result.duration;

function line(name: string, result: Result): string {
  return (
    `${name.padEnd(22)} ${perSecond(result).toFixed(0).padStart(6)} /s   p50 ${String(result.latency.p50).padStart(3)} ms` +
    `   p99 ${String(result.latency.p99).padStart(3)} ms   errors ${errorsOf(result)}   (${result['2xx']} answered 2xx)`
  );
}

async function main() {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `loop_bench_respond_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: Child[] = [];
  try {
    const setup = openPostgres(databaseUrl, { max: 2 });
    await setup.migrate();
    await seedDemoData({
      db: setup.db,
      clock: systemClock,
      passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
    });
    await setup.close();

    const server = await startChild('app', { DATABASE_URL: databaseUrl });
    children.push(server);
    const { surveyId, tokens } = await prepare(server.url);
    const warmUpTokens = tokens.splice(0, Math.floor(tokens.length / 5));
    const warmUp = await load(server.url, '/api/v1/respond/', warmUpTokens, WARM_UP);
    const run = await load(server.url, '/api/v1/respond/', tokens, DURATION);
    const submissions = run.result;
    await stopChild(server);
    children.pop();

    const echo = await startChild('echo');
    children.push(echo);
    await load(echo.url, '/echo/', tokens, WARM_UP);
    const baseline = (await load(echo.url, '/echo/', tokens, DURATION)).result;

    // Every 2xx answer must be one stored response with all its answer rows.
    const check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [stored] = await check<{ completed: number; answers: number; times: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${surveyId} and status = 'completed') as completed,
             (select count(distinct response_id)::int from survey_answers where survey_id = ${surveyId} and submitted_at is not null) as answers,
             (select count(*)::int from survey_question_times where survey_id = ${surveyId}) as times`;
    await check.end();
    const answered = warmUp.result['2xx'] + submissions['2xx'];
    const sent = warmUp.sent + run.sent;

    console.log(
      `POST /api/v1/respond/:token, final submission of ${ANSWERS.length} answers, ${CONNECTIONS} connections, ` +
        `${DURATION} s, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
    );
    console.log(line('Loop (PostgreSQL)', submissions));
    console.log(line('bare Fastify echo', baseline));
    console.log(
      `ratio to the echo route: ${(perSecond(submissions) / perSecond(baseline)).toFixed(2)}× throughput, ` +
        `${(submissions.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1)}× p99`,
    );
    console.log(
      `stored: ${stored?.completed} completed responses, ${stored?.answers} with answer rows and ` +
        `${stored?.times} timings, for ${answered} submissions answered 2xx of ${sent} sent (warm-up included; ` +
        'the last ones of each run are answered after the load generator stopped counting)',
    );
    if (warmUp.reused || run.reused) console.log('tokens ran out and were used again: raise TOKENS');
    const budget =
      perSecond(submissions) >= 2000 && submissions.latency.p99 <= 50 && errorsOf(submissions) === 0;
    const completed = stored?.completed ?? 0;
    const consistent =
      !warmUp.reused &&
      !run.reused &&
      completed >= answered &&
      completed <= sent &&
      stored?.answers === completed;
    console.log(
      `budget (≥ 2,000/s, p99 ≤ 50 ms, 0 errors): ${budget ? 'met' : 'NOT met'}; storage ${consistent ? 'consistent' : 'INCONSISTENT'}`,
    );
    if (!consistent) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
