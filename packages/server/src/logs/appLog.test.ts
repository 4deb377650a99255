import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakeClock';
import { AppLog, type LogEntry, type LogSink } from './appLog';

class RecordingSink implements LogSink {
  readonly batches: LogEntry[][] = [];
  failuresLeft = 0;
  release: (() => void) | null = null;
  blocked = false;

  async write(entries: readonly LogEntry[]): Promise<void> {
    if (this.blocked) await new Promise<void>((resolve) => (this.release = resolve));
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('database weg');
    }
    this.batches.push([...entries]);
  }

  get written(): LogEntry[] {
    return this.batches.flat();
  }
}

class RecordingOutput {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  error(_details: object, message: string) {
    this.errors.push(message);
  }
  warn(_details: object, message: string) {
    this.warnings.push(message);
  }
}

const entry = (n: number) => ({
  level: 'info' as const,
  category: 'http',
  orgId: null,
  action: 'GET',
  route: '/api/v1/users/me',
  httpStatus: 200,
  message: `verzoek ${n}`,
});

function setup(options: ConstructorParameters<typeof AppLog>[1] = {}) {
  const sink = new RecordingSink();
  const output = new RecordingOutput();
  const clock = new FakeClock();
  const log = new AppLog({ sink, clock, output }, { flushIntervalMs: 5, ...options });
  return { sink, output, clock, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('AppLog', () => {
  it('should write nothing at the moment of recording, then everything in one batch', async () => {
    const { sink, log } = setup();
    for (let n = 0; n < 10; n++) log.record(entry(n));
    expect(sink.batches).toHaveLength(0);

    await settle();

    expect(sink.batches).toHaveLength(1);
    expect(sink.written.map((row) => row.message)).toEqual([...Array(10).keys()].map((n) => `verzoek ${n}`));
  });

  it('should split into batches of at most maxBatch rows and write a full batch at once', async () => {
    const { sink, log } = setup({ maxBatch: 4, flushIntervalMs: 60_000 });
    for (let n = 0; n < 10; n++) log.record(entry(n));
    await settle();
    expect(sink.batches.map((batch) => batch.length)).toEqual([4, 4]);
    await log.flush();
    expect(sink.batches.map((batch) => batch.length)).toEqual([4, 4, 2]);
  });

  it('should stamp entries with the clock and default audit events to level audit', async () => {
    const { sink, log, clock } = setup();
    log.audit({ category: 'auth', action: 'auth.login', message: 'Inloggen gelukt' });
    await log.flush();
    expect(sink.written[0]).toStrictEqual({
      ts: clock.now(),
      level: 'audit',
      category: 'auth',
      orgId: null,
      action: 'auth.login',
      route: '',
      httpStatus: null,
      message: 'Inloggen gelukt',
    });
  });

  it('should clip overlong texts', async () => {
    const { sink, log } = setup();
    log.record({ ...entry(0), message: 'x'.repeat(5_000) });
    await log.flush();
    expect(sink.written[0]?.message).toHaveLength(500);
  });

  it('should report a failing store in the server output and retry the batch', async () => {
    const { sink, log, output } = setup();
    sink.failuresLeft = 1;
    log.record(entry(1));
    await settle();
    expect(output.errors).toEqual([
      'Applicatielog: 1 regel(s) konden niet worden opgeslagen; ze worden opnieuw geprobeerd',
    ]);
    await settle();
    expect(sink.written.map((row) => row.message)).toEqual(['verzoek 1']);
  });

  it('should drop a batch after maxAttempts failures and say so', async () => {
    const { sink, log, output } = setup({ maxAttempts: 2 });
    sink.failuresLeft = 100;
    log.record(entry(1));
    await log.flush();
    await log.flush();
    expect(log.pendingCount).toBe(0);
    expect(output.errors.at(-1)).toBe(
      'Applicatielog: 1 regel(s) konden niet worden opgeslagen; 1 daarvan zijn na 2 pogingen verloren',
    );
    sink.failuresLeft = 0;
    log.record(entry(2));
    await log.flush();
    expect(sink.written.map((row) => row.message)).toEqual(['verzoek 2']);
  });

  it('should keep at most maxPending entries while the store is stuck and report the dropped ones', async () => {
    const { sink, log, output } = setup({ maxPending: 5, maxBatch: 2 });
    sink.blocked = true;
    log.record(entry(0));
    await settle(); // batch [0] is now in flight and blocked
    for (let n = 1; n <= 8; n++) log.record(entry(n));
    expect(log.pendingCount).toBe(5);
    sink.blocked = false;
    sink.release?.();
    await log.flush();
    expect(sink.written.map((row) => row.message)).toEqual([
      'verzoek 0',
      'verzoek 4',
      'verzoek 5',
      'verzoek 6',
      'verzoek 7',
      'verzoek 8',
    ]);
    expect(output.warnings).toEqual([
      'Applicatielog: 3 regel(s) overgeslagen omdat de opslag het tempo niet bijhield',
    ]);
  });

  it('should write what is queued on close and accept nothing after', async () => {
    const { sink, log } = setup({ flushIntervalMs: 60_000 });
    log.record(entry(1));
    await log.close();
    log.record(entry(2));
    await settle();
    expect(sink.written.map((row) => row.message)).toEqual(['verzoek 1']);
  });
});
