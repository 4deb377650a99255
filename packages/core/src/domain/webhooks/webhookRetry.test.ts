import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_DELIVERY_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  webhookRetryDelayMs,
} from './webhookRetry';

describe('webhookRetryDelayMs (R-HOOK-7)', () => {
  it('follows the schedule with the jitter in the middle', () => {
    expect(WEBHOOK_RETRY_SCHEDULE_SECONDS.map((_, index) => webhookRetryDelayMs(index + 1, 0.5))).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it('keeps the jitter within 10 % either way', () => {
    expect(webhookRetryDelayMs(2, 0)).toBe(270_000);
    expect(webhookRetryDelayMs(2, 0.999999)).toBeLessThanOrEqual(330_000);
    expect(webhookRetryDelayMs(2, 0.999999)).toBeGreaterThan(329_000);
  });

  it('gives up after the last attempt, which lies more than 24 hours after the first', () => {
    expect(WEBHOOK_DELIVERY_ATTEMPTS).toBe(8);
    expect(webhookRetryDelayMs(WEBHOOK_DELIVERY_ATTEMPTS, 0.5)).toBeNull();
    const earliest = WEBHOOK_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds * 0.9, 0);
    expect(earliest).toBeGreaterThan(24 * 3600);
  });
});
