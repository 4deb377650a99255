import type { LogLevel } from '@loop/core';
import type { Clock } from '../clock';

/** One row of the application log as the server writes it (metadata only, never personal data). */
export interface LogEntry {
  readonly ts: Date;
  readonly level: LogLevel;
  readonly category: string;
  readonly orgId: number | null;
  readonly action: string;
  /** A route pattern such as `/api/v1/payments/:id`, never a real path; '' when there is none. */
  readonly route: string;
  readonly httpStatus: number | null;
  readonly message: string;
}

/** An audit event: something an admin must be able to find later (logins, plan changes, …). */
export interface AuditEvent {
  readonly category: string;
  readonly action: string;
  readonly message: string;
  readonly orgId?: number | null;
  readonly route?: string;
  /** Defaults to 'audit'; a failed login is audit too, a suspicious event may be 'warning'. */
  readonly level?: LogLevel;
}

/** Where batches of entries go (the database; tests pass one that fails). */
export interface LogSink {
  write(entries: readonly LogEntry[]): Promise<void>;
}

/** The server's own output, where a failing log store must show up. */
export interface LogOutput {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface AppLogOptions {
  /** Longest time an entry waits before it is written. */
  readonly flushIntervalMs?: number;
  /** Entries per INSERT; a full batch is written at once instead of waiting for the interval. */
  readonly maxBatch?: number;
  /** Entries kept while the store is slow or down; beyond this the oldest are dropped (and counted). */
  readonly maxPending?: number;
  /** Times a failed batch is offered to the store again before it is dropped. */
  readonly maxAttempts?: number;
}

export const APP_LOG_DEFAULTS = {
  flushIntervalMs: 250,
  maxBatch: 500,
  maxPending: 50_000,
  maxAttempts: 3,
} as const satisfies Required<AppLogOptions>;

/** Longest text kept in a column: the log is for scanning, not for storing documents. */
const MAX_TEXT = 500;

const clip = (value: string): string =>
  value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;

interface Pending {
  readonly entry: LogEntry;
  attempts: number;
}

/**
 * The application log writer. `record` and `audit` only append to memory and never throw, so a
 * request never waits on the log; entries are written in batches (one INSERT per batch, one batch
 * in flight at a time) after at most `flushIntervalMs`. When the store fails, the request that
 * produced the entry has long succeeded: the failure goes to the server's own output, and the batch
 * is retried a few times before it is dropped.
 */
export class AppLog {
  private readonly options: Required<AppLogOptions>;
  private pending: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> | null = null;
  private dropped = 0;
  private closed = false;

  constructor(
    private readonly deps: { readonly sink: LogSink; readonly clock: Clock; readonly output: LogOutput },
    options: AppLogOptions = {},
  ) {
    this.options = { ...APP_LOG_DEFAULTS, ...options };
  }

  /** Queues one entry; `ts` defaults to now. */
  record(entry: Omit<LogEntry, 'ts'> & { readonly ts?: Date }): void {
    this.enqueue({
      ts: entry.ts ?? this.deps.clock.now(),
      level: entry.level,
      category: clip(entry.category),
      orgId: entry.orgId,
      action: clip(entry.action),
      route: clip(entry.route),
      httpStatus: entry.httpStatus,
      message: clip(entry.message),
    });
  }

  /** Queues an audit event. */
  audit(event: AuditEvent): void {
    this.record({
      level: event.level ?? 'audit',
      category: event.category,
      orgId: event.orgId ?? null,
      action: event.action,
      route: event.route ?? '',
      httpStatus: null,
      message: event.message,
    });
  }

  /** Entries waiting to be written (for tests and the health of the process). */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes everything queued so far (what `close` and tests wait for). */
  async flush(): Promise<void> {
    this.clearTimer();
    // Loop: entries may arrive while a batch is being written, and a failed batch comes back.
    for (let rounds = 0; rounds < 1_000; rounds++) {
      if (this.writing !== null) {
        await this.writing;
        continue;
      }
      if (this.pending.length === 0) return;
      const before = this.pending.length;
      await this.writeBatch();
      if (this.pending.length >= before) return; // the store keeps failing: stop, keep what is left
    }
  }

  /** Writes what is queued and stops accepting entries (entries after close are dropped). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    this.clearTimer();
  }

  private enqueue(entry: LogEntry): void {
    if (this.closed) return;
    this.pending.push({ entry, attempts: 0 });
    if (this.pending.length > this.options.maxPending) {
      this.pending.shift();
      this.dropped += 1;
    }
    if (this.pending.length >= this.options.maxBatch) this.schedule(0);
    else this.schedule(this.options.flushIntervalMs);
  }

  private schedule(delayMs: number): void {
    if (this.writing !== null) return; // the running write schedules the next one
    if (this.timer !== null) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.writeBatch();
    }, delayMs);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private writeBatch(): Promise<void> {
    if (this.writing !== null) return this.writing;
    const batch = this.pending.splice(0, this.options.maxBatch);
    if (batch.length === 0) return Promise.resolve();
    this.reportDropped();
    this.writing = this.deps.sink
      .write(batch.map((item) => item.entry))
      .catch((error: unknown) => this.failed(batch, error))
      .finally(() => {
        this.writing = null;
        if (this.pending.length > 0 && !this.closed) {
          this.schedule(this.pending.length >= this.options.maxBatch ? 0 : this.options.flushIntervalMs);
        }
      });
    return this.writing;
  }

  private failed(batch: Pending[], error: unknown): void {
    const retry = batch.filter((item) => {
      item.attempts += 1;
      return item.attempts < this.options.maxAttempts;
    });
    const lost = batch.length - retry.length;
    this.deps.output.error(
      { err: error, entries: batch.length, retried: retry.length, dropped: lost },
      `Applicatielog: ${batch.length} regel(s) konden niet worden opgeslagen` +
        (lost > 0
          ? `; ${lost} daarvan zijn na ${this.options.maxAttempts} pogingen verloren`
          : '; ze worden opnieuw geprobeerd'),
    );
    // Failed entries go back to the front, within the memory bound.
    const room = Math.max(0, this.options.maxPending - this.pending.length);
    this.dropped += Math.max(0, retry.length - room);
    this.pending = [...retry.slice(retry.length - room), ...this.pending];
  }

  private reportDropped(): void {
    if (this.dropped === 0) return;
    this.deps.output.warn(
      { dropped: this.dropped },
      `Applicatielog: ${this.dropped} regel(s) overgeslagen omdat de opslag het tempo niet bijhield`,
    );
    this.dropped = 0;
  }
}
