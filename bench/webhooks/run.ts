/**
 * Organisation webhooks (issue 28, docs/decisions/webhooks.md): 10,000 `response.completed` events
 * to a local receiver at ≥ 200 deliveries/s on PostgreSQL, beside a bare loop of the same POSTs;
 * then the same number through the real server killed with SIGKILL at random moments: every event
 * delivered, duplicates carrying the id of the event they repeat.
 *
 * In one run, on a PostgreSQL database of its own (dropped afterwards), with the receiver (node:http,
 * keep-alive) in this process:
 * 1. bare: 10,000 POSTs of the same bodies, 20 in flight, over a keep-alive agent: the floor;
 * 2. queue: the events queued with `emitWebhookEvents` (timed), then delivered by passes of the
 *    worker's `deliverEndpointWebhooks` (signed, address checked, each attempt logged);
 * 3. kill -9: the events queued again, delivered by the real server (packages/server/src/main.ts,
 *    WEBHOOK_INTERVAL_SECONDS=1), killed with SIGKILL KILLS times after a random 300–2,000 further
 *    deliveries, restarted each time, then left to finish: events missing, duplicates, and whether
 *    every duplicate carries one event's own webhook-id.
 *
 * Run: node scripts/pnpm.mjs bench:webhooks   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; EVENTS, KILLS and SEED may be set)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '@loop/server/db';
import {
  createEndpoint,
  createOutbox,
  deliverEndpointWebhooks,
  emitWebhookEvents,
} from '@loop/server/internals';
import postgres from 'postgres';
import { benchConfig, scratchDatabase } from '../benchKit';
import { freePort, type Running, realServerEnv, sleep, startRealServer } from '../mailKit';
import { prng } from '../prng';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const KILLS = Number(process.env.KILLS ?? 3);
const SEED = Number(process.env.SEED ?? Date.now() % 100_000);
const BUDGET_PER_SECOND = 200;
const IN_FLIGHT = 20;

/** The receiver: answers 204 at once and counts each webhook-id it got. */
async function startReceiver() {
  const seen = new Map<string, number>();
  let received = 0;
  let last = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? `bare-${received}`);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      received++;
      last = performance.now();
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/loop-hooks`;
  return {
    url,
    seen,
    received: () => received,
    last: () => last,
    reset() {
      seen.clear();
      received = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const body = (i: number) =>
  JSON.stringify({
    type: 'response.completed',
    timestamp: new Date().toISOString(),
    data: { survey_id: 1, response_id: i, contact_id: null, completed_at: new Date().toISOString() },
  });

/** The floor: the same POSTs in a plain loop, IN_FLIGHT at a time. */
async function bare(receiver: Receiver): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const target = new URL(receiver.url);
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const text = body(i);
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': text.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < EVENTS) await post(next++);
    }),
  );
  const ms = performance.now() - start;
  agent.destroy();
  return ms;
}

async function main(): Promise<void> {
  const scratch = await scratchDatabase('webhooks');
  const database = openPostgres(scratch.url, { max: 8 });
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const receiver = await startReceiver();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-webhooks-'));
  const loadBefore = loadavg();
  let server: Running | null = null;
  try {
    await database.migrate();
    const { db } = database;
    const config = benchConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    const [org] = await sql<
      { id: number }[]
    >`insert into organizations (name) values ('Bench BV') returning id`;
    const organizationId = (org as { id: number }).id;
    await createEndpoint(db, config.webhooks.secretKey, organizationId, {
      url: receiver.url,
      description: 'bench',
      events: ['response.completed'],
    });
    const open = async () =>
      Number(
        (await sql<{ n: string }[]>`select count(*) n from webhook_deliveries where state <> 'delivered'`)[0]
          ?.n,
      );
    const queueAll = async (): Promise<number> => {
      await sql`delete from webhook_deliveries`;
      const start = performance.now();
      for (let from = 0; from < EVENTS; from += 1000) {
        const at = new Date();
        await emitWebhookEvents(
          db,
          Array.from({ length: Math.min(1000, EVENTS - from) }, (_, k) => ({
            organizationId,
            type: 'response.completed' as const,
            subject: `response:${from + k}` as const,
            data: { survey_id: 1, response_id: from + k, contact_id: null, completed_at: at.toISOString() },
            at,
          })),
        );
      }
      return performance.now() - start;
    };

    // 1. bare POSTs
    const bareMs = await bare(receiver);
    const bareRate = EVENTS / (bareMs / 1000);

    // 2. the queue, passes of the worker in this process
    const queueMs = await queueAll();
    receiver.reset();
    const deps = { db, config, outbox: createOutbox(config), clock: { now: () => new Date() } };
    const deliverStart = performance.now();
    while ((await open()) > 0) await deliverEndpointWebhooks(deps);
    const deliverMs = receiver.last() - deliverStart;
    const queueRate = EVENTS / (deliverMs / 1000);
    const queueDelivered = receiver.received();

    // 3. the real server, killed with SIGKILL at random moments
    await queueAll();
    receiver.reset();
    const random = prng(SEED);
    const env = {
      ...realServerEnv({
        port: await freePort(),
        dataDir,
        databaseUrl: scratch.url,
        smtpUrl: 'smtp://127.0.0.1:1',
      }),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_INTERVAL_SECONDS: '1',
      WEBHOOK_SECRET_KEY: config.webhooks.secretKey.toString('base64'),
    };
    const killedAt: number[] = [];
    const killStart = performance.now();
    for (let kill = 0; kill < KILLS; kill++) {
      server = await startRealServer(env);
      const target = receiver.received() + 300 + Math.floor(random() * 1700);
      while (receiver.received() < target && (await open()) > 0) await sleep(5);
      server.process.kill('SIGKILL');
      await server.exited;
      killedAt.push(receiver.received());
    }
    server = await startRealServer(env);
    while ((await open()) > 0) await sleep(200);
    const killMs = performance.now() - killStart;
    server.process.kill('SIGTERM');
    await server.exited;
    server = null;

    const ids = await sql<{ message_id: string }[]>`select message_id from webhook_deliveries`;
    const missing = ids.filter((row) => !receiver.seen.has(row.message_id)).length;
    const foreign = [...receiver.seen.keys()].filter(
      (id) => !ids.some((row) => row.message_id === id),
    ).length;
    const duplicates = receiver.received() - receiver.seen.size;
    const loadAfter = loadavg();

    console.log(
      `webhooks, ${EVENTS.toLocaleString('en')} response.completed events to a local receiver, PostgreSQL, ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average before ` +
        `${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
    );
    console.log(`bare POST loop, ${IN_FLIGHT} in flight: ${bareRate.toFixed(0)} requests/s`);
    console.log(`queue: ${(EVENTS / (queueMs / 1000)).toFixed(0)} events/s queued (1,000 per statement)`);
    console.log(
      `delivery worker (signed, address checked, attempt logged): ${queueRate.toFixed(0)} deliveries/s ` +
        `(${queueDelivered} received); ratio to bare ${(queueRate / bareRate).toFixed(2)}×`,
    );
    console.log(
      `kill -9 run (seed ${SEED}): real server killed ${KILLS}× at ${killedAt.join(', ')} deliveries, restarted; ` +
        `${(killMs / 1000).toFixed(1)} s in all; received ${receiver.received()}, unique webhook-ids ${receiver.seen.size}, ` +
        `duplicates ${duplicates} (each with its event's own id: ${foreign === 0 ? 'yes' : `no, ${foreign} unknown ids`}), missing ${missing}`,
    );
    const met = queueRate >= BUDGET_PER_SECOND && missing === 0 && foreign === 0;
    console.log(
      `budget (≥ ${BUDGET_PER_SECOND} deliveries/s, 0 missing after kill -9): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met || queueDelivered !== EVENTS) process.exitCode = 1;
  } finally {
    if (server !== null) server.process.kill('SIGKILL');
    await receiver.close();
    await sql.end();
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
