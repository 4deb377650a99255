/** The source of "now" for everything that expires (tokens, sessions, links), so tests can fake time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock shifted by the number of milliseconds in `file` (read at most every 100 ms; a
 * missing or unreadable file counts as 0). Browser tests write into it to let days pass.
 */
export function fileOffsetClock(file: string, read: (path: string) => string): Clock {
  let offset = 0;
  let readAt = 0;
  return {
    now: () => {
      const real = Date.now();
      if (real - readAt >= 100) {
        readAt = real;
        try {
          const parsed = Number(read(file).trim());
          offset = Number.isFinite(parsed) ? parsed : 0;
        } catch {
          offset = 0;
        }
      }
      return new Date(real + offset);
    },
  };
}
