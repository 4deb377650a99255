import { randomUUID } from 'node:crypto';
import { WEBHOOK_DELIVERY_ATTEMPTS, webhookHeaders, webhookRetryDelayMs } from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import { heartbeatEveryMs, LEASE_MS, startHeartbeat } from '../cluster/leaseHeartbeat';
import { queryRows } from '../results/resultsSql';
import type { HostResolver } from './webhookAddress';
import { disableFailingEndpoint, type WebhookDeliveryDeps } from './webhookDisabling';
import { postWebhook, WEBHOOK_POST_TIMEOUT_MS, type WebhookPostResult } from './webhookPost';
import { queueResponseWebhooks } from './webhookResponseJobs';
import { openEndpointSecret } from './webhookSecret';

/**
 * Deliveries claimed per round, and how many are posted at once. The lease is short and renewed by
 * a heartbeat while the round runs (R-CLUSTER-5): a crashed server's deliveries go to another within
 * LEASE_MS, however long its receivers take.
 */
const BATCH = 100;
const PARALLEL = 20;

export const WEBHOOK_DELIVERY_MESSAGES = {
  unreadableSecret: 'Het ondertekengeheim kan niet worden gelezen (is WEBHOOK_SECRET_KEY gewijzigd?).',
} as const;

export interface WebhookDeliveryOptions {
  /** In [0, 1): the jitter of the back-off (tests pass a fixed one). */
  readonly random?: () => number;
  readonly timeoutMs?: number;
  readonly resolve?: HostResolver;
  /** Aborted when the server stops: no new posts; the claimed deliveries not posted go back. */
  readonly signal?: AbortSignal;
  /** The lease on claimed deliveries (tests: a short one). */
  readonly leaseMs?: number;
}

interface Claimed {
  readonly id: string;
  readonly endpoint_id: number;
  readonly message_id: string;
  readonly body: string;
  readonly attempts: number;
  readonly url: string;
  readonly secret_sealed: string;
}

/** Claims due deliveries: a lease and a claim token that every later write must still match. */
async function claim(deps: WebhookDeliveryDeps, token: string, leaseMs: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    deps.db,
    sql`with due as materialized (
          select d.id from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
          where d.state = 'queued' and d.not_before <= now()
            -- In order per subject (R-HOOK-6): an earlier delivery still on its way holds this one back.
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.subject = d.subject and p.id < d.id
                and p.state in ('queued', 'sending')
            )
          order by d.not_before, d.id limit ${BATCH} for update of d skip locked
        ), claimed as (
          update webhook_deliveries d set state = 'sending', claimed_by = ${token}, attempts = d.attempts + 1,
            lease_until = now() + ${leaseMs} * interval '1 millisecond'
          from due where d.id = due.id
          returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts
        )
        select c.id::text as id, c.endpoint_id, c.message_id, c.body, c.attempts, e.url, e.secret_sealed
        from claimed c join webhook_endpoints e on e.id = c.endpoint_id
        order by c.id`,
  );
}

/** The outcome of one attempt, written only while the claim is still ours (R-HOOK-7, R-HOOK-9). */
async function record(
  deps: WebhookDeliveryDeps,
  row: Claimed,
  token: string,
  started: Date,
  result: WebhookPostResult,
  delayMs: number | null,
): Promise<boolean> {
  const state = result.ok ? 'delivered' : delayMs === null ? 'failed' : 'queued';
  const written = await queryRows<{ id: number }>(
    deps.db,
    sql`with done as (
          update webhook_deliveries set state = ${state}, lease_until = null, claimed_by = null,
            delivered_at = case when ${result.ok} then now() end,
            not_before = case when ${state} = 'queued' then now() + ${delayMs ?? 0} * interval '1 millisecond'
                         else not_before end
          where id = ${row.id} and claimed_by = ${token}
          returning id, endpoint_id
        ), logged as (
          insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, ok, error)
          select id, ${row.attempts}, ${started.toISOString()}, ${result.durationMs}, ${result.statusCode},
                 ${result.ok}, ${result.error}
          from done
        )
        update webhook_endpoints e set last_attempt_at = ${started.toISOString()},
          last_status_code = ${result.statusCode}, last_ok = ${result.ok}
        from done where e.id = done.endpoint_id
        returning e.id`,
  );
  return written.length > 0;
}

async function attempt(
  deps: WebhookDeliveryDeps,
  row: Claimed,
  token: string,
  options: WebhookDeliveryOptions,
) {
  const started = deps.clock.now();
  const secret = openEndpointSecret(deps.config.webhooks.secretKey, row.endpoint_id, row.secret_sealed);
  const result: WebhookPostResult =
    secret === null
      ? { ok: false, statusCode: null, error: WEBHOOK_DELIVERY_MESSAGES.unreadableSecret, durationMs: 0 }
      : await postWebhook(
          row.url,
          { ...webhookHeaders(secret, row.message_id, Math.floor(started.getTime() / 1000), row.body) },
          row.body,
          {
            allowPrivate: deps.config.webhooks.allowPrivateNetworks,
            timeoutMs: options.timeoutMs ?? WEBHOOK_POST_TIMEOUT_MS,
            ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
          },
        );
  const delay = result.ok ? null : webhookRetryDelayMs(row.attempts, (options.random ?? Math.random)());
  const written = await record(deps, row, token, started, result, delay);
  // Given up after the whole schedule (R-HOOK-8): the endpoint goes off and its owners hear of it.
  if (written && !result.ok && delay === null && row.attempts === WEBHOOK_DELIVERY_ATTEMPTS)
    await disableFailingEndpoint(deps, row.endpoint_id, result.error ?? '');
  return result.ok;
}

/**
 * One pass of the webhook queue (R-HOOK-7): submissions' jobs become deliveries, deliveries whose
 * lease ran out go back, due ones are
 * claimed (`for update skip locked`, so several servers share the work) and posted, PARALLEL at a
 * time, signed with their endpoint's secret (R-HOOK-1). A full round is followed by the next.
 * Answers the deliveries that succeeded.
 */
export async function deliverEndpointWebhooks(
  deps: WebhookDeliveryDeps,
  options: WebhookDeliveryOptions = {},
): Promise<number> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_POST_TIMEOUT_MS;
  await queueResponseWebhooks(deps.db);
  await deps.db.execute(sql`
    update webhook_deliveries set state = 'queued', claimed_by = null, lease_until = null
    where state = 'sending' and lease_until < now()`);
  let delivered = 0;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  while (options.signal?.aborted !== true) {
    const token = randomUUID();
    const heartbeat = startHeartbeat(
      () =>
        deps.db.execute(sql`update webhook_deliveries set lease_until = now() + ${leaseMs} * interval '1 millisecond'
          where claimed_by = ${token} and state = 'sending'`),
      heartbeatEveryMs(leaseMs),
      () => {},
    );
    try {
      const rows = await claim(deps, token, leaseMs);
      let next = 0;
      const lane = async () => {
        while (next < rows.length && options.signal?.aborted !== true) {
          const row = rows[next++] as Claimed;
          if (await attempt(deps, row, token, { ...options, timeoutMs })) delivered++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, lane));
      // A stop: the claimed deliveries not posted go back as they were (their attempt not counted).
      await deps.db.execute(sql`update webhook_deliveries
        set state = 'queued', claimed_by = null, lease_until = null, attempts = attempts - 1
        where claimed_by = ${token} and state = 'sending'`);
      if (rows.length < BATCH) return delivered;
    } finally {
      heartbeat.stop();
    }
  }
  return delivered;
}
