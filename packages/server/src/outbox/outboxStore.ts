import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { mailOutbox, type OutboxRow, type OutboxState } from '../db/schema';
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

/** Which queued mails to cancel: one reference, or an organisation's (optionally one purpose's). */
export type CancelFilter =
  | { readonly reference: string }
  | { readonly organizationId: number; readonly referencePrefix?: string };

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
  const inserted = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        organizationId: mail.organizationId ?? null,
        reference: mail.reference,
        kind: mail.kind,
        recipient: mail.to,
        fromName: mail.fromName ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { ...mail.headers },
        messageId: `<${randomUUID()}@${options.messageIdDomain}>`,
        notBefore: mail.notBefore ?? sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.reference })
    .returning({ id: mailOutbox.id });
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
      : and(
          eq(mailOutbox.organizationId, filter.organizationId),
          filter.referencePrefix === undefined
            ? undefined
            : like(mailOutbox.reference, `${filter.referencePrefix.replace(/[\\%_]/g, '\\$&')}%`),
        );
  const cancelled = await db
    .update(mailOutbox)
    .set({ state: 'cancelled', lastError: CANCELLED_MESSAGE, leaseUntil: null })
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

/** A value for a claim's final write, or `erased` when the row was erased meanwhile (`eraseMail`). */
const erasedOr = (value: unknown, erased: unknown): SQL =>
  sql`case when ${mailOutbox.recipient} = '' then ${erased} else ${value} end`;

/** The columns that tell how far a mail got. */
const progress = {
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

/**
 * One claimed row: `token` (the worker's id and the number of its claim) is in `claimed_by` and
 * fences every later write, so a worker whose lease ran out can no longer change the row.
 */
export interface Claim {
  readonly token: string;
  readonly row: OutboxRow;
}

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/**
 * Claims up to `limit` due mails under `token` until now + `leaseMs` ('sending'). `skip locked`
 * lets several workers (other instances) claim side by side without waiting for or taking each
 * other's rows. The update commits at once: the lease, not an open transaction, keeps other
 * workers off the row while it is sent.
 */
export async function claimDue(
  db: Queryable,
  token: string,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  // A materialised CTE, not `id in (select … limit n for update skip locked)`: PostgreSQL may run
  // such a subquery more than once in the update's plan and so claim more than `limit` rows.
  const rows = await queryRows<RawRow>(
    db,
    sql`with due as materialized (
        select id from mail_outbox
        where state = 'queued' and not_before <= now()
        order by not_before, id
        limit ${limit}
        for update skip locked
      )
      update mail_outbox set state = 'sending', claimed_by = ${token}, lease_until = now() + ${ms(leaseMs)}
      from due
      where mail_outbox.id = due.id and mail_outbox.state = 'queued'
      returning mail_outbox.*`,
  );
  return rows.map(rowOf).sort((a, b) => a.notBefore.getTime() - b.notBefore.getTime() || a.id - b.id);
}

/** A row as `returning mail_outbox.*` gives it (driver-dependent numbers and times). */
interface RawRow {
  readonly id: number | string;
  readonly organization_id: number | null;
  readonly reference: string;
  readonly kind: MailKind;
  readonly recipient: string;
  readonly from_name: string | null;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly headers: Record<string, string> | string;
  readonly message_id: string;
  readonly state: OutboxState;
  readonly attempts: number;
  readonly not_before: Date | string;
  readonly lease_until: Date | string | null;
  readonly claimed_by: string | null;
  readonly sent_at: Date | string | null;
  readonly last_error: string | null;
  readonly smtp_response: string | null;
  readonly created_at: Date | string;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const maybeDate = (value: Date | string | null) => (value === null ? null : date(value));

function rowOf(raw: RawRow): OutboxRow {
  return {
    id: Number(raw.id),
    organizationId: raw.organization_id,
    reference: raw.reference,
    kind: raw.kind,
    recipient: raw.recipient,
    fromName: raw.from_name,
    subject: raw.subject,
    html: raw.html,
    text: raw.text,
    headers:
      typeof raw.headers === 'string' ? (JSON.parse(raw.headers) as Record<string, string>) : raw.headers,
    messageId: raw.message_id,
    state: raw.state,
    attempts: Number(raw.attempts),
    notBefore: date(raw.not_before),
    leaseUntil: maybeDate(raw.lease_until),
    claimedBy: raw.claimed_by,
    sentAt: maybeDate(raw.sent_at),
    lastError: raw.last_error,
    smtpResponse: raw.smtp_response,
    createdAt: date(raw.created_at),
  };
}

export const INTERRUPTED_MESSAGE =
  'Verzending onderbroken: de verzender stopte tijdens het versturen. De e-mail gaat opnieuw mee.';
export const INTERRUPTED_FINAL_MESSAGE =
  'Verzending steeds onderbroken: de verzender stopte telkens tijdens het versturen. Niet verstuurd.';

/**
 * Gives 'sending' rows whose lease ran out (their worker died or hangs) back to the queue, due at
 * once; a row that used up its attempts that way fails (a mail that kills its sender every time
 * must not go round for ever). Answers how many were released.
 */
export async function releaseExpiredLeases(db: Queryable, maxAttempts: number): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({
      state: sql`case when ${mailOutbox.attempts} >= ${maxAttempts} then 'failed' else 'queued' end`,
      lastError: sql`case when ${mailOutbox.attempts} >= ${maxAttempts}
        then ${INTERRUPTED_FINAL_MESSAGE} else ${INTERRUPTED_MESSAGE} end`,
      leaseUntil: null,
    })
    .where(and(eq(mailOutbox.state, 'sending'), lt(mailOutbox.leaseUntil, sql`now()`)))
    .returning({ id: mailOutbox.id });
  return released.length;
}

const fence = (claim: Claim) => and(eq(mailOutbox.id, claim.row.id), eq(mailOutbox.claimedBy, claim.token));

/**
 * Just before the SMTP conversation: is the row still this claim's and not cancelled? Counts the
 * attempt and renews the lease for this one send, so a long batch never outlives its claim.
 * Null: leave the mail alone. Else the attempt's number.
 *
 * This commit does not wait for the disk (`synchronous_commit` off for this statement's own
 * transaction): only a crash of PostgreSQL itself could lose it, and then the row is merely one
 * attempt short. The write that must be durable is 'sent' (markSent), and it waits.
 */
export async function startAttempt(db: Queryable, claim: Claim, leaseMs: number): Promise<number | null> {
  const [row] = await queryRows<{ attempts: number }>(
    db,
    sql`update mail_outbox set attempts = attempts + 1, lease_until = now() + ${ms(leaseMs)}
      from (select set_config('synchronous_commit', 'off', true)) as no_wait
      where id = ${claim.row.id} and claimed_by = ${claim.token} and state = 'sending'
      returning attempts`,
  );
  return row === undefined ? null : Number(row.attempts);
}

/** A clean stop: the claimed rows not yet attempted go back to the queue as they were. */
export async function releaseClaim(db: Queryable, token: string): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({ state: 'queued', claimedBy: null, leaseUntil: null })
    .where(and(eq(mailOutbox.claimedBy, token), eq(mailOutbox.state, 'sending')))
    .returning({ id: mailOutbox.id });
  return released.length;
}

/** What a final write changed, for the hooks (the rest of the row is the claim's). */
const outcome = { ...progress, leaseUntil: mailOutbox.leaseUntil };
type Outcome = Pick<OutboxRow, keyof typeof outcome>;

/** The final write of a claim: `set` on the row if the claim still holds it, null if not. */
async function finishClaim(
  db: Queryable,
  claim: Claim,
  set: Partial<Record<keyof typeof outcome, unknown>>,
): Promise<Outcome | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ ...set, leaseUntil: null } as Partial<OutboxRow>)
    .where(fence(claim))
    .returning(outcome);
  return row ?? null;
}

/**
 * The SMTP server accepted the mail: 'sent', one statement right after its reply. Fenced on the
 * claim, not on the state: a cancel that came during the conversation loses to the truth. Null:
 * another worker took the row over (this claim's lease had run out). `feature`, a feature's own
 * write for the sent mail (`OutboxHooks.sentStatement`), runs in the same statement as a
 * data-modifying CTE: it commits with 'sent' or not at all, in the same single round trip.
 */
export async function markSent(
  db: Queryable,
  claim: Claim,
  response: string | null,
  feature: SQL | null = null,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`${feature === null ? sql`` : sql`with feature as (${feature}) `}update mail_outbox
      set state = 'sent', sent_at = now(), smtp_response = ${erasedOr(sql`${response}::text`, sql`null::text`)}, last_error = null, lease_until = null
      where id = ${claim.row.id} and claimed_by = ${claim.token}
      returning id`,
  );
  return rows.length > 0;
}

/** A feature's check just before sending said no (`beforeSend`): 'cancelled' with its reason. */
export async function markCancelled(db: Queryable, claim: Claim, reason: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ state: 'cancelled', lastError: reason, leaseUntil: null })
    .where(and(fence(claim), eq(mailOutbox.state, 'sending')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** A temporary failure: queued again, due after `delayMs`. */
export const markRetry = (
  db: Queryable,
  claim: Claim,
  delayMs: number,
  error: string,
  response: string | null,
) =>
  finishClaim(db, claim, {
    // An erased mail is not tried again: it has no address any more.
    state: erasedOr(sql`'queued'`, sql`'cancelled'`),
    notBefore: sql`now() + ${ms(delayMs)}`,
    lastError: erasedOr(sql`${error}::text`, sql`${mailOutbox.lastError}`),
    smtpResponse: erasedOr(sql`${response}::text`, sql`null::text`),
  });

/** A permanent failure (or the last attempt): 'failed' with the reason. */
export const markFailed = (db: Queryable, claim: Claim, error: string, response: string | null) =>
  finishClaim(db, claim, {
    state: 'failed',
    lastError: erasedOr(sql`${error}::text`, sql`${ERASED_FAILURE}::text`),
    smtpResponse: erasedOr(sql`${response}::text`, sql`null::text`),
  });
