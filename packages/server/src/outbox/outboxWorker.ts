import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { heartbeatEveryMs, LEASE_MS, startHeartbeat } from '../cluster/leaseHeartbeat';
import type { Database, Transaction } from '../db/database';
import type { OutboxRow } from '../db/schema';
import type { JobOutput } from '../housekeeping/periodicJob';
import type { Mailer, MailMessage } from '../mail/mailer';
import { backoffMs, classifyFailure, failureMessage } from './deliveryFailure';
import {
  type Claim,
  claimDue,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  releaseClaim,
  releaseExpiredLeases,
  renewLeases,
  startAttempt,
} from './outboxClaims';

/**
 * What features do with a mail of theirs on its way out (an invitation's personal link, its
 * delivery status). The writes at the end commit with the row's final state: a 'sent' that rolled
 * back would send the mail again, so a feature's write that fails is logged and the state is written
 * without it. They sit in the window between the SMTP server's reply and our commit: keep them to
 * one short statement.
 */
export interface OutboxHooks {
  /**
   * Just before a claimed mail goes to the SMTP server: whether it still goes (the reason for it may
   * be gone since it was queued) and, optionally, its final html and text (a feature that keeps a
   * secret out of the stored copy fills it in here). It gets the database, not a transaction: a
   * check is one read, and a lock would be released before the send anyway (a cancel that comes
   * after the check still stops the send: the attempt is fenced on the row's state). 'No' cancels
   * the row with the reason, and runs the decision's `cancel` in that same transaction. A hook that
   * throws puts the mail back in the queue for a later attempt.
   */
  beforeSend?(row: OutboxRow, db: Database): Promise<SendDecision>;
  /**
   * The feature's write for a sent mail as one SQL statement (an update, say), or null for none.
   * The outbox runs it inside its own write of 'sent' (a data-modifying CTE: one statement, one
   * round trip, the same `now()`), also when this worker's claim had run out (the mail did go).
   */
  sentStatement?(row: OutboxRow): SQL | readonly SQL[] | null;
  /**
   * The feature's writes for a mail that failed for good, in the transaction that writes 'failed',
   * inside a savepoint (a failure is rare: its window does not matter).
   */
  onFailed?(row: OutboxRow, tx: Transaction): Promise<void>;
}

/**
 * What `beforeSend` decides: send (as stored, or with this html and text), or cancel with a reason
 * (and the feature's own writes for that, in the transaction that cancels the row).
 */
export type SendDecision =
  | { readonly send: true; readonly html?: string; readonly text?: string }
  | { readonly send: false; readonly reason: string; readonly cancel?: (tx: Transaction) => Promise<void> };

const HOOK_FAILED = 'Outbox: een hook na verzending faalde';

export const BEFORE_SEND_FAILED = 'De controle vlak voor verzending mislukte; de e-mail gaat later opnieuw.';

export interface OutboxWorkerOptions {
  /** OUTBOX_RATE_PER_MINUTE: mails per minute from this process; null: as fast as they go. */
  readonly ratePerMinute: number | null;
  /** Sends in flight at once (each lane claims and sends its own batch). */
  readonly concurrency: number;
  /** Rows per claim (fewer under a low rate: about one second's worth). */
  readonly batchSize: number;
  /**
   * OUTBOX_LEASE_SECONDS: how long a claimed row stays this worker's without a heartbeat; the
   * heartbeat renews it while the worker lives (R-CLUSTER-5), so a crashed worker's rows go to
   * another within about this time.
   */
  readonly leaseMs: number;
  /** The heartbeat renews a claim for at most this long: a send that hangs longer loses its rows. */
  readonly maxHoldMs: number;
  /** Attempts before a temporary failure becomes 'failed'. */
  readonly maxAttempts: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  /** How often an idle worker looks for due mails (and for leases that ran out). */
  readonly pollMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  ratePerMinute: 600,
  concurrency: 4,
  batchSize: 50,
  leaseMs: LEASE_MS,
  maxHoldMs: 300_000,
  maxAttempts: 8,
  backoffBaseMs: 60_000,
  backoffMaxMs: 3_600_000,
  pollMs: 1_000,
};

/** Where a send is; the test seam `probe` is called at each (a kill -9 test stops the process there). */
export type OutboxProbePoint = 'claimed' | 'accepted' | 'committed';

export interface OutboxWorkerDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly output: JobOutput;
  readonly hooks?: OutboxHooks;
  readonly probe?: (point: OutboxProbePoint, row: OutboxRow) => void;
}

/** Counters since start; `windowUs` holds, per sent mail, the µs from the SMTP reply to our commit. */
export interface OutboxWorkerStats {
  sent: number;
  retried: number;
  failed: number;
  /** Rows whose claim was lost before the final write (lease ran out, another worker took over). */
  lostClaims: number;
  readonly windowUs: number[];
}

export interface OutboxWorker {
  readonly id: string;
  readonly stats: OutboxWorkerStats;
  /** Look for due mails now (after an enqueue in this process). */
  wake(): void;
  /** Finishes the sends in flight, gives the rest of its claims back, and stops. */
  stop(): Promise<void>;
}

const WINDOW_SAMPLES = 200_000;

/** The mail a row stands for, with its headers and fixed Message-ID. */
export const outboxMessage = (
  row: Pick<OutboxRow, 'recipient' | 'subject' | 'text' | 'html' | 'kind' | 'headers' | 'messageId'> &
    Partial<Pick<OutboxRow, 'fromName'>>,
): MailMessage => ({
  to: row.recipient,
  fromName: row.fromName ?? null,
  subject: row.subject,
  text: row.text,
  html: row.html,
  kind: row.kind,
  link: null,
  headers: row.headers,
  messageId: row.messageId,
});

/**
 * Sends the outbox: `concurrency` lanes claim due rows (lease, skip locked), send each through the
 * mailer with its own headers and Message-ID, and write the outcome right after the SMTP reply.
 * Safe beside other instances on one PostgreSQL, and on PGlite's one connection. The rate limit
 * spaces sends evenly (no bursts) across the lanes of this process.
 */
export function startOutboxWorker(
  deps: OutboxWorkerDeps,
  overrides: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...overrides };
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const stats: OutboxWorkerStats = { sent: 0, retried: 0, failed: 0, lostClaims: 0, windowUs: [] };
  const interval = options.ratePerMinute === null ? 0 : 60_000 / options.ratePerMinute;
  const claimSize =
    options.ratePerMinute === null
      ? options.batchSize
      : Math.max(1, Math.min(options.batchSize, Math.ceil(options.ratePerMinute / 60 / options.concurrency)));
  let stopping = false;
  let claims = 0;
  let nextSlot = 0;
  let lastSweep = 0;
  // Idle lanes wake on `wake` and `stop`; a lane waiting for its rate slot only on `stop`.
  const idle = new Set<() => void>();
  const throttled = new Set<() => void>();
  // The claims in hand and when each was made, for the heartbeat.
  const held = new Map<string, number>();
  const heartbeat = startHeartbeat(
    () => {
      const now = performance.now();
      const live = [...held].filter(([, since]) => now - since < options.maxHoldMs).map(([token]) => token);
      return renewLeases(deps.db, live, options.leaseMs);
    },
    heartbeatEveryMs(options.leaseMs),
    (error) => deps.output.error({ err: error }, 'Outbox: lease verlengen mislukt; straks opnieuw'),
  );

  const sleep = (delay: number, sleepers: Set<() => void>) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, delay);
      sleepers.add(done);
    });
  const wake = (sleepers: Set<() => void>) => {
    for (const done of [...sleepers]) done();
  };

  /** Waits for this process's next send slot under the rate limit. */
  const throttle = async () => {
    if (interval === 0) return;
    const now = performance.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + interval;
    if (slot > now) await sleep(slot - now, throttled);
  };

  /** The final write, with the hook in a savepoint of the same transaction. */
  const finish = async <T extends Partial<OutboxRow>>(
    write: (db: Database | Transaction) => Promise<T | null>,
    claim: Claim,
    hook: OutboxHooks['onFailed'],
  ): Promise<T | null> => {
    if (hook === undefined) return write(deps.db);
    return deps.db.transaction(async (tx) => {
      const outcome = await write(tx);
      if (outcome === null) return null;
      try {
        await tx.transaction((savepoint) => hook({ ...claim.row, ...outcome }, savepoint));
      } catch (error) {
        deps.output.error({ err: error, mail: claim.row.reference }, HOOK_FAILED);
      }
      return outcome;
    });
  };

  /** The feature's last word on a claimed mail (`beforeSend`); null: do not send it now. */
  const decide = async (claim: Claim): Promise<OutboxRow | null> => {
    const hook = deps.hooks?.beforeSend;
    if (hook === undefined) return claim.row;
    try {
      const decision = await hook(claim.row, deps.db);
      if (decision.send) {
        return { ...claim.row, html: decision.html ?? claim.row.html, text: decision.text ?? claim.row.text };
      }
      await deps.db.transaction(async (tx) => {
        if (await markCancelled(tx, claim, decision.reason)) await decision.cancel?.(tx);
      });
      return null;
    } catch (error) {
      deps.output.error({ err: error, mail: claim.row.reference }, 'Outbox: controle vóór verzending faalde');
      await markRetry(deps.db, claim, options.backoffBaseMs, BEFORE_SEND_FAILED, null);
      return null;
    }
  };

  /** 'sent', with the feature's statement in the same one; if that fails, 'sent' alone. */
  const markSentWithFeature = async (claim: Claim, response: string | null): Promise<boolean> => {
    const feature = deps.hooks?.sentStatement?.(claim.row) ?? null;
    if (feature === null) return markSent(deps.db, claim, response);
    try {
      return await markSent(deps.db, claim, response, feature);
    } catch (error) {
      deps.output.error({ err: error, mail: claim.row.reference }, HOOK_FAILED);
      return markSent(deps.db, claim, response);
    }
  };

  const sendOne = async (claim: Claim): Promise<void> => {
    await throttle();
    if (stopping) return;
    const row = await decide(claim);
    if (row === null) return;
    const attempt = await startAttempt(deps.db, claim, options.leaseMs);
    if (attempt === null) return; // cancelled, or no longer ours
    let response: string | null;
    try {
      const receipt = await deps.mailer.send(outboxMessage(row));
      response = receipt.response;
    } catch (error) {
      await recordFailure(claim, attempt, error);
      return;
    }
    const accepted = performance.now();
    deps.probe?.('accepted', claim.row);
    const marked = await markSentWithFeature(claim, response);
    const committed = performance.now();
    deps.probe?.('committed', claim.row);
    if (!marked) {
      stats.lostClaims += 1;
      deps.output.error(
        { mail: claim.row.reference, messageId: claim.row.messageId },
        'Outbox: verstuurd, maar de claim was verlopen; een andere verzender kan hem ook sturen',
      );
      return;
    }
    stats.sent += 1;
    if (stats.windowUs.length < WINDOW_SAMPLES)
      stats.windowUs.push(Math.round((committed - accepted) * 1000));
  };

  const recordFailure = async (claim: Claim, attempt: number, error: unknown) => {
    const failure = classifyFailure(error);
    const last = failure.permanent || attempt >= options.maxAttempts;
    const delay = last ? null : backoffMs(attempt, options.backoffBaseMs, options.backoffMaxMs);
    const message = failureMessage(failure, attempt, options.maxAttempts, delay);
    if (delay === null) {
      const outcome = await finish(
        (db) => markFailed(db, claim, message, failure.reply),
        claim,
        deps.hooks?.onFailed,
      );
      if (outcome !== null) stats.failed += 1;
      // The reason (the SMTP server's reply often names the address) stays with the row, which the
      // AVG erase blanks; the server's own output, which no erase reaches, gets the code only.
      deps.output.error(
        { mail: claim.row.reference, smtpCode: failure.code, permanent: failure.permanent },
        'Outbox: e-mail niet verstuurd (de reden staat bij de e-mail)',
      );
    } else {
      const outcome = await markRetry(deps.db, claim, delay, message, failure.reply);
      if (outcome !== null) stats.retried += 1;
    }
  };

  const lane = async (index: number): Promise<void> => {
    while (!stopping) {
      let claimed = 0;
      try {
        if (index === 0 && performance.now() - lastSweep >= options.pollMs) {
          lastSweep = performance.now();
          const released = await releaseExpiredLeases(deps.db, options.maxAttempts);
          if (released > 0) {
            deps.output.info({ released }, `Outbox: ${released} onderbroken e-mail(s) opnieuw ingepland`);
          }
        }
        claims += 1;
        const token = `${id}:${claims}`;
        held.set(token, performance.now());
        try {
          const rows = await claimDue(deps.db, token, claimSize, options.leaseMs);
          claimed = rows.length;
          if (rows[0]) deps.probe?.('claimed', rows[0]);
          for (const row of rows) {
            if (stopping) break;
            await sendOne({ token, row });
          }
          if (stopping && rows.length > 0) await releaseClaim(deps.db, token);
        } finally {
          held.delete(token);
        }
      } catch (error) {
        deps.output.error({ err: error }, 'Outbox: verzenden onderbroken door een fout; straks opnieuw');
        claimed = 0;
      }
      if (claimed < claimSize && !stopping) await sleep(options.pollMs, idle);
    }
  };

  const lanes = Array.from({ length: options.concurrency }, (_, index) => lane(index));
  return {
    id,
    stats,
    wake: () => wake(idle),
    async stop() {
      stopping = true;
      wake(idle);
      wake(throttled);
      await Promise.all(lanes);
      heartbeat.stop();
    },
  };
}
