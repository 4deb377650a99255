import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { contacts } from '../db/schema';
import { CANCEL_REASONS } from '../invitations/invitationDelivery';
import { ERASED_FAILURE, eraseMail } from '../outbox/outboxStore';

/**
 * The AVG erase of contacts (`where`: conditions on `contacts`, within the organisation), in one
 * transaction, answering how many were erased:
 *
 * - their mails in the outbox (invitations and reminders) are blanked: address, subject, body,
 *   headers and the mail server's reply (`eraseMail`); mails not gone out are cancelled;
 * - their invitations stay for the survey's counts, without the contact: one not yet sent is
 *   cancelled ('Het contact is verwijderd.'), a failure's text (the server's reply may name the
 *   address) is replaced;
 * - their rows go, and with them (by foreign keys with ON DELETE CASCADE or SET NULL) every link
 *   to them: an invitation's contact, and so the name beside a response.
 *
 * A reminder's reference is 'reminder:<invitation>:<n>' for n up to the invitation's
 * `reminders_sent` (raised in the transaction that queued it), so every mail is found by its exact
 * reference through the outbox's unique index.
 */
export async function eraseContacts(
  db: Queryable,
  organizationId: number,
  where: SQL[],
  now: Date,
): Promise<number> {
  const doomed = and(eq(contacts.organizationId, organizationId), ...where);
  return db.transaction(async (tx) => {
    const invitations = sql`select id, reminders_sent from survey_invitations
      where organization_id = ${organizationId} and contact_id in (select id from contacts where ${doomed})`;
    await eraseMail(
      tx,
      organizationId,
      sql`select 'invitation:' || i.id from (${invitations}) i
        union all
        select 'reminder:' || i.id || ':' || n from (${invitations}) i, generate_series(1, i.reminders_sent) n`,
      CANCEL_REASONS.contactDeleted,
    );
    await tx.execute(sql`update survey_invitations set
        cancelled_at = case when cancelled_at is null and sent_at is null and failed_at is null
          then ${now.toISOString()}::timestamptz else cancelled_at end,
        cancel_reason = case when cancelled_at is null and sent_at is null and failed_at is null
          then ${CANCEL_REASONS.contactDeleted}::text else cancel_reason end,
        failure = case when failure is null then null else ${ERASED_FAILURE}::text end
      where organization_id = ${organizationId}
        and contact_id in (select id from contacts where ${doomed})`);
    const erased = await tx.delete(contacts).where(doomed).returning({ id: contacts.id });
    return erased.length;
  });
}
