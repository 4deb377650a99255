/**
 * The outgoing mail queue (issue 16, docs/decisions/mail.md "Outgoing mail queue"): 10,000 queued
 * mails to a local SMTP sink at ≥ 200 mails/s on PostgreSQL, rate limit off; then the same mails
 * through the real server killed with SIGKILL at random moments: every mail delivered, duplicates
 * counted.
 *
 * In one run, on a PostgreSQL database of its own (dropped afterwards), with the sink (the
 * smtp-server package, Nagle off) in this process and every sender in a child process:
 * 1. bare: nodemailer (the app's pooled SMTP transport) sends the 10,000 mails straight from
 *    memory, 4 at a time: the floor;
 * 2. queue: the 10,000 are enqueued (timed), then the outbox worker (4 lanes) sends them; it
 *    reports the window between each SMTP 250 and the commit of 'sent';
 * 3. held: the other design, a transaction held open over each send (4 lanes), on the same mails.
 * Each sender is timed from its `ready` line to the sink's last delivery.
 * 4. kill -9: 10,000 mails through the real server (packages/server/src/main.ts, SMTP_URL at the
 *    sink, OUTBOX_LEASE_SECONDS=2), killed with SIGKILL KILLS times when the sink has received a
 *    random number of further mails (seeded, printed), restarted each time, then left to finish:
 *    deliveries, unique Message-IDs, duplicates and missing mails.
 *
 * Run: node scripts/pnpm.mjs bench:mail-queue   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; MAILS, KILLS and SEED may be set)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '@loop/server/db';
import { createOutbox } from '@loop/server/internals';
import { startSmtpSink } from '@loop/server/testing';
import postgres from 'postgres';
import { median, scratchDatabase } from '../benchKit';
import {
  freePort,
  killDuringDelivery,
  lastDeliverySince,
  lineMatching,
  realServerEnv,
  runScript,
  sleep,
  stopRealServer,
  timedSender,
  unsentMails,
} from '../mailKit';
import { prng } from '../prng';
import { benchMail } from './mails';

const MAILS = Number(process.env.MAILS ?? 10_000);
const KILLS = Number(process.env.KILLS ?? 5);
const SEED = Number(process.env.SEED ?? Date.now() % 100_000);
const BUDGET_PER_SECOND = 200;

const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

async function main(): Promise<void> {
  const scratch = await scratchDatabase('mail_queue');
  const database = openPostgres(scratch.url, { max: 4 });
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const sink = await startSmtpSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-mail-queue-'));
  const loadBefore = loadavg();
  try {
    await database.migrate();
    const { db } = database;
    const outbox = createOutbox({ mailFrom: 'Loop <no-reply@loop.voorbeeld.nl>' });
    const unsent = () => unsentMails(sql);
    const enqueueAll = async (round: string): Promise<number> => {
      await sql`delete from mail_outbox`;
      const start = performance.now();
      for (let from = 0; from < MAILS; from += 1000) {
        await db.transaction(async (tx) => {
          for (let i = from; i < Math.min(MAILS, from + 1000); i++) {
            await outbox.enqueue(tx, {
              reference: `invitation:${round}-${i}`,
              kind: 'survey-invitation',
              ...benchMail(i),
              headers: {
                'List-Unsubscribe': `<https://loop.voorbeeld.nl/afmelden/${i}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            });
          }
        });
      }
      return performance.now() - start;
    };
    const smtpEnv = { SMTP_URL: sink.url, DATABASE_URL: scratch.url, MAILS: String(MAILS) };

    // 1. bare nodemailer
    const { ms: bareMs, delivered: bareDelivered } = await timedSender('bare', sink, smtpEnv);

    // 2. the outbox worker
    const enqueueMs = await enqueueAll('queue');
    sink.deliveries.length = 0;
    const worker = runScript(['packages/server/src/testing/outboxWorkerChild.ts'], {
      ...smtpEnv,
      OUTBOX_CONCURRENCY: '4',
      OUTBOX_LEASE_MS: '300000',
    });
    await lineMatching(worker, (line) => line === 'ready');
    const queueStart = performance.now();
    // Rarely: a count over the table every few milliseconds would slow the worker it measures.
    while ((await unsent()) > 0) await sleep(250);
    const queueMs = lastDeliverySince(sink, queueStart);
    worker.process.kill('SIGTERM');
    const stats = JSON.parse(await lineMatching(worker, (line) => line.startsWith('{'))) as {
      sent: number;
      lostClaims: number;
      windowUs: number[];
    };
    await worker.exited;
    const queueDelivered = sink.deliveries.length;

    // 3. a transaction held over each send
    await enqueueAll('held');
    const { ms: heldMs, delivered: heldDelivered } = await timedSender('held', sink, smtpEnv);

    // 4. the real server, killed with SIGKILL at random moments
    await enqueueAll('kill');
    sink.deliveries.length = 0;
    const random = prng(SEED);
    const serverEnv = realServerEnv({
      port: await freePort(),
      dataDir,
      databaseUrl: scratch.url,
      smtpUrl: sink.url,
    });
    const killStart = performance.now();
    const { killedAt, last } = await killDuringDelivery({
      sink,
      env: serverEnv,
      kills: KILLS,
      random,
      finished: async () => (await unsent()) === 0,
    });
    while ((await unsent()) > 0) await sleep(20);
    const killMs = performance.now() - killStart;
    await stopRealServer(last);

    const rows = await sql<{ messageId: string; state: string }[]>`
      select message_id as "messageId", state from mail_outbox`;
    const delivered = new Map<string, number>();
    for (const delivery of sink.deliveries) {
      const id = delivery.messageId ?? 'none';
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
    }
    const missing = rows.filter((row) => !delivered.has(row.messageId)).length;
    const duplicates = sink.deliveries.length - delivered.size;
    const notSent = rows.filter((row) => row.state !== 'sent').length;
    const loadAfter = loadavg();

    const rate = (count: number, ms: number) => (count / (ms / 1000)).toFixed(0);
    const queueRate = MAILS / (queueMs / 1000);
    console.log(
      `mail queue, ${MAILS.toLocaleString('en')} mails to a local smtp-server sink, PostgreSQL, ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; ` +
        `load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
    );
    console.log(
      `enqueue: ${rate(MAILS, enqueueMs)} mails/s (one insert each, transactions of 1,000, one connection)`,
    );
    console.log(
      `bare nodemailer, 4 in flight: ${rate(bareDelivered, bareMs)} mails/s (${bareDelivered} delivered)`,
    );
    console.log(
      `outbox worker, 4 lanes, lease: ${queueRate.toFixed(0)} mails/s (${queueDelivered} delivered, ${stats.sent} sent, ` +
        `${stats.lostClaims} lost claims); ratio to bare ${(queueRate / (bareDelivered / (bareMs / 1000))).toFixed(2)}×`,
    );
    console.log(
      `window SMTP 250 → 'sent' committed: median ${median(stats.windowUs)} µs, p99 ${percentile(stats.windowUs, 0.99)} µs, ` +
        `max ${Math.max(...stats.windowUs)} µs over ${stats.windowUs.length} mails`,
    );
    console.log(
      `held transaction per send, 4 lanes: ${rate(heldDelivered, heldMs)} mails/s (${heldDelivered} delivered); ` +
        `ratio to bare ${(heldDelivered / (heldMs / 1000) / (bareDelivered / (bareMs / 1000))).toFixed(2)}×`,
    );
    console.log(
      `kill -9 run (seed ${SEED}): real server killed ${KILLS}× at ${killedAt.join(', ')} deliveries, restarted; ` +
        `${(killMs / 1000).toFixed(1)} s in all; deliveries ${sink.deliveries.length}, unique Message-IDs ${delivered.size}, ` +
        `duplicates ${duplicates}, missing ${missing}, rows not 'sent' ${notSent}`,
    );
    const met = queueRate >= BUDGET_PER_SECOND && missing === 0 && notSent === 0;
    console.log(
      `budget (≥ ${BUDGET_PER_SECOND} mails/s, 0 missing after kill -9): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met || queueDelivered !== MAILS || heldDelivered !== MAILS) process.exitCode = 1;
  } finally {
    await sink.close();
    await sql.end();
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
