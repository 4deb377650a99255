import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { mailOutbox, type OutboxState } from '../db/schema';
import type { MailKind } from '../mail/mailer';
import { queryRows } from '../results/resultsSql';

/** One mail for the outbox, as the feature that decides on it writes it. */
export interface OutboxMail {
  /**
   * `<purpose>:<what>` ('invitation:123', 'reminder:123:2'): the idempotency key. Enqueueing a
   * reference that is already in the outbox changes nothing, whatever the state of that row.
   */
  readonly reference: string;
  /** The organisation the mail belongs to; its deletion deletes the row. */
  readonly organizationId?: number | null;
  readonly kind: MailKind;
  readonly to: string;
  /** The sender's display name ('<organisation> via Loop') on MAIL_FROM's address; omitted: MAIL_FROM. */
  readonly fromName?: string | null;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The planned moment; omitted or null: as soon as possible. */
  readonly notBefore?: Date | null;
}

export interface Enqueued {
  readonly id: number;
  readonly messageId: string;
  /** False when the reference was already in the outbox (nothing was written). */
  readonly created: boolean;
}

/** What a screen may show about a mail in the outbox. */
export interface OutboxStatus {
  readonly reference: string;
  readonly state: OutboxState;
  readonly attempts: number;
  readonly notBefore: Date;
  readonly sentAt: Date | null;
  /** Our Dutch explanation, with the SMTP server's reply as received. */
  readonly lastError: string | null;
  readonly smtpResponse: string | null;
  readonly messageId: string;
}

/**
 * Which queued mails to cancel: one reference, an organisation's (optionally one purpose's), or an
 * organisation's whose reference a query answers (`references`, one text column), with the reason
 * the row keeps (default `CANCELLED_MESSAGE`).
 */
export type CancelFilter =
  | { readonly reference: string }
  | { readonly organizationId: number; readonly referencePrefix?: string }
  | { readonly organizationId: number; readonly references: SQL; readonly reason: string };

const REFERENCE = /^[a-z][a-z0-9-]{0,39}:\S{1,200}$/;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,75}$/;
/** Headers the mailer writes itself; an extra header of these names would make a second one. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'x-loop-mail',
]);
const hasLineBreak = (value: string) => /[\r\n]/.test(value);

/** The mail as the outbox would store it, or the reason it cannot (a programming error). */
function checkMail(mail: OutboxMail): void {
  if (!REFERENCE.test(mail.reference)) {
    throw new Error(`Outbox reference must look like 'purpose:id', got ${JSON.stringify(mail.reference)}`);
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(mail.to) || mail.to.length > 254) {
    throw new Error(`Outbox recipient is not an address: ${JSON.stringify(mail.to)}`);
  }
  if (hasLineBreak(mail.subject)) throw new Error('Outbox subject contains a line break');
  if (mail.fromName != null && (hasLineBreak(mail.fromName) || mail.fromName.length > 200))
    throw new Error('Outbox sender name has a line break or is too long');
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new Error(`Outbox header name not allowed: ${JSON.stringify(name)}`);
    }
    if (hasLineBreak(value) || value.length > 900) {
      throw new Error(`Outbox header ${name} has a line break or is too long`);
    }
  }
}

/** The domain of the From address ('Loop <no-reply@loop.nl>' → 'loop.nl'), for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9.-]+$/.test(domain) ? domain : 'loop.local';
}

/**
 * Puts a mail in the outbox, in the caller's transaction (pass `tx`): it is sent only if that
 * transaction commits, and at most once per reference. The Message-ID is fixed here, so every
 * attempt (and the rare resend after a crash) carries the same one.
 */
export async function enqueueMail(
  db: Queryable,
  mail: OutboxMail,
  options: { readonly messageIdDomain: string },
): Promise<Enqueued> {
  checkMail(mail);
  const messageId = `<${randomUUID()}@${options.messageIdDomain}>`;
  const [inserted] = await db
    .insert(mailOutbox)
    .values({
      organizationId: mail.organizationId ?? null,
      reference: mail.reference,
      kind: mail.kind,
      recipient: mail.to,
      fromName: mail.fromName ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { ...mail.headers },
      messageId,
      ...(mail.notBefore ? { notBefore: mail.notBefore } : {}),
    })
    .onConflictDoNothing({ target: mailOutbox.reference })
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  if (inserted) return { ...inserted, created: true };
  const [existing] = await db
    .select({ id: mailOutbox.id, messageId: mailOutbox.messageId })
    .from(mailOutbox)
    .where(eq(mailOutbox.reference, mail.reference));
  if (!existing) throw new Error(`Outbox row for ${mail.reference} vanished during enqueue`);
  return { ...existing, created: false };
}

/**
 * Many mails in one statement, in the caller's transaction (a mailing to thousands of contacts),
 * with `enqueueMail`'s checks and guarantees: references already in the outbox change nothing.
 * Answers how many were new.
 */
export async function enqueueMails(
  db: Queryable,
  mails: readonly OutboxMail[],
  options: { readonly messageIdDomain: string },
): Promise<number> {
  if (mails.length === 0) return 0;
  for (const mail of mails) checkMail(mail);
  // One JSON parameter for the whole batch: drizzle's builder spent seconds on 11 parameters a row
  // for a send of 10,000 (the round benchmark's profile); PostgreSQL reads the records in one go.
  const rows = mails.map((mail) => ({
    o: mail.organizationId ?? null,
    r: mail.reference,
    k: mail.kind,
    t: mail.to,
    f: mail.fromName ?? null,
    s: mail.subject,
    h: mail.html,
    x: mail.text,
    d: { ...mail.headers },
    m: `<${randomUUID()}@${options.messageIdDomain}>`,
    n: mail.notBefore?.toISOString() ?? null,
  }));
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`insert into mail_outbox (organization_id, reference, kind, recipient, from_name, subject, html, text,
          headers, message_id, not_before)
        select v.o, v.r, v.k, v.t, v.f, v.s, v.h, v.x, v.d, v.m, coalesce(v.n, now())
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(o integer, r text, k text, t text, f text, s text, h text, x text, d jsonb, m text, n timestamptz)
        on conflict (reference) do nothing
        returning id`,
  );
  return inserted.length;
}

export const CANCELLED_MESSAGE = 'Geannuleerd vóór verzending.';

/**
 * Cancels mails that have not gone out: queued ones (planned or waiting for a retry) and ones a
 * worker has claimed but not yet handed to the SMTP server (the worker checks just before it
 * sends). A mail in the middle of its SMTP conversation cannot be called back; it ends 'sent' or
 * 'failed'. Call it in the transaction that removes the reason for the mail. Answers how many
 * were cancelled.
 */
export async function cancelMail(db: Queryable, filter: CancelFilter): Promise<number> {
  const which: SQL | undefined =
    'reference' in filter
      ? eq(mailOutbox.reference, filter.reference)
      : 'references' in filter
        ? and(
            eq(mailOutbox.organizationId, filter.organizationId),
            // One array, then the reference's unique index, whatever the organisation's outbox holds.
            sql`${mailOutbox.reference} = any(array(${filter.references}))`,
          )
        : and(
            eq(mailOutbox.organizationId, filter.organizationId),
            filter.referencePrefix === undefined
              ? undefined
              : like(mailOutbox.reference, `${filter.referencePrefix.replace(/[\\%_]/g, '\\$&')}%`),
          );
  const reason = 'reason' in filter ? filter.reason : CANCELLED_MESSAGE;
  const cancelled = await db
    .update(mailOutbox)
    .set({ state: 'cancelled', lastError: reason, leaseUntil: null })
    .where(and(which, inArray(mailOutbox.state, ['queued', 'sending'])))
    .returning({ id: mailOutbox.id });
  return cancelled.length;
}

export const ERASED_FAILURE = 'Niet bezorgd; de reden is gewist met de gegevens van de ontvanger (AVG).';

/**
 * The AVG erase of mails (`references`: a query of their references, within the organisation): who
 * they were for and what they said (address, subject, body, headers, the mail server's reply) are
 * blanked, the rest stays (kind, state, attempts, times, the reference as the idempotency key), so
 * the delivery history keeps its counts without naming anyone. Mails not gone out are cancelled
 * with `reason`; a failed one keeps 'failed' with `ERASED_FAILURE` for the server's reply. A mail in
 * the middle of its SMTP conversation ends as it ends, but its outcome writes no reply into the
 * blanked row (`erasedOr`). An empty recipient marks an erased row: an enqueued mail always has an
 * address. Answers how many rows were erased.
 */
export async function eraseMail(
  db: Queryable,
  organizationId: number,
  references: SQL,
  reason: string,
): Promise<number> {
  const erased = await queryRows<{ id: number }>(
    db,
    sql`update mail_outbox set
        state = case when state in ('queued', 'sending') then 'cancelled' else state end,
        last_error = case when state in ('queued', 'sending') then ${reason}::text
          when state = 'failed' then ${ERASED_FAILURE}::text else last_error end,
        lease_until = case when state in ('queued', 'sending') then null else lease_until end,
        recipient = '', subject = '', html = '', text = '', headers = '{}'::jsonb, smtp_response = null
      where organization_id = ${organizationId} and reference in (${references})
      returning id`,
  );
  return erased.length;
}
/** The columns that tell how far a mail got. */
export const progress = {
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  notBefore: mailOutbox.notBefore,
  sentAt: mailOutbox.sentAt,
  lastError: mailOutbox.lastError,
  smtpResponse: mailOutbox.smtpResponse,
};

/** The state of one mail; with `organizationId`, only that organisation's. Null: not in the outbox. */
export async function mailStatus(
  db: Queryable,
  reference: string,
  organizationId?: number,
): Promise<OutboxStatus | null> {
  const [row] = await db
    .select({ reference: mailOutbox.reference, ...progress, messageId: mailOutbox.messageId })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.reference, reference),
        organizationId === undefined ? undefined : eq(mailOutbox.organizationId, organizationId),
      ),
    );
  return row ?? null;
}

// ───────────── The worker's side ─────────────
