/**
 * When a failed delivery is tried again (R-HOOK-7): after the first attempt fails, waits of 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (about 27.6 hours in all, so a receiver that is down for a
 * day still gets it), each with ±10 % jitter so deliveries that failed together do not return
 * together. After the eighth attempt the delivery is given up.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
];
/** The first attempt and one for each wait of the schedule. */
export const WEBHOOK_DELIVERY_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1;
const JITTER = 0.1;

/**
 * The wait in milliseconds after attempt `attempt` (1-based) failed, or null when it was the last.
 * `random` is in [0, 1) (the caller's source; tests pass a fixed one).
 */
export function webhookRetryDelayMs(attempt: number, random: number): number | null {
  const seconds = WEBHOOK_RETRY_SCHEDULE_SECONDS[Math.max(1, Math.floor(attempt)) - 1];
  if (seconds === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random, 0), 1);
  return Math.round(seconds * 1000 * factor);
}
