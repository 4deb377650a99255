import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookKind,
  webhookBody,
  webhookFailure,
  webhookRetryDelay,
} from '@loop/core/surveys/alerts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { heartbeatEveryMs, LEASE_MS, startHeartbeat } from '../cluster/leaseHeartbeat';
import { queryRows } from '../results/resultsSql';
import { decryptWebhookUrl } from './webhookSecret';

/**
 * Messages claimed per pass and how long a receiver may take. Their lease is short and renewed by a
 * heartbeat while the pass runs (R-CLUSTER-5).
 */
const BATCH = 20;
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_DELIVERY_MESSAGES = {
  removed: 'Het kanaal is verwijderd of het adres kan niet meer worden gelezen.',
} as const;

export interface WebhookDeliveryOptions {
  /** In [0, 1): the jitter of the back-off (tests pass a fixed one). */
  readonly random?: () => number;
  readonly timeoutMs?: number;
  /** Aborted when the server stops: no new posts; the claimed messages not posted go back. */
  readonly signal?: AbortSignal;
  /** The lease on claimed messages (tests: a short one). */
  readonly leaseMs?: number;
}

interface Claimed {
  readonly id: string;
  readonly survey_id: number;
  readonly text: string;
  readonly attempts: number;
  readonly claimed_by: string;
  readonly secret: string | null;
  readonly kind: WebhookKind | null;
}

/** What the receiver answered, as the last error shows it; null for a 2xx. */
async function post(url: string, kind: WebhookKind, text: string, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookBody(kind, text)),
      // A webhook answers itself; a redirect is not followed (it could lead anywhere).
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.text().catch(() => '')).trim().slice(0, 200);
    if (response.status >= 200 && response.status < 300) return null;
    return `HTTP ${response.status}${body === '' ? '' : `: ${body}`}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if ((error as Error).name === 'TimeoutError')
      return `geen antwoord binnen ${Math.round(timeoutMs / 1000)} seconden`;
    return `niet bereikbaar${cause === undefined ? '' : ` (${cause})`}`;
  }
}

/**
 * One pass of the channel deliveries (R-ALERT-6), a queue like the outbox: rows whose lease ran out
 * go back, due rows are claimed (`for update skip locked`, a lease, a claim token that fences every
 * later write) and each is posted to its survey's channel. A 2xx is 'sent' and the channel's last
 * delivery; anything else is the channel's last error and a retry after an exponential back-off with
 * jitter, until WEBHOOK_MAX_ATTEMPTS. Answers the messages delivered.
 */
export async function deliverWebhooks(
  deps: Pick<AppDeps, 'db' | 'config'>,
  options: WebhookDeliveryOptions = {},
): Promise<number> {
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  await deps.db.execute(sql`
    update alert_webhook_deliveries set state = 'queued', claimed_by = null, lease_until = null
    where state = 'sending' and lease_until < now()`);
  const claim = `${randomUUID()}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const heartbeat = startHeartbeat(
    () =>
      deps.db.execute(sql`update alert_webhook_deliveries set lease_until = now() + ${leaseMs} * interval '1 millisecond'
        where claimed_by = ${claim} and state = 'sending'`),
    heartbeatEveryMs(leaseMs),
    () => {},
  );
  try {
    return await deliverClaimed(deps, claim, leaseMs, random, timeoutMs, options.signal);
  } finally {
    heartbeat.stop();
  }
}

async function deliverClaimed(
  deps: Pick<AppDeps, 'db' | 'config'>,
  claim: string,
  leaseMs: number,
  random: () => number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  const rows = await queryRows<Claimed>(
    deps.db,
    sql`with due as materialized (
          select id from alert_webhook_deliveries where state = 'queued' and not_before <= now()
          order by not_before, id limit ${BATCH} for update skip locked
        ), claimed as (
          update alert_webhook_deliveries d set state = 'sending', claimed_by = ${claim}, attempts = d.attempts + 1,
            lease_until = now() + ${leaseMs} * interval '1 millisecond'
          from due where d.id = due.id
          returning d.id, d.survey_id, d.text, d.attempts, d.claimed_by
        )
        select c.id::text as id, c.survey_id, c.text, c.attempts, c.claimed_by, a.webhook_secret as secret, a.webhook_kind as kind
        from claimed c left join survey_alerts a on a.survey_id = c.survey_id
        order by c.id`,
  );
  let delivered = 0;
  for (const row of rows) {
    if (signal?.aborted === true) break;
    const url =
      row.secret === null
        ? null
        : decryptWebhookUrl(deps.config.alerts.webhookKey, row.survey_id, row.secret);
    const answer =
      url === null || row.kind === null
        ? WEBHOOK_DELIVERY_MESSAGES.removed
        : await post(url, row.kind, row.text, timeoutMs);
    if (answer === null) {
      delivered++;
      await deps.db.execute(sql`
        with sent as (
          update alert_webhook_deliveries set state = 'sent', delivered_at = now(), lease_until = null, last_error = null
          where id = ${row.id} and claimed_by = ${row.claimed_by} returning survey_id
        )
        update survey_alerts set webhook_last_delivery_at = now() where survey_id in (select survey_id from sent)`);
      continue;
    }
    const final = url === null || row.attempts >= WEBHOOK_MAX_ATTEMPTS;
    const delay = final ? null : webhookRetryDelay(row.attempts, random());
    const error = url === null ? answer : webhookFailure(row.attempts, answer, delay);
    await deps.db.execute(sql`
      with failed as (
        update alert_webhook_deliveries set state = ${final ? 'failed' : 'queued'}, last_error = ${error},
          lease_until = null, claimed_by = null,
          not_before = case when ${final} then not_before else now() + ${delay ?? 0} * interval '1 millisecond' end
        where id = ${row.id} and claimed_by = ${row.claimed_by} returning survey_id
      )
      update survey_alerts set webhook_last_error = ${error}, webhook_last_error_at = now()
      where survey_id in (select survey_id from failed)`);
  }
  // A stop: the claimed messages not posted go back as they were (their attempt not counted).
  await deps.db.execute(sql`update alert_webhook_deliveries
    set state = 'queued', claimed_by = null, lease_until = null, attempts = attempts - 1
    where claimed_by = ${claim} and state = 'sending'`);
  return delivered;
}
