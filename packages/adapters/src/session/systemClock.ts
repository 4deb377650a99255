import type { Clock } from '@loop/core';

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
