import { describe, expect, it } from 'vitest';
import { heartbeatEveryMs, startHeartbeat } from './leaseHeartbeat';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startHeartbeat', () => {
  it('should renew every beat until stopped, one renewal at a time (R-CLUSTER-5)', async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const beat = startHeartbeat(
      () => {
        calls += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      20,
      () => {},
    );
    await sleep(110);
    // The first renewal still runs: the later beats skip.
    expect(calls).toBe(1);
    finish();
    await sleep(60);
    expect(calls).toBeGreaterThanOrEqual(2);
    finish();
    beat.stop();
    const stoppedAt = calls;
    await sleep(80);
    expect(calls).toBe(stoppedAt);
  });

  it('should report a failed renewal and try again at the next beat', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const beat = startHeartbeat(
      async () => {
        calls += 1;
        throw new Error('database weg');
      },
      20,
      (error) => errors.push(error),
    );
    await sleep(110);
    beat.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(calls);
  });

  it('should beat three times per lease', () => {
    expect(heartbeatEveryMs(15_000)).toBe(5_000);
    expect(heartbeatEveryMs(60)).toBe(50);
  });
});
