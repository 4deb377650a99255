import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { mailOutbox, organizations } from '../db/schema';
import { outboxMail, outboxRow } from '../testing/outboxTesting';
import { openTestDatabase } from '../testing/testDatabase';
import { createOutbox } from './outbox';
import {
  claimDue,
  INTERRUPTED_FINAL_MESSAGE,
  INTERRUPTED_MESSAGE,
  markFailed,
  markRetry,
  markSent,
  releaseExpiredLeases,
  startAttempt,
} from './outboxClaims';
import { CANCELLED_MESSAGE, ERASED_FAILURE, eraseMail, messageIdDomain } from './outboxStore';

let database: DatabaseHandle;
let db: Database;
const outbox = createOutbox({ mailFrom: 'Loop <no-reply@loop.voorbeeld.nl>' });

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

const mail = outboxMail;

const rowOf = (reference: string) => outboxRow(db, reference);

describe('outboxStore', () => {
  it('should enqueue many in one statement, once per reference, each with its own Message-ID', async () => {
    const first = mail();
    await outbox.enqueue(db, first);
    const later = new Date(Date.now() + 3_600_000);
    const more = [mail(), mail({ notBefore: later })];
    expect(await outbox.enqueueMany(db, [{ ...first, subject: 'Anders' }, ...more])).toBe(2);
    expect((await rowOf(first.reference)).subject).toBe(first.subject);
    const [a, b] = await Promise.all(more.map((each) => rowOf(each.reference)));
    expect(a?.messageId).not.toBe(b?.messageId);
    expect(a?.messageId).toMatch(/@loop\.voorbeeld\.nl>$/);
    expect(b?.notBefore.toISOString()).toBe(later.toISOString());
    expect(await outbox.enqueueMany(db, [])).toBe(0);
    await expect(outbox.enqueueMany(db, [mail({ to: 'geen adres' })])).rejects.toThrow(/recipient/);
  });

  it('should enqueue once per reference, with a Message-ID of the From domain fixed at enqueue', async () => {
    const first = mail({ headers: { 'List-Unsubscribe': '<https://loop.test/afmelden/x>' } });
    const enqueued = await outbox.enqueue(db, first);
    const again = await outbox.enqueue(db, { ...first, subject: 'Anders', to: 'ander@voorbeeld.nl' });

    expect(enqueued.created).toBe(true);
    expect(enqueued.messageId).toMatch(/^<[0-9a-f-]{36}@loop\.voorbeeld\.nl>$/);
    expect(again).toEqual({ id: enqueued.id, messageId: enqueued.messageId, created: false });
    const row = await rowOf(first.reference);
    expect(row).toMatchObject({
      subject: 'Uw mening telt',
      recipient: first.to,
      state: 'queued',
      attempts: 0,
      headers: { 'List-Unsubscribe': '<https://loop.test/afmelden/x>' },
      messageId: enqueued.messageId,
    });
    expect(await db.$count(mailOutbox, eq(mailOutbox.reference, first.reference))).toBe(1);
  });

  it("should write nothing when the caller's transaction rolls back", async () => {
    const planned = mail();
    await expect(
      db.transaction(async (tx) => {
        await outbox.enqueue(tx, planned);
        throw new Error('de uitnodiging kon niet worden opgeslagen');
      }),
    ).rejects.toThrow('de uitnodiging');
    expect(await outbox.status(db, planned.reference)).toBeNull();
  });

  it('should refuse a reference without purpose, a bad address and headers that would break the message', async () => {
    await expect(outbox.enqueue(db, mail({ reference: '123' }))).rejects.toThrow(/purpose:id/);
    await expect(outbox.enqueue(db, mail({ to: 'geen adres' }))).rejects.toThrow(/recipient/);
    await expect(outbox.enqueue(db, mail({ subject: 'a\r\nBcc: x@y.nl' }))).rejects.toThrow(/line break/);
    await expect(outbox.enqueue(db, mail({ headers: { 'Message-ID': '<x@y>' } }))).rejects.toThrow(
      /not allowed/,
    );
    await expect(outbox.enqueue(db, mail({ headers: { 'X-A': 'a\nB: c' } }))).rejects.toThrow(/line break/);
  });

  it('should cancel queued mails by reference and by organisation (prefix), and leave sent and other ones', async () => {
    const [org] = await db.insert(organizations).values({ name: 'Bakkerij' }).returning();
    const [other] = await db.insert(organizations).values({ name: 'Slagerij' }).returning();
    if (!org || !other) throw new Error('no organisations');
    const one = mail({ organizationId: org.id, reference: 'invitation:c1' });
    const two = mail({ organizationId: org.id, reference: 'invitation:c2' });
    const reminder = mail({ organizationId: org.id, reference: 'reminder:c2:1' });
    const elsewhere = mail({ organizationId: other.id, reference: 'invitation:c3' });
    for (const each of [one, two, reminder, elsewhere]) await outbox.enqueue(db, each);
    await db.update(mailOutbox).set({ state: 'sent' }).where(eq(mailOutbox.reference, two.reference));

    expect(await outbox.cancel(db, { reference: one.reference })).toBe(1);
    expect(await outbox.cancel(db, { reference: one.reference })).toBe(0);
    expect(await outbox.cancel(db, { organizationId: org.id, referencePrefix: 'invitation:' })).toBe(0);
    expect(await outbox.cancel(db, { organizationId: org.id })).toBe(1);

    expect(await outbox.status(db, one.reference)).toMatchObject({
      state: 'cancelled',
      lastError: CANCELLED_MESSAGE,
    });
    expect((await rowOf(two.reference)).state).toBe('sent');
    expect((await rowOf(reminder.reference)).state).toBe('cancelled');
    expect((await rowOf(elsewhere.reference)).state).toBe('queued');
    expect(await outbox.status(db, elsewhere.reference, org.id)).toBeNull();
    expect(await outbox.status(db, elsewhere.reference, other.id)).toMatchObject({ state: 'queued' });

    await db.delete(organizations).where(eq(organizations.id, other.id));
    expect(await outbox.status(db, elsewhere.reference)).toBeNull();
  });

  it('should keep a cancelled mail from being sent after a worker claimed it', async () => {
    await db.update(mailOutbox).set({ state: 'cancelled' }).where(eq(mailOutbox.state, 'queued'));
    const planned = mail();
    await outbox.enqueue(db, planned);
    const [row] = await claimDue(db, 'w:1', 10, 60_000);
    if (!row) throw new Error('nothing claimed');
    expect(row.reference).toBe(planned.reference);

    expect(await outbox.cancel(db, { reference: planned.reference })).toBe(1);
    expect(await startAttempt(db, { token: 'w:1', row }, 60_000)).toBeNull();
    expect(await rowOf(planned.reference)).toMatchObject({ state: 'cancelled', attempts: 0 });
  });

  it('should let one claim take a row: a second claim and a stale token get nothing', async () => {
    const planned = mail();
    await outbox.enqueue(db, planned);
    const first = await claimDue(db, 'a:1', 10, 60_000);
    const second = await claimDue(db, 'b:1', 10, 60_000);
    const row = first.find((each) => each.reference === planned.reference);
    if (!row) throw new Error('not claimed');

    expect(second.map((each) => each.reference)).not.toContain(planned.reference);
    expect(await startAttempt(db, { token: 'b:1', row }, 60_000)).toBeNull();
    expect(await startAttempt(db, { token: 'a:1', row }, 60_000)).toBe(1);
  });

  it('should give back rows whose lease ran out, and fail one that used up its attempts that way', async () => {
    await db.update(mailOutbox).set({ state: 'cancelled' }).where(eq(mailOutbox.state, 'queued'));
    const interrupted = mail();
    const poisoned = mail();
    await outbox.enqueue(db, interrupted);
    await outbox.enqueue(db, poisoned);
    await db.update(mailOutbox).set({ attempts: 8 }).where(eq(mailOutbox.reference, poisoned.reference));
    const rows = await claimDue(db, 'dood:1', 10, 1);
    expect(rows).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(await releaseExpiredLeases(db, 8)).toBe(2);
    expect(await rowOf(interrupted.reference)).toMatchObject({
      state: 'queued',
      lastError: INTERRUPTED_MESSAGE,
      leaseUntil: null,
    });
    expect(await rowOf(poisoned.reference)).toMatchObject({
      state: 'failed',
      lastError: INTERRUPTED_FINAL_MESSAGE,
    });
  });

  it('should claim no more than asked, oldest planned first, with every column of the row', async () => {
    await db.update(mailOutbox).set({ state: 'cancelled' }).where(eq(mailOutbox.state, 'queued'));
    const planned = [mail(), mail(), mail({ notBefore: new Date(Date.now() - 60_000) }), mail()];
    for (const each of planned) await outbox.enqueue(db, { ...each, headers: { 'X-Nr': each.reference } });
    const rows = await claimDue(db, 'w:3', 2, 60_000);

    expect(rows.map((row) => row.reference)).toEqual([planned[2]?.reference, planned[0]?.reference]);
    expect(rows[0]).toEqual({
      ...(await rowOf(planned[2]?.reference ?? '')),
      state: 'sending',
      claimedBy: 'w:3',
      headers: { 'X-Nr': planned[2]?.reference },
    });
    expect(await db.$count(mailOutbox, eq(mailOutbox.claimedBy, 'w:3'))).toBe(2);
  });

  it('should not claim a mail before its planned time', async () => {
    await db.update(mailOutbox).set({ state: 'cancelled' }).where(eq(mailOutbox.state, 'queued'));
    const later = mail({ notBefore: new Date(Date.now() + 3_600_000) });
    const now = mail({ notBefore: new Date(Date.now() - 1000) });
    await outbox.enqueue(db, later);
    await outbox.enqueue(db, now);
    const rows = await claimDue(db, 'w:2', 10, 60_000);
    expect(rows.map((row) => row.reference)).toEqual([now.reference]);
  });

  it('should take the Message-ID domain from MAIL_FROM', () => {
    expect(messageIdDomain('Loop <no-reply@Loop.Voorbeeld.nl>')).toBe('loop.voorbeeld.nl');
    expect(messageIdDomain('no-reply@loop.nl')).toBe('loop.nl');
    expect(messageIdDomain('Loop')).toBe('loop.local');
  });

  it('should blank erased mails, cancel the unsent, and write no reply into one erased mid-send', async () => {
    const [org] = await db.insert(organizations).values({ name: 'Wisserij' }).returning();
    const erase = (...references: string[]) =>
      eraseMail(
        db,
        org!.id,
        sql`select unnest(${sql`array[${sql.join(
          references.map((reference) => sql`${reference}`),
          sql`, `,
        )}]::text[]`})`,
        'Het contact is verwijderd.',
      );
    const [queued, failed, sent, sending, retrying, kept] = Array.from({ length: 6 }, () =>
      mail({
        organizationId: org!.id,
        headers: { 'List-Unsubscribe': '<https://loop.test/x>' },
        notBefore: new Date(Date.now() + 3_600_000),
      }),
    ) as [ReturnType<typeof mail>, ...ReturnType<typeof mail>[]];
    for (const each of [queued, failed, sent, sending, retrying, kept]) await outbox.enqueue(db, each!);
    const claimOf = async (reference: string, token: string) => {
      const row = await rowOf(reference);
      await db
        .update(mailOutbox)
        .set({ notBefore: new Date(0) })
        .where(eq(mailOutbox.id, row.id));
      const [claimed] = (await claimDue(db, token, 1, 60_000)).filter((each) => each.id === row.id);
      return { token, row: claimed! };
    };
    const failing = await claimOf(failed!.reference, 'erase-test:1');
    await markFailed(db, failing, 'Geweigerd door de mailserver: 550 <x@y.nl>', '550 <x@y.nl>');
    const sending1 = await claimOf(sent!.reference, 'erase-test:2');
    await markSent(db, sending1, '250 ok <x@y.nl>');
    // Claimed, their SMTP conversation under way while the erase comes.
    const inFlight = await claimOf(sending!.reference, 'erase-test:3');
    const inRetry = await claimOf(retrying!.reference, 'erase-test:4');

    expect(
      await erase(
        queued!.reference,
        failed!.reference,
        sent!.reference,
        sending!.reference,
        retrying!.reference,
      ),
    ).toBe(5);
    await markFailed(db, inFlight, 'Geweigerd: 550 <x@y.nl>', '550 <x@y.nl>');
    await markRetry(db, inRetry, 1000, 'Poging 1 mislukt: 451 <x@y.nl>', '451 <x@y.nl>');

    const blank = { recipient: '', subject: '', html: '', text: '', headers: {}, smtpResponse: null };
    expect(await rowOf(queued!.reference)).toMatchObject({
      ...blank,
      state: 'cancelled',
      lastError: 'Het contact is verwijderd.',
    });
    expect(await rowOf(failed!.reference)).toMatchObject({
      ...blank,
      state: 'failed',
      lastError: ERASED_FAILURE,
    });
    expect(await rowOf(sent!.reference)).toMatchObject({ ...blank, state: 'sent', lastError: null });
    expect(await rowOf(sending!.reference)).toMatchObject({
      ...blank,
      state: 'failed',
      lastError: ERASED_FAILURE,
    });
    expect(await rowOf(retrying!.reference)).toMatchObject({
      ...blank,
      state: 'cancelled',
      lastError: 'Het contact is verwijderd.',
    });
    expect(await rowOf(kept!.reference)).toMatchObject({ recipient: kept!.to, state: 'queued' });
  });
});
