/**
 * Whether this instance takes work (R-CLUSTER-1): 'starting' until main.ts has migrated, listened
 * and started its workers, 'ready' then, 'draining' from SIGTERM on, so the load balancer's health
 * check (GET /api/v1/ready) moves traffic away before the instance stops accepting.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  /** Migrations done, listening, workers running. */
  markReady(): void;
  /** Stopping: not ready any more, for good. */
  startDraining(): void;
}

export function createReadiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial;
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    startDraining() {
      state = 'draining';
    },
  };
}
