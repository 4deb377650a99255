import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { mailOutbox, type OutboxRow, type OutboxState } from '../db/schema';
import type { MailKind } from '../mail/mailer';
import { queryRows } from '../results/resultsSql';
import { ERASED_FAILURE, progress } from './outboxStore';

/** The outbox worker's side of the queue: claiming due mails, leases and each attempt's final write. */

/** A value for a claim's final write, or `erased` when the row was erased meanwhile (`eraseMail`). */
const erasedOr = (value: unknown, erased: unknown): SQL =>
  sql`case when ${mailOutbox.recipient} = '' then ${erased} else ${value} end`;
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

/**
 * The heartbeat of a live worker (R-CLUSTER-5): its claims' leases run `leaseMs` from now again, so
 * only the claims of a worker that stopped beating (crashed) run out. Answers the rows renewed.
 */
export async function renewLeases(
  db: Queryable,
  tokens: readonly string[],
  leaseMs: number,
): Promise<number> {
  if (tokens.length === 0) return 0;
  const renewed = await db
    .update(mailOutbox)
    .set({ leaseUntil: sql`now() + ${ms(leaseMs)}` })
    .where(and(inArray(mailOutbox.claimedBy, [...tokens]), eq(mailOutbox.state, 'sending')))
    .returning({ id: mailOutbox.id });
  return renewed.length;
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
  feature: SQL | readonly SQL[] | null = null,
): Promise<boolean> {
  const features = feature === null ? [] : Array.isArray(feature) ? feature : [feature as SQL];
  const steps = features.map(
    (step, index) => sql`${sql.raw(`feature${index === 0 ? '' : index}`)} as (${step})`,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`${steps.length === 0 ? sql`` : sql`with ${sql.join(steps, sql`, `)} `}update mail_outbox
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
