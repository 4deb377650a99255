import type { AppDeps } from '../appDeps';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { sendDigests } from './alertDigests';
import { runAlertJobs } from './alertJobs';
import { deliverWebhooks } from './webhookDelivery';

/**
 * The alert work after a submission (R-ALERT-7), started by main.ts after `listen` (not in buildApp,
 * so tests' apps do not poll; tests run the passes themselves): every ALERT_INTERVAL_SECONDS one pass
 * of the response alerts, the daily digests and the channel deliveries, in that order, so a response
 * and its channel message can go out in one pass. Safe with several servers on one database.
 */
export function startAlertWorker(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbox' | 'clock'> & { readonly output: JobOutput },
): PeriodicJob {
  // Each part on its own: a failure of one (reported) does not hold up the others.
  const part = async (run: () => Promise<number>, failure: string) => {
    try {
      return await run();
    } catch (error) {
      deps.output.error({ err: error }, failure);
      return 0;
    }
  };
  return startPeriodicJob({
    run: async (signal) =>
      (await part(() => runAlertJobs(deps), 'Meldingen per reactie maken mislukt')) +
      (await part(() => sendDigests(deps), 'Dagelijkse overzichten maken mislukt')) +
      (await part(
        () => deliverWebhooks(deps, { signal }),
        'Berichten naar Slack of Teams afleveren mislukt',
      )),
    intervalMs: deps.config.alerts.intervalSeconds * 1000,
    output: deps.output,
    failure: 'Meldingen verwerken mislukt; de volgende ronde probeert het opnieuw',
  });
}
