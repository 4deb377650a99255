import { readClaims } from '@loop/core/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../testing/makeJwt';
import { browserTimer, clampDelay, MAX_TIMER_DELAY_MS } from './browserTimer';
import { createJwtDecoder } from './createJwtDecoder';
import { systemClock } from './systemClock';
import { wait } from './wait';

describe('createJwtDecoder', () => {
  it('should decode exp and is_admin without verifying the signature', () => {
    const token = makeJwt({ sub: '9', sid: 's', is_admin: true, exp: 1_900_000_000 });
    expect(createJwtDecoder().decode(token)).toEqual({
      sub: '9',
      sid: 's',
      is_admin: true,
      exp: 1_900_000_000,
    });
    expect(readClaims(createJwtDecoder(), token)).toEqual({
      ok: true,
      value: { isAdmin: true, expiresAt: 1_900_000_000_000 },
    });
  });

  it.each([
    ['garbage', 'garbage'],
    ['a payload that is not JSON', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln'],
    ['an empty string', ''],
  ])('should throw on %s', (_, token) => {
    expect(() => createJwtDecoder().decode(token)).toThrow();
  });

  it("should let core turn a decoder's throw into undecodable", () => {
    expect(readClaims(createJwtDecoder(), 'garbage')).toEqual({ ok: false, error: 'undecodable' });
  });
});

describe('systemClock', () => {
  it('should tell the wall-clock time', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('browserTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should run the task after the delay', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    browserTimer.after(1_000, task);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('should not run a cancelled task', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancel = browserTimer.after(10, task);
    cancel();
    vi.advanceTimersByTime(100);
    expect(task).not.toHaveBeenCalled();
  });

  it('should not fire at once for a delay beyond what setTimeout holds', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    browserTimer.after(40 * 24 * 60 * 60 * 1000, task);
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();
  });

  it('should clamp delays to the range setTimeout honours', () => {
    expect(clampDelay(2 ** 40)).toBe(MAX_TIMER_DELAY_MS);
    expect(clampDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_DELAY_MS);
    expect(clampDelay(-5)).toBe(0);
    expect(clampDelay(Number.NaN)).toBe(0);
    expect(clampDelay(1234)).toBe(1234);
  });
});

describe('wait', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should resolve after the given time', async () => {
    vi.useFakeTimers();
    let done = false;
    void wait(600).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(599);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
