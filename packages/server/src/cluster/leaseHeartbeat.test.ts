import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeatEveryMs, startHeartbeat } from './leaseHeartbeat';

describe('startHeartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should renew every beat until stopped, one renewal at a time (R-CLUSTER-5)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish: () => void = () => {};
    const beat = startHeartbeat(
      () => {
        calls += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      100,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(350);
    // The first renewal still runs: the later beats skip.
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    finish();
    beat.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
  });

  it('should report a failed renewal and try again at the next beat', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const beat = startHeartbeat(
      async () => {
        calls += 1;
        throw new Error('database weg');
      },
      100,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(250);
    beat.stop();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('should beat three times per lease', () => {
    expect(heartbeatEveryMs(15_000)).toBe(5_000);
    expect(heartbeatEveryMs(60)).toBe(50);
  });
});
