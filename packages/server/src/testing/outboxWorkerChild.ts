/**
 * An outbox worker in a process of its own, for tests and the benchmark that kill it with SIGKILL
 * (`node --import tsx packages/server/src/testing/outboxWorkerChild.ts`). It reads:
 * - DATABASE_URL and SMTP_URL;
 * - OUTBOX_KILL_AT=<point>:<n> (optional): SIGKILL itself the n-th time the worker reaches
 *   `point` ('claimed': rows claimed, none of them sent; 'accepted': the SMTP server answered 250
 *   and 'sent' is not yet written; 'committed': 'sent' is written);
 * - OUTBOX_LEASE_MS, OUTBOX_CONCURRENCY, OUTBOX_BATCH (optional).
 * Prints one line `ready` when the worker runs; on SIGTERM it stops cleanly and prints its stats as
 * JSON.
 */
import { openPostgres } from '../db/openDatabase';
import { createSmtpMailer } from '../mail/smtpMailer';
import { type OutboxProbePoint, startOutboxWorker } from '../outbox/outboxWorker';

const required = (key: string): string => {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
};

const [killPoint, killCount] = (process.env.OUTBOX_KILL_AT ?? '').split(':');
let reached = 0;
const probe = (point: OutboxProbePoint) => {
  if (point !== killPoint) return;
  reached += 1;
  if (reached === Number(killCount)) process.kill(process.pid, 'SIGKILL');
};

const database = openPostgres(required('DATABASE_URL'), { max: 10 });
const mailer = createSmtpMailer({ smtpUrl: required('SMTP_URL'), from: 'Loop <no-reply@loop.voorbeeld.nl>' });
const worker = startOutboxWorker(
  {
    db: database.db,
    mailer,
    output: { info: () => {}, error: (details, message) => console.error(message, details) },
    ...(killPoint ? { probe } : {}),
  },
  {
    ratePerMinute: null,
    pollMs: 50,
    leaseMs: Number(process.env.OUTBOX_LEASE_MS ?? 2_000),
    concurrency: Number(process.env.OUTBOX_CONCURRENCY ?? 4),
    batchSize: Number(process.env.OUTBOX_BATCH ?? 50),
  },
);
console.log('ready');

process.once('SIGTERM', () => {
  void (async () => {
    await worker.stop();
    await mailer.close();
    await database.close();
    const { windowUs, ...counts } = worker.stats;
    console.log(JSON.stringify({ ...counts, windowUs }));
    process.exit(0);
  })();
});
