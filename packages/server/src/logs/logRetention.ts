import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { deleteLogsBefore } from './logStore';

const DAY_MS = 86_400_000;
export const LOG_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionOutput {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface LogRetention {
  /** One clean-up pass now; resolves with the number of rows removed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Removes application log rows older than `days`, at start and then every hour. Several servers on
 * one database may all run it: the delete is idempotent.
 */
export function startLogRetention(
  deps: { readonly db: Database; readonly clock: Clock; readonly output: RetentionOutput },
  options: { readonly days: number; readonly intervalMs?: number },
): LogRetention {
  let running: Promise<number> | null = null;
  const runOnce = (): Promise<number> => {
    running ??= (async () => {
      const cutoff = new Date(deps.clock.now().getTime() - options.days * DAY_MS);
      try {
        const removed = await deleteLogsBefore(deps.db, cutoff);
        if (removed > 0) {
          deps.output.info(
            { removed, days: options.days },
            `Applicatielog: ${removed} regel(s) ouder dan ${options.days} dagen verwijderd`,
          );
        }
        return removed;
      } catch (error) {
        deps.output.error({ err: error }, 'Applicatielog: oude regels konden niet worden verwijderd');
        return 0;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(() => void runOnce(), 0);
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? LOG_RETENTION_INTERVAL_MS);
  first.unref?.();
  timer.unref?.();
  return {
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
