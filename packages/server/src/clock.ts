/** The source of "now" for everything that expires (tokens, sessions, links), so tests can fake time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
