import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { mailOutbox, type OutboxRow, organizations } from '../db/schema';
import type { JobOutput } from '../housekeeping/periodicJob';
import type { Mailer } from '../mail/mailer';
import { createSmtpMailer } from '../mail/smtpMailer';
import { outboxMail, outboxRow } from '../testing/outboxTesting';
import { type SinkRefusal, type SmtpSink, startSmtpSink } from '../testing/smtpSink';
import { openTestDatabase } from '../testing/testDatabase';
import { createOutbox } from './outbox';
import {
  BEFORE_SEND_FAILED,
  type OutboxHooks,
  type OutboxWorker,
  type OutboxWorkerOptions,
  startOutboxWorker,
} from './outboxWorker';

let database: DatabaseHandle;
let db: Database;
let sink: SmtpSink;
let refuse: (mail: { messageId: string | null; attempt: number }) => SinkRefusal | null;
const mailers: Mailer[] = [];
const workers: OutboxWorker[] = [];
const errors: string[] = [];
/** Everything the worker wrote to the server's output, details included. */
const written: string[] = [];
const output: JobOutput = {
  info: () => {},
  error: (details, message) => {
    errors.push(message);
    written.push(JSON.stringify(details), message);
  },
};
const outbox = createOutbox({ mailFrom: 'Loop <no-reply@loop.voorbeeld.nl>' });

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  sink = await startSmtpSink({ refuse: (mail) => refuse(mail) });
});

afterAll(async () => {
  await sink.close();
  await database.close();
});

beforeEach(async () => {
  refuse = () => null;
  errors.length = 0;
  sink.deliveries.length = 0;
  await db.delete(mailOutbox);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const mailer of mailers.splice(0)) await mailer.close();
});

const smtp = (url = sink.url) => {
  const mailer = createSmtpMailer({ smtpUrl: url, from: 'Loop <no-reply@loop.voorbeeld.nl>' });
  mailers.push(mailer);
  return mailer;
};

const FAST: Partial<OutboxWorkerOptions> = { ratePerMinute: null, pollMs: 20, backoffBaseMs: 200 };

const start = (options: Partial<OutboxWorkerOptions> = {}, hooks?: OutboxHooks, mailer = smtp()) => {
  const worker = startOutboxWorker(
    { db, mailer, output, ...(hooks ? { hooks } : {}) },
    { ...FAST, ...options },
  );
  workers.push(worker);
  return worker;
};

const mail = outboxMail;

const enqueueMany = async (count: number) => {
  const references: string[] = [];
  for (let i = 0; i < count; i++) references.push((await outbox.enqueue(db, mail())).messageId);
  return references;
};

const rowOf = (reference: string) => outboxRow(db, reference);

/** Polls until `done` holds (the worker runs on its own timers). */
async function until(done: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the outbox');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const queueEmpty = async () =>
  (await db.$count(mailOutbox, inArray(mailOutbox.state, ['queued', 'sending']))) === 0;

describe('startOutboxWorker', () => {
  it("should send with the row's headers and Message-ID, store the 250 reply and run sentStatement in the same statement", async () => {
    const sent: OutboxRow[] = [];
    start(
      {},
      {
        sentStatement: (row) => {
          sent.push(row);
          return sql`insert into organizations (name) values (${`verstuurd ${row.reference}`})`;
        },
      },
    );
    const planned = mail({
      headers: {
        'List-Unsubscribe': '<https://loop.test/afmelden/abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const { messageId } = await outbox.enqueue(db, planned);
    await until(queueEmpty);

    expect(sink.deliveries).toHaveLength(1);
    const [delivery] = sink.deliveries;
    expect(delivery?.messageId).toBe(messageId);
    expect(delivery?.to).toEqual([planned.to]);
    expect(delivery?.raw).toContain('List-Unsubscribe: <https://loop.test/afmelden/abc>');
    expect(delivery?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(delivery?.raw).toContain('X-Loop-Mail: survey-invitation');
    const row = await rowOf(planned.reference);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null, leaseUntil: null });
    expect(row.smtpResponse).toMatch(/^250 .*Opgeslagen als 1/);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(sent).toEqual([expect.objectContaining({ reference: planned.reference })]);
    expect(await db.$count(organizations, eq(organizations.name, `verstuurd ${planned.reference}`))).toBe(1);
  });

  it("should keep the sent mark when the feature's statement fails, without its writes", async () => {
    start(
      {},
      {
        // The insert of the first CTE commits only with the second; the second fails (name is required).
        sentStatement: (
          row,
        ) => sql`with first as (insert into organizations (name) values (${`hook ${row.reference}`}))
          insert into organizations (name) values (null)`,
      },
    );
    const planned = mail();
    await outbox.enqueue(db, planned);
    await until(queueEmpty);

    expect(await rowOf(planned.reference)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sink.deliveries).toHaveLength(1);
    expect(await db.$count(organizations, eq(organizations.name, `hook ${planned.reference}`))).toBe(0);
    expect(errors).toEqual(['Outbox: een hook na verzending faalde']);
  });

  it('should ask beforeSend just before sending: cancel with its reason, or send its final text', async () => {
    start(
      {},
      {
        beforeSend: async (row) =>
          row.recipient.startsWith('weg')
            ? { send: false, reason: 'Contact verwijderd.' }
            : { send: true, text: row.text.replace('{{link}}', 'https://loop.test/respond/geheim') },
      },
    );
    const kept = mail({ text: 'Vul in: {{link}}' });
    const gone = mail({ to: 'weg@voorbeeld.nl' });
    await outbox.enqueue(db, kept);
    await outbox.enqueue(db, gone);
    await until(queueEmpty);

    expect(sink.deliveries.map((delivery) => delivery.to)).toEqual([[kept.to]]);
    expect(sink.deliveries[0]?.raw).toContain('Vul in: https://loop.test/respond/geheim');
    expect(await rowOf(kept.reference)).toMatchObject({ state: 'sent', text: 'Vul in: {{link}}' });
    expect(await rowOf(gone.reference)).toMatchObject({
      state: 'cancelled',
      attempts: 0,
      lastError: 'Contact verwijderd.',
    });
  });

  it('should put a mail back in the queue when beforeSend throws', async () => {
    start({ backoffBaseMs: 60_000 }, { beforeSend: async () => Promise.reject(new Error('database weg')) });
    const planned = mail();
    await outbox.enqueue(db, planned);
    await until(async () => (await rowOf(planned.reference)).lastError !== null);

    expect(await rowOf(planned.reference)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastError: BEFORE_SEND_FAILED,
    });
    expect(sink.deliveries).toEqual([]);
  });

  it('should space sends by the rate limit', async () => {
    await enqueueMany(5);
    const started = performance.now();
    start({ ratePerMinute: 600, concurrency: 2 });
    await until(queueEmpty);

    const times = sink.deliveries.map((delivery) => delivery.at).sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    // 600 a minute: one slot per 100 ms whatever the number of lanes, so the k-th mail cannot
    // arrive before k × 100 ms (a send starts at its slot, and may end later in it).
    for (const [k, at] of times.entries()) expect(at - started).toBeGreaterThan(k * 100 - 5);
  });

  it('should retry a 4xx with back-off and then send, keeping the reason of the failed attempt', async () => {
    const tried: number[] = [];
    refuse = ({ attempt }) => {
      tried.push(performance.now());
      return attempt === 1 ? { code: 451, message: '4.3.0 Mailbox tijdelijk vol' } : null;
    };
    start({ backoffBaseMs: 400 });
    const planned = mail();
    await outbox.enqueue(db, planned);
    await until(async () => (await rowOf(planned.reference)).attempts === 1);
    await until(async () => (await rowOf(planned.reference)).state === 'queued');

    const waiting = await rowOf(planned.reference);
    expect(waiting.lastError).toBe(
      'Poging 1 van 8 mislukt, nieuwe poging over 1 seconde; antwoord van de mailserver: 451 4.3.0 Mailbox tijdelijk vol',
    );
    expect(waiting.smtpResponse).toBe('451 4.3.0 Mailbox tijdelijk vol');

    await until(queueEmpty);
    expect(await rowOf(planned.reference)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(sink.deliveries).toHaveLength(1);
    // The second attempt waited for the back-off (400 ms after the first failure).
    expect(tried).toHaveLength(2);
    expect((tried[1] ?? 0) - (tried[0] ?? 0)).toBeGreaterThan(390);
  });

  it('should fail a 5xx at once with the reply stored, and run onFailed', async () => {
    refuse = () => ({ code: 550, message: '5.1.1 <weg@voorbeeld.nl> Onbekende ontvanger' });
    const failed: OutboxRow[] = [];
    start({}, { onFailed: async (row) => void failed.push(row) });
    const planned = mail({ to: 'weg@voorbeeld.nl' });
    await outbox.enqueue(db, planned);
    await until(queueEmpty);

    expect(await rowOf(planned.reference)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: `Geweigerd door de mailserver: 550 5.1.1 <${planned.to}> Onbekende ontvanger`,
      smtpResponse: `550 5.1.1 <${planned.to}> Onbekende ontvanger`,
    });
    expect(failed).toEqual([expect.objectContaining({ reference: planned.reference, state: 'failed' })]);
    // The server's output, which no AVG erase reaches, names the mail and the code, not the address.
    expect(written.join('\n')).toContain('"smtpCode":550');
    expect(written.join('\n')).not.toContain(planned.to);
    expect(sink.deliveries).toHaveLength(0);
  });

  it('should retry when the server cannot be reached, and fail after the last attempt', async () => {
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    start({ maxAttempts: 2, backoffBaseMs: 50 }, undefined, smtp(url));
    const planned = mail();
    await outbox.enqueue(db, planned);
    await until(queueEmpty);

    const row = await rowOf(planned.reference);
    expect(row).toMatchObject({ state: 'failed', attempts: 2, smtpResponse: null });
    expect(row.lastError).toMatch(
      /^Niet verstuurd na 2 pogingen; mailserver niet bereikbaar \(.*ECONNREFUSED/,
    );
  });

  it('should send a planned mail not before its time', async () => {
    start();
    const later = mail({ notBefore: new Date(Date.now() + 3_600_000) });
    const soon = mail({ notBefore: new Date(Date.now() + 500) });
    await outbox.enqueue(db, later);
    const queuedAt = performance.now();
    await outbox.enqueue(db, soon);
    await until(async () => (await rowOf(soon.reference)).state === 'sent');

    expect((sink.deliveries[0]?.at ?? 0) - queuedAt).toBeGreaterThan(400);
    expect(await rowOf(later.reference)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(sink.deliveries).toHaveLength(1);
  });

  it('should never send a mail cancelled before its time', async () => {
    start();
    const planned = mail({ notBefore: new Date(Date.now() + 300) });
    await outbox.enqueue(db, planned);
    expect(await outbox.cancel(db, { reference: planned.reference })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));

    expect(await rowOf(planned.reference)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(sink.deliveries).toHaveLength(0);
  });

  it('should send every mail once with two workers of four lanes each on one database', async () => {
    const first = start({ concurrency: 4, batchSize: 5 });
    const second = start({ concurrency: 4, batchSize: 5 });
    const messageIds = await enqueueMany(300);
    await until(queueEmpty, 25_000);
    // The counters move just after each commit: read them once both have stopped.
    await first.stop();
    await second.stop();

    const delivered = sink.deliveries.map((delivery) => delivery.messageId);
    expect(delivered).toHaveLength(300);
    expect(new Set(delivered)).toEqual(new Set(messageIds));
    expect(first.stats.sent + second.stats.sent).toBe(300);
    expect(first.stats.lostClaims + second.stats.lostClaims).toBe(0);
    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'sent'))).toBe(300);
  });

  it('should take over the mail of a worker that died, once its lease ran out', async () => {
    const planned = mail();
    await outbox.enqueue(db, planned);
    // A worker claims it and dies before sending: nothing marks the row but its lease.
    await db
      .update(mailOutbox)
      .set({ state: 'sending', claimedBy: 'dood:1', leaseUntil: sql`now() + interval '1 second'` })
      .where(eq(mailOutbox.reference, planned.reference));
    start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.deliveries).toHaveLength(0);

    await until(queueEmpty);
    expect(await rowOf(planned.reference)).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(sink.deliveries).toHaveLength(1);
  });

  it('should keep its claims while it lives, however long past one lease they wait (R-CLUSTER-5)', async () => {
    await enqueueMany(2);
    // It claims both, sends one, and waits 500 ms for the next slot: three leases of 100 ms and more.
    const worker = start({ ratePerMinute: 120, batchSize: 10, concurrency: 1, leaseMs: 100 });
    await until(async () => (await db.$count(mailOutbox, eq(mailOutbox.state, 'sent'))) === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still its own, its lease renewed: no other worker could take it over.
    const held = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'sending'), gt(mailOutbox.leaseUntil, sql`now()`)));
    expect(held).toHaveLength(1);
    expect(held[0]?.lastError).toBeNull();
    await worker.stop();
    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'sending'))).toBe(0);
  });

  it('should give its unsent claims back when stopped', async () => {
    await enqueueMany(3);
    // 120 a minute: it claims two (a second's worth), sends one, and waits 500 ms for the next slot.
    const worker = start({ ratePerMinute: 120, batchSize: 10, concurrency: 1 });
    await until(async () => (await db.$count(mailOutbox, eq(mailOutbox.state, 'sent'))) === 1);
    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'sending'))).toBe(1);
    await worker.stop();

    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'sent'))).toBe(1);
    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'sending'))).toBe(0);
    expect(await db.$count(mailOutbox, eq(mailOutbox.state, 'queued'))).toBe(2);
  });
});
