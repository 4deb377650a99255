import type { JobOutput, PeriodicJob } from '../housekeeping/periodicJob';
import { startPeriodicJob } from '../housekeeping/periodicJob';
import { deliverEndpointWebhooks } from './webhookDelivery';
import type { WebhookDeliveryDeps } from './webhookDisabling';

/**
 * The organisation webhook deliveries (R-HOOK-7), started by main.ts after `listen` (tests' apps do
 * not poll; tests run the passes themselves): every WEBHOOK_INTERVAL_SECONDS one pass, which goes
 * on while it finds full rounds of work. Safe with several servers on one database.
 */
export function startWebhookWorker(deps: WebhookDeliveryDeps & { readonly output: JobOutput }): PeriodicJob {
  return startPeriodicJob({
    run: (signal) => deliverEndpointWebhooks(deps, { signal }),
    intervalMs: deps.config.webhooks.intervalSeconds * 1000,
    output: deps.output,
    failure: 'Webhooks afleveren mislukt; de volgende ronde probeert het opnieuw',
  });
}
