import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { mailOutbox } from '../db/schema';
import { type SmtpSink, startSmtpSink } from '../testing/smtpSink';
import { openTestPostgres, testDatabaseKind } from '../testing/testDatabase';
import { createOutbox } from './outbox';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('../testing/outboxWorkerChild.ts', import.meta.url));
const MAILS = 2_000;

let database: DatabaseHandle & { readonly url: string };
let sink: SmtpSink;

/** One worker process; `exited` answers the signal that ended it (null: it exited by itself). */
function child(env: Record<string, string>): {
  process: ChildProcess;
  exited: Promise<NodeJS.Signals | null>;
} {
  const started = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      OUTBOX_LEASE_MS: '1500',
      // One lane: at each kill point exactly one known mail is (or is not) in flight.
      OUTBOX_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return {
    process: started,
    exited: new Promise((resolve) => started.once('exit', (_code, signal) => resolve(signal))),
  };
}

const unsent = () => database.db.$count(mailOutbox, inArray(mailOutbox.state, ['queued', 'sending']));

describe.runIf(testDatabaseKind() === 'postgres')('outbox worker killed with SIGKILL (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await openTestPostgres();
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await sink?.close();
    await database?.close();
  });

  it('should deliver every mail after kills at a claim, between the 250 and the commit, and after a commit; ' +
    'the one resend is the same Message-ID', async () => {
    const outbox = createOutbox({ mailFrom: 'Loop <no-reply@loop.voorbeeld.nl>' });
    await database.db.transaction(async (tx) => {
      for (let i = 1; i <= MAILS; i++) {
        await outbox.enqueue(tx, {
          reference: `invitation:${i}`,
          kind: 'survey-invitation',
          to: `contact-${i}@voorbeeld.nl`,
          subject: 'Uw mening telt',
          text: `Peiling voor contact ${i}`,
          html: `<p>Peiling voor contact ${i}</p>`,
        });
      }
    });

    // Killed with rows claimed and none of them sent; killed after the SMTP server's 250 for
    // its 300th mail, before 'sent' was written (the window); killed right after a commit.
    for (const killAt of ['claimed:5', 'accepted:300', 'committed:300']) {
      const worker = child({ OUTBOX_KILL_AT: killAt });
      expect(await worker.exited, killAt).toBe('SIGKILL');
    }
    expect(await unsent()).toBeGreaterThan(0);
    const last = child({});
    const deadline = Date.now() + 90_000;
    while ((await unsent()) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    last.process.kill('SIGTERM');
    expect(await last.exited).toBeNull();

    const rows = await database.db
      .select({
        recipient: mailOutbox.recipient,
        messageId: mailOutbox.messageId,
        state: mailOutbox.state,
        attempts: mailOutbox.attempts,
      })
      .from(mailOutbox);
    expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);

    const deliveries = new Map<string, string[]>();
    for (const delivery of sink.deliveries) {
      const id = delivery.messageId ?? 'none';
      deliveries.set(id, [...(deliveries.get(id) ?? []), ...delivery.to]);
    }
    const missing = rows.filter((row) => !deliveries.has(row.messageId));
    const duplicated = [...deliveries].filter(([, to]) => to.length > 1);
    expect(missing).toEqual([]);
    expect(deliveries.size).toBe(MAILS);
    // The one mail in the window went out twice, as the same message to the same recipient: the
    // row that needed a second attempt.
    const resent = rows.filter((row) => row.attempts === 2);
    expect(resent).toHaveLength(1);
    expect(duplicated).toEqual([[resent[0]?.messageId, [resent[0]?.recipient, resent[0]?.recipient]]]);
    expect(sink.deliveries).toHaveLength(MAILS + 1);
    for (const row of rows) expect(deliveries.get(row.messageId)?.[0], row.recipient).toBe(row.recipient);
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.attempts, 0))).toBe(0);
  }, 180_000);

  it("should hand a crashed worker's claimed mails to another within 30 s, none confirmed sent twice (R-CLUSTER-5)", async () => {
    await database.db.delete(mailOutbox);
    sink.deliveries.length = 0;
    const outbox = createOutbox({ mailFrom: 'Loop <no-reply@loop.voorbeeld.nl>' });
    await database.db.transaction(async (tx) => {
      for (let i = 1; i <= 200; i++) {
        await outbox.enqueue(tx, {
          reference: `takeover:${i}`,
          kind: 'survey-invitation',
          to: `overname-${i}@voorbeeld.nl`,
          subject: 'Uw mening telt',
          text: `Peiling ${i}`,
          html: `<p>Peiling ${i}</p>`,
        });
      }
    });
    // The production lease (OUTBOX_LEASE_SECONDS=15); killed right after its 20th 'sent', holding
    // the rest of its batch of 50.
    const first = child({ OUTBOX_KILL_AT: 'committed:20', OUTBOX_LEASE_MS: '15000' });
    expect(await first.exited).toBe('SIGKILL');
    const killed = Date.now();
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.state, 'sending'))).toBe(30);
    const second = child({ OUTBOX_LEASE_MS: '15000' });
    while ((await unsent()) > 0 && Date.now() - killed < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const tookOver = Date.now() - killed;
    second.process.kill('SIGTERM');
    expect(await second.exited).toBeNull();

    expect(await unsent()).toBe(0);
    expect(tookOver).toBeLessThan(30_000);
    const sent = sink.deliveries.map((delivery) => delivery.messageId);
    expect(sent).toHaveLength(200);
    expect(new Set(sent).size).toBe(200);
  }, 90_000);
});
