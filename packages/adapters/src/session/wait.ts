import { clampDelay } from './browserTimer';

/** Resolves after `ms` (the branding retries' pause). */
export const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, clampDelay(ms));
  });
