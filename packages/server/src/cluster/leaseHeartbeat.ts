/**
 * Leases on claimed work (R-CLUSTER-5): a claim is short (LEASE_MS) and renewed by a heartbeat
 * while its instance works on it, so the work of an instance that crashed (kill -9, power loss) is
 * taken over within LEASE_MS plus one sweep, not after the longest time the work could take.
 */

/** How long a claim stays an instance's without a renewal; another instance takes it over after. */
export const LEASE_MS = 15_000;

/** How often a heartbeat renews: three times per lease, so one slow renewal does not lose it. */
export const heartbeatEveryMs = (leaseMs: number) => Math.max(50, Math.floor(leaseMs / 3));

export interface Heartbeat {
  /** Stops renewing (the claims then run out unless released or finished). */
  stop(): void;
}

/**
 * Calls `renew` every `everyMs` until stopped, one call at a time (a renewal still running skips
 * the beat), without keeping the process alive. A failed renewal goes to `onError`; the next beat
 * tries again.
 */
export function startHeartbeat(
  renew: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
): Heartbeat {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    renew()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
