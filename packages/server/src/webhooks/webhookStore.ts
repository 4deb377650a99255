import type {
  CheckedEndpoint,
  WebhookAttemptView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { newEndpointSecret, openEndpointSecret, sealEndpointSecret } from './webhookSecret';

/** Deliveries the log shows per endpoint, newest first. */
export const DELIVERY_LOG_SIZE = 50;

const endpointView = sql`
  e.id, e.url, e.description, e.events, e.enabled, e.disabled_reason,
  ${isoTimestamp(sql`e.created_at`)} as created_at,
  case when e.last_attempt_at is null then null else ${isoTimestamp(sql`e.last_attempt_at`)} end as last_attempt_at,
  e.last_status_code, e.last_ok,
  (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.state in ('queued', 'sending'))
    as pending`;

/** The organisation's endpoints (R-HOOK-2), oldest first. */
export function listEndpoints(db: Queryable, organizationId: number): Promise<WebhookEndpointView[]> {
  return queryRows<WebhookEndpointView>(
    db,
    sql`select ${endpointView} from webhook_endpoints e where e.organization_id = ${organizationId} order by e.id`,
  );
}

/** One endpoint of the organisation; null for an unknown id or another organisation's (a 404). */
export async function findEndpoint(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<WebhookEndpointView | null> {
  const [row] = await queryRows<WebhookEndpointView>(
    db,
    sql`select ${endpointView} from webhook_endpoints e where e.organization_id = ${organizationId} and e.id = ${id}`,
  );
  return row ?? null;
}

export async function countEndpoints(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_endpoints where organization_id = ${organizationId}`,
  );
  return row?.n ?? 0;
}

/** A new endpoint with a fresh secret; the id is taken first, as the sealed secret names it. */
export async function createEndpoint(
  db: Queryable,
  key: Buffer,
  organizationId: number,
  input: { readonly url: string; readonly description: string; readonly events: readonly WebhookEventType[] },
): Promise<{ readonly id: number; readonly secret: string }> {
  const [next] = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('webhook_endpoints', 'id'))::int as id`,
  );
  const id = (next as { id: number }).id;
  const secret = newEndpointSecret();
  await db.execute(sql`
    insert into webhook_endpoints (id, organization_id, url, description, events, secret_sealed)
    values (${id}, ${organizationId}, ${input.url}, ${input.description},
            ${`{${input.events.join(',')}}`}::text[], ${sealEndpointSecret(key, id, secret)})`);
  return { id, secret };
}

/** Changes what was given; switching on clears why it was off (R-HOOK-8). */
export async function changeEndpoint(db: Queryable, id: number, change: CheckedEndpoint): Promise<void> {
  const sets = [
    ...(change.url === undefined ? [] : [sql`url = ${change.url.url}`]),
    ...(change.description === undefined ? [] : [sql`description = ${change.description}`]),
    ...(change.events === undefined ? [] : [sql`events = ${`{${change.events.join(',')}}`}::text[]`]),
    ...(change.enabled === undefined
      ? []
      : change.enabled
        ? [sql`enabled = true, disabled_reason = null, disabled_at = null`]
        : [sql`enabled = false, disabled_reason = 'Uitgeschakeld door een beheerder.', disabled_at = now()`]),
  ];
  await db.execute(sql`update webhook_endpoints set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    where id = ${id}`);
}

/** The endpoint with its deliveries and their attempts (deliveries have no foreign key to cascade). */
export async function deleteEndpoint(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`
    with deliveries as (delete from webhook_deliveries where endpoint_id = ${id})
    delete from webhook_endpoints where id = ${id}`);
}

/** The endpoint's secret in clear (owners and managers reveal it, R-HOOK-2); null when unreadable. */
export async function endpointSecret(db: Queryable, key: Buffer, id: number): Promise<string | null> {
  const [row] = await queryRows<{ secret_sealed: string }>(
    db,
    sql`select secret_sealed from webhook_endpoints where id = ${id}`,
  );
  return row === undefined ? null : openEndpointSecret(key, id, row.secret_sealed);
}

/** A new secret for the endpoint; deliveries from now on are signed with it. */
export async function rotateSecret(db: Queryable, key: Buffer, id: number): Promise<string> {
  const secret = newEndpointSecret();
  await db.execute(sql`update webhook_endpoints set secret_sealed = ${sealEndpointSecret(key, id, secret)},
    updated_at = now() where id = ${id}`);
  return secret;
}

interface DeliveryRow extends Omit<WebhookDeliveryView, 'attempts'> {
  readonly attempt_log: WebhookAttemptView[] | null;
}

const deliveryColumns = sql`
  d.id::int as id, d.message_id, d.type, d.state, ${isoTimestamp(sql`d.created_at`)} as created_at,
  case when d.state = 'queued' then ${isoTimestamp(sql`d.not_before`)} end as next_attempt_at,
  (select json_agg(json_build_object(
      'attempt', a.attempt, 'at', ${isoTimestamp(sql`a.started_at`)}, 'duration_ms', a.duration_ms,
      'status_code', a.status_code, 'ok', a.ok, 'error', a.error) order by a.id)
   from webhook_attempts a where a.delivery_id = d.id) as attempt_log`;

const toDelivery = ({ attempt_log, ...row }: DeliveryRow): WebhookDeliveryView => ({
  ...row,
  attempts: attempt_log ?? [],
});

/** The endpoint's delivery log (R-HOOK-9): its latest deliveries, each with every attempt. */
export async function deliveryLog(db: Queryable, endpointId: number): Promise<WebhookDeliveryView[]> {
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from webhook_deliveries d where d.endpoint_id = ${endpointId}
        order by d.id desc limit ${DELIVERY_LOG_SIZE}`,
  );
  return rows.map(toDelivery);
}

/**
 * 'Opnieuw versturen' (R-HOOK-9): a delivered or given-up delivery is queued again, due now, with
 * the same `webhook-id` and body; one still on its way is left as it is. Null for an unknown one.
 */
export async function resendDelivery(
  db: Queryable,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDeliveryView | null> {
  await db.execute(sql`
    update webhook_deliveries set state = 'queued', not_before = now(), delivered_at = null
    where id = ${deliveryId} and endpoint_id = ${endpointId} and state in ('delivered', 'failed')`);
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from webhook_deliveries d where d.id = ${deliveryId} and d.endpoint_id = ${endpointId}`,
  );
  return row === undefined ? null : toDelivery(row);
}
