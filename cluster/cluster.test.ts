/**
 * Three real Loop instances behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL and one Redis, as
 * `npm run cluster` starts them (R-CLUSTER-8), under load (R-CLUSTER-9 … R-CLUSTER-12). One cluster
 * for the whole file, in this order: the start on an empty database, kill -9 under load, a rolling
 * restart under load, then the work that must happen once across instances.
 * Run: npx vitest run --project cluster   (PostgreSQL at 127.0.0.1:5432, Redis at 6379, HAProxy)
 */
import { openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '@loop/server';
import { type SmtpSink, startFakeOpenAi, startSmtpSink } from '@loop/server/testing';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../scripts/cluster.mjs';
import {
  ANSWERS,
  apiOf,
  eventually,
  nextClient,
  type Outcome,
  signIn,
  startLoad,
  succeeded,
  surveyWithLinks,
  tokenHash,
} from './clusterLoad';

const BASE = Number(process.env.CLUSTER_TEST_PORT ?? 28080);
const SERVER_URL = process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `loop_cluster_test_${process.pid}`;
const databaseUrl = (name: string) => Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
const MIGRATIONS = (
  JSON.parse(
    readFileSync(new URL('../packages/server/drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as {
    entries: unknown[];
  }
).entries.length;

let cluster: Cluster;
let sink: SmtpSink;
let analyst: Awaited<ReturnType<typeof startFakeOpenAi>>;
let db: postgres.Sql;
let bearer: string;
let api: ReturnType<typeof apiOf>;
let logFile: string;
let dataDir: string;

const admin = postgres(databaseUrl('postgres'), { max: 1, onnotice: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isUp = async (name: string) => (await cluster.serverStates())[name] === 'UP';

beforeAll(async () => {
  await admin.unsafe(`drop database if exists "${DATABASE}" with (force)`);
  sink = await startSmtpSink();
  // A language model that takes 3 s per analysis (an OpenAI-compatible fake).
  analyst = await startFakeOpenAi(() => ({ delayMs: 3_000, content: '# Bedrijfsanalyse\n\n- Traag model.' }));
  dataDir = await mkdtemp(join(tmpdir(), 'loop-cluster-'));
  logFile = join(dataDir, 'servers.log');
  // All three at once on an empty database (startCluster creates it): each migrates at start.
  cluster = await startCluster({
    port: BASE,
    apiPorts: [BASE + 1, BASE + 2, BASE + 3],
    statsPort: BASE + 4,
    databaseUrl: databaseUrl(DATABASE),
    dataDir,
    output: openSync(logFile, 'a'),
    env: {
      SMTP_URL: sink.url,
      RATE_LIMIT: 'true',
      REMINDER_INTERVAL_SECONDS: '1',
      OUTBOX_RATE_PER_MINUTE: '0',
      LLM_BASE_URL: analyst.baseUrl,
      LLM_MODEL: 'test-model',
      LOG_LEVEL: 'warn',
    },
  });
  db = postgres(databaseUrl(DATABASE), { max: 4, onnotice: () => {} });
  ({ token: bearer } = await signIn(cluster.url));
  api = apiOf(cluster.url, bearer);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.end();
  await admin.unsafe(`drop database if exists "${DATABASE}" with (force)`);
  await admin.end();
  await sink?.close();
  analyst?.close();
  // The servers' output stays when a test failed (CLUSTER_KEEP_LOG=1 keeps it always).
  if (process.env.CLUSTER_KEEP_LOG !== '1' && !failed) await rm(dataDir, { recursive: true, force: true });
  else console.log(`the servers' output: ${logFile}`);
});

let failed = false;
afterEach((context) => {
  if (context.task.result?.state === 'fail') failed = true;
});

/**
 * Every acknowledged submission is in the database, completed, with a submitted answer to each of
 * its questions; none twice.
 */
async function expectAcknowledgedStored(surveyId: number, outcomes: readonly Outcome[]) {
  const stored = await db<{ token_hash: string; status: string; answers: number }[]>`
    select r.token_hash, r.status,
      (select count(distinct a.question_id)::int from survey_answers a
        where a.response_id = r.id and a.submitted_at is not null) as answers
    from survey_responses r where r.survey_id = ${surveyId} and r.status = 'completed'`;
  const byHash = new Map(stored.map((row) => [row.token_hash, row]));
  const acknowledged = outcomes.filter((outcome) => outcome.kind === 'respond' && succeeded(outcome));
  const lost = acknowledged.filter((outcome) => {
    const row = byHash.get(tokenHash(outcome.token ?? ''));
    return row === undefined || row.answers !== ANSWERS.length;
  });
  expect(lost).toEqual([]);
  // No duplicates: one response per link (each link was sent once).
  const [counts] = await db<{ responses: number; links: number }[]>`
    select count(*)::int as responses, count(distinct token_hash)::int as links
    from survey_responses where survey_id = ${surveyId}`;
  expect(counts?.links).toBe(counts?.responses);
  const failedSubmissions = outcomes.filter((outcome) => outcome.kind === 'respond' && !succeeded(outcome));
  expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
  expect(stored.length).toBeLessThanOrEqual(acknowledged.length + failedSubmissions.length);
  return acknowledged.length;
}

describe('three instances behind HAProxy', () => {
  it('should apply the migrations once when three instances start at once on an empty database (R-CLUSTER-10)', async () => {
    const applied = await db<{ hash: string; times: number }[]>`
      select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`;
    expect(applied).toHaveLength(MIGRATIONS);
    expect(applied.filter((row) => row.times !== 1)).toEqual([]);
    for (const instance of cluster.instances) expect(instance.process?.exitCode, instance.name).toBeNull();
    expect(await cluster.serverStates()).toEqual({ api1: 'UP', api2: 'UP', api3: 'UP' });
  });

  it('should lose no acknowledged answer when an instance is killed with SIGKILL under load (R-CLUSTER-9)', async () => {
    const survey = await surveyWithLinks(api, 'Cluster: kill -9', 5_000);
    const load = startLoad(cluster.url, { tokens: survey.tokens, connections: 12, bearer });
    await sleep(4_000);
    const victim = cluster.instances[1];
    if (victim?.process == null) throw new Error('api2 is not running');
    try {
      const killedAt = Date.now();
      victim.process.kill('SIGKILL');
      await eventually(async () => !(await isUp('api2')), 15_000, 'HAProxy marks api2 down');
      const downAt = Date.now();
      await sleep(4_000);
      const outcomes = await load.stop();

      const failed = outcomes.filter((outcome) => !succeeded(outcome));
      const inWindow = failed.filter((outcome) => outcome.doneAt >= killedAt && outcome.sentAt <= downAt);
      console.log(
        `kill -9: ${outcomes.length} requests, HAProxy marked the instance down after ${downAt - killedAt} ms, ` +
          `${failed.length} failed (${inWindow.length} in the window until then): ` +
          JSON.stringify(failed.map((outcome) => [outcome.kind, outcome.status, outcome.error])),
      );
      // Outside the window from the kill until the checks mark the instance down, nothing fails.
      expect(failed.filter((outcome) => !inWindow.includes(outcome))).toEqual([]);
      // fall 2 × inter 1 s: down within about two check intervals (a busy machine adds a little).
      expect(downAt - killedAt).toBeLessThan(5_000);
      const acknowledged = await expectAcknowledgedStored(survey.id, outcomes);
      expect(acknowledged).toBeGreaterThan(100);
    } finally {
      // Back for the next tests, whatever happened here.
      await load.stop();
      victim.start();
      await victim.waitReady();
      await eventually(() => isUp('api2'), 15_000, 'HAProxy marks api2 up again');
    }
  }, 120_000);

  it('should fail no request during a rolling restart of all three under load (R-CLUSTER-2, R-CLUSTER-9)', async () => {
    const survey = await surveyWithLinks(api, 'Cluster: rolling restart', 8_000);
    const load = startLoad(cluster.url, { tokens: survey.tokens, connections: 8, bearer });
    const timings: string[] = [];
    for (const instance of cluster.instances) {
      const started = Date.now();
      instance.process?.kill('SIGTERM');
      // A clean stop (exit code 0), inside the drain window plus the shutdown timeout.
      expect(await instance.exited, instance.name).toBe(0);
      const stopped = Date.now();
      instance.start();
      await instance.waitReady();
      await eventually(() => isUp(instance.name), 15_000, `HAProxy marks ${instance.name} up`);
      timings.push(
        `${instance.name}: stopped in ${stopped - started} ms, back in ${Date.now() - stopped} ms`,
      );
    }
    await sleep(1_000);
    const outcomes = await load.stop();
    console.log(`rolling restart: ${outcomes.length} requests; ${timings.join('; ')}`);
    expect(outcomes.filter((outcome) => !succeeded(outcome))).toEqual([]);
    expect(await expectAcknowledgedStored(survey.id, outcomes)).toBeGreaterThan(100);
  }, 180_000);

  it('should count a login rate limit across the instances through Redis (R-CLUSTER-11)', async () => {
    const client = nextClient();
    const statuses: number[] = [];
    // Straight to each instance in turn: every third attempt on another server.
    for (let attempt = 0; attempt < 15; attempt++) {
      const instance = cluster.instances[attempt % 3];
      const response = await fetch(`http://127.0.0.1:${instance?.port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: 'fout-wachtwoord-1' }),
      });
      statuses.push(response.status);
    }
    // 10 a minute per address and client (DEFAULT_RATE_LIMITS), counted once for all three.
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
  });

  it('should send a scheduled round once, each invitation mail once, across the instances (R-CLUSTER-12)', async () => {
    const survey = await surveyWithLinks(api, 'Cluster: ronde', 0);
    const startAt = new Date(Date.now() + 3_000).toISOString();
    await api('PUT', `/surveys/${survey.id}/rounds`, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: null,
      start_at: startAt,
    });
    const roundsOf = () =>
      db<{ number: number; state: string }[]>`
        select number, state from survey_rounds where survey_id = ${survey.id} order by number`;
    await eventually(async () => (await roundsOf())[0]?.state === 'sent', 30_000, 'round 1 sent');
    const invited = await db<{ email: string }[]>`
      select c.email from survey_invitations i join contacts c on c.id = i.contact_id
      where i.survey_id = ${survey.id}`;
    expect(invited.length).toBeGreaterThan(0);
    await eventually(
      async () => {
        const [row] = await db<{ unsent: number }[]>`
          select count(*)::int as unsent from mail_outbox where state in ('queued', 'sending')`;
        return row?.unsent === 0;
      },
      60_000,
      'the outbox empty',
    );
    // Round 1 sent once, round 2 planned; one invitation per contact, each mail delivered once.
    expect(await roundsOf()).toEqual([
      { number: 1, state: 'sent' },
      { number: 2, state: 'scheduled' },
    ]);
    expect(new Set(invited.map((row) => row.email)).size).toBe(invited.length);
    const received = new Map<string, number>();
    for (const delivery of sink.deliveries)
      for (const to of delivery.to) received.set(to.toLowerCase(), (received.get(to.toLowerCase()) ?? 0) + 1);
    expect(invited.filter((row) => received.get(row.email.toLowerCase()) !== 1)).toEqual([]);
    const messageIds = sink.deliveries.map((delivery) => delivery.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  }, 120_000);

  it('should run one business analysis at a time across the instances (R-CLUSTER-12)', async () => {
    const [before] = await db<
      { analyses: number }[]
    >`select count(*)::int as analyses from business_analyses`;
    // One request straight to each instance at once (3 a minute is the organisation's rate limit);
    // the analyst takes 3 s, so all three overlap.
    const statuses = await Promise.all(
      cluster.instances.map(async (instance) => {
        const response = await fetch(
          `http://127.0.0.1:${instance.port}/api/v1/organization/business-analysis`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': nextClient() },
          },
        );
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const [after] = await db<{ analyses: number }[]>`select count(*)::int as analyses from business_analyses`;
    expect((after?.analyses ?? 0) - (before?.analyses ?? 0)).toBe(1);
    // The claim was given back when the analysis ended.
    const [claims] = await db<{ held: number }[]>`select count(*)::int as held from business_analysis_claims`;
    expect(claims?.held).toBe(0);
  }, 60_000);
});
