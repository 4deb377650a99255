import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { webhookBodySql } from './webhookEvents';

/** Jobs turned into deliveries per statement. */
const BATCH = 500;

/**
 * Turns completed responses' webhook jobs into `response.completed` deliveries (R-HOOK-3): one per
 * endpoint of the survey's organisation that is on and chose the event, the job deleted in the same
 * statement, so a job becomes its deliveries exactly once even with several servers at work (`skip
 * locked`). The `webhook-id` is made from the response and its completion, the same for every
 * endpoint; an anonymous survey's payload names no contact (R-HOOK-4). With `responseId` only that
 * response's job, waiting for a pass that holds it: a response erased right after its submission
 * still has its `response.completed` queued before its `response.deleted` (R-HOOK-6). Answers the
 * deliveries queued.
 */
export async function queueResponseWebhooks(
  db: Queryable,
  options: { readonly responseId?: number } = {},
): Promise<number> {
  const only = options.responseId;
  let queued = 0;
  for (;;) {
    const [row] = await queryRows<{ jobs: number; deliveries: number }>(
      db,
      sql`with jobs as (
            delete from webhook_response_jobs j
            where j.response_id in (
              select response_id from webhook_response_jobs
              ${only === undefined ? sql`` : sql`where response_id = ${only}`}
              order by response_id limit ${BATCH}
              ${only === undefined ? sql`for update skip locked` : sql`for update`})
            returning j.response_id, j.survey_id, j.completed_at
          ), queued as (
            insert into webhook_deliveries (endpoint_id, organization_id, message_id, type, subject, body)
            select e.id, s.organization_id,
                   'msg_' || md5('response.completed:' || j.response_id || ':' || j.completed_at::text),
                   'response.completed', 'response:' || j.response_id,
                   ${webhookBodySql(
                     sql`'response.completed'`,
                     isoTimestamp(sql`j.completed_at`),
                     sql`jsonb_build_object('survey_id', j.survey_id, 'response_id', j.response_id,
                       'contact_id', (select i.contact_id from survey_invitations i
                                      where i.response_id = j.response_id and not s.anonymous limit 1),
                       'completed_at', ${isoTimestamp(sql`j.completed_at`)})`,
                   )}
            from jobs j
            join surveys s on s.id = j.survey_id
            join webhook_endpoints e
              on e.organization_id = s.organization_id and e.enabled and 'response.completed' = any (e.events)
            order by j.response_id, e.id
            returning 1
          )
          select (select count(*) from jobs)::int as jobs, (select count(*) from queued)::int as deliveries`,
    );
    queued += row?.deliveries ?? 0;
    if (only !== undefined || (row?.jobs ?? 0) < BATCH) return queued;
  }
}
