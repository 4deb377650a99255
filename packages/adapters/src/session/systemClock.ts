import type { Clock } from '@loop/core/session';

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
