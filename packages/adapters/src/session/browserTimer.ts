import type { Timer } from '@loop/core/session';

/** setTimeout's largest delay; anything longer overflows and fires at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** Clamps a delay to what setTimeout honours: 0 for negative or non-numbers, at most ~24.8 days. */
export const clampDelay = (ms: number): number =>
  Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, 0), MAX_TIMER_DELAY_MS);

/** Timer on setTimeout. A clamped long delay fires early, which for a token refresh is harmless. */
export const browserTimer: Timer = {
  after(ms, task) {
    const id = setTimeout(task, clampDelay(ms));
    return () => clearTimeout(id);
  },
};
