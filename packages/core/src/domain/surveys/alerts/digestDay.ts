import { dayStart, isoDay, wallClock } from '../../format';

/** Daily digests go out from this hour on, in the Netherlands (R-ALERT-5). */
export const DIGEST_HOUR = 7;

/** The digest due at a moment: the day it is sent ('YYYY-MM-DD') and the day before it covers. */
export interface DigestWindow {
  /** The day of sending in the Netherlands: a member gets at most one digest per survey per such day. */
  readonly day: string;
  /** The covered day, from its start to the start of `day` (epoch ms). */
  readonly from: number;
  readonly to: number;
}

/**
 * The digest window at `now`, or null before DIGEST_HOUR in the Netherlands (R-ALERT-5). The covered
 * day is yesterday in the Netherlands, 23, 24 or 25 hours long.
 */
export function digestWindow(now: Date, hour = DIGEST_HOUR): DigestWindow | null {
  const clock = wallClock(now);
  if (clock === null || clock.hour < hour) return null;
  const to = dayStart({ year: clock.year, month: clock.month, day: clock.day });
  const yesterday = wallClock(to - 12 * 3600_000);
  if (yesterday === null) return null;
  return {
    day: isoDay(now),
    from: dayStart({ year: yesterday.year, month: yesterday.month, day: yesterday.day }),
    to,
  };
}
