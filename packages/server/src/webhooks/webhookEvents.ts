import type { WebhookEventData, WebhookEventType, WebhookSubject } from '@loop/core/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { isoTimestamp, queryRows } from '../results/resultsSql';

/** One event of an organisation (R-HOOK-3), before it is fanned out to its endpoints. */
export type WebhookEvent = {
  [T in WebhookEventType]: {
    readonly organizationId: number;
    readonly type: T;
    readonly subject: WebhookSubject;
    readonly data: WebhookEventData[T];
    readonly at: Date;
  };
}[WebhookEventType];

/**
 * The body of a delivery in SQL (R-HOOK-4): `{ "type", "timestamp", "data" }` as jsonb text, made
 * once when the event is queued, so every attempt sends (and signs) the same bytes.
 */
export const webhookBodySql = (type: unknown, timestamp: unknown, data: unknown) =>
  sql`jsonb_build_object('type', ${type}, 'timestamp', ${timestamp}, 'data', ${data})::text`;

/** A new `webhook-id`: `msg_` and 32 hexadecimal digits, one per event, shared by its endpoints. */
export const messageIdSql = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Queues events for the endpoints of their organisation that are on and chose them, in the caller's
 * transaction (R-HOOK-3): the event goes out exactly when the change it tells of is committed. An
 * organisation without such endpoints gets one index lookup that finds nothing. Answers the
 * deliveries queued.
 */
export async function emitWebhookEvents(db: Queryable, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = JSON.stringify(
    events.map((event, index) => ({
      n: index,
      o: event.organizationId,
      t: event.type,
      s: event.subject,
      d: event.data,
      at: event.at.toISOString(),
    })),
  );
  const queued = await queryRows<{ id: string }>(
    db,
    sql`
    with ev as materialized (
      select x.n, x.o, x.t, x.s, x.d, x.at, ${messageIdSql} as message_id
      from jsonb_to_recordset(${rows}::jsonb) as x(n integer, o integer, t text, s text, d jsonb, at text)
      where exists (
        select 1 from webhook_endpoints e where e.organization_id = x.o and e.enabled and x.t = any (e.events)
      )
    )
    insert into webhook_deliveries (endpoint_id, organization_id, message_id, type, subject, body)
    select e.id, ev.o, ev.message_id, ev.t, ev.s, ${webhookBodySql(sql`ev.t`, sql`ev.at`, sql`ev.d`)}
    from ev join webhook_endpoints e on e.organization_id = ev.o and e.enabled and ev.t = any (e.events)
    order by ev.n, e.id
    returning id::text as id`,
  );
  return queued.length;
}

/**
 * An event queued from rows another statement reads (R-HOOK-3), as one `insert … select` to run
 * inside that statement or its transaction: one delivery per endpoint of `organizationId` that is
 * on and chose `type`. `from` names the rows (`survey_invitations i where i.id = 12`); the other
 * parts are expressions over them. The `webhook-id` is made from `seed`, so it is the same for
 * every endpoint of the event.
 */
export function queueEventSql(event: {
  readonly type: WebhookEventType;
  readonly from: SQL;
  readonly organizationId: SQL;
  readonly subject: SQL;
  readonly data: SQL;
  readonly seed: SQL;
}): SQL {
  return sql`
    insert into webhook_deliveries (endpoint_id, organization_id, message_id, type, subject, body)
    select e.id, ${event.organizationId}, 'msg_' || md5(${event.seed}), ${event.type}::text, ${event.subject},
      ${webhookBodySql(sql`${event.type}::text`, isoTimestamp(sql`now()`), event.data)}
    from ${event.from}
    join webhook_endpoints e
      on e.organization_id = ${event.organizationId} and e.enabled and ${event.type}::text = any (e.events)`;
}
