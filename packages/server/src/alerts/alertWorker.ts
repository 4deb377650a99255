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
  return startPeriodicJob({
    run: async () => (await runAlertJobs(deps)) + (await sendDigests(deps)) + (await deliverWebhooks(deps)),
    intervalMs: deps.config.alerts.intervalSeconds * 1000,
    output: deps.output,
    failure: 'Meldingen verwerken mislukt; de volgende ronde probeert het opnieuw',
  });
}
