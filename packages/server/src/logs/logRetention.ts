import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { deleteLogsBefore } from './logStore';

const DAY_MS = 86_400_000;
export const LOG_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export type RetentionOutput = JobOutput;
export type LogRetention = PeriodicJob;

/**
 * Removes application log rows older than `days`, at start and then every hour. Several servers on
 * one database may all run it: the delete is idempotent.
 */
export function startLogRetention(
  deps: { readonly db: Database; readonly clock: Clock; readonly output: RetentionOutput },
  options: { readonly days: number; readonly intervalMs?: number },
): LogRetention {
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? LOG_RETENTION_INTERVAL_MS,
    output: deps.output,
    failure: 'Applicatielog: oude regels konden niet worden verwijderd',
    run: async () => {
      const cutoff = new Date(deps.clock.now().getTime() - options.days * DAY_MS);
      const removed = await deleteLogsBefore(deps.db, cutoff);
      if (removed > 0) {
        deps.output.info(
          { removed, days: options.days },
          `Applicatielog: ${removed} regel(s) ouder dan ${options.days} dagen verwijderd`,
        );
      }
      return removed;
    },
  });
}
